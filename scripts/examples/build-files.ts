// The files an example takes from scaffolder's templates as they are (Makefile, Dockerfile,
// .dockerignore, hack/, tsconfig ...): everything its scaffold.sh writes outside the parts a user
// edits (api/, src/, test/ but test/e2e/, test/setup.ts and test/global-setup.ts, config/, vendor/, PROJECT, package.json, README.md). They are not refreshed
// by hand: `npm run examples:sync` runs each example's scaffold.sh in a scratch folder and copies
// them over, and the examples test fails when an example's copy differs from what its scaffold.sh
// writes today. An example that needs one of them changed says so in its scaffold.sh.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exampleNames, examplesDir, repoRoot } from './link-examples.js';

const USER_OWNED = /^(api|src|config|vendor)\/|^test\/(?!e2e\/|setup\.ts$|global-setup\.ts$)|^(PROJECT|package\.json|package-lock\.json|README\.md)$/;

/** Every file under `dir`, relative and sorted (node_modules and dist left out). */
export function listFiles(dir: string, sub = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub === '' ? e.name : `${sub}/${e.name}`;
    if (e.isDirectory() && !(sub === '' && (e.name === 'node_modules' || e.name === 'dist'))) out.push(...listFiles(dir, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort();
}

/** The template-owned files of a freshly scaffolded project. */
export function buildFiles(scaffolded: string): string[] {
  return listFiles(scaffolded).filter((f) => !USER_OWNED.test(f));
}

/** Runs an example's scaffold.sh in `into` with this checkout's CLI (`scaffolderCommand`). */
export function runScaffoldScript(name: string, into: string, scaffolderCommand = `${process.execPath} ${join(repoRoot, 'bin', 'scaffolder.js')}`): void {
  execFileSync('sh', [join(examplesDir, name, 'scaffold.sh')], { cwd: into, env: { ...process.env, SCAFFOLDER: scaffolderCommand }, stdio: 'pipe' });
}

function sync(name: string): string[] {
  const scratch = mkdtempSync(join(tmpdir(), `example-${name}-`));
  try {
    runScaffoldScript(name, scratch);
    const files = buildFiles(scratch);
    for (const f of files) {
      mkdirSync(dirname(join(examplesDir, name, f)), { recursive: true });
      copyFileSync(join(scratch, f), join(examplesDir, name, f));
    }
    return files;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  for (const name of exampleNames()) console.log(`examples/${name}: ${sync(name).join(', ')}`);
}
