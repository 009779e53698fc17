// Regenerates test/golden/<project>/ from the CLI sequences in golden-sequence.ts:
//   npx tsx scripts/regenerate-golden.ts
// Commit the result; test/scaffold/golden.slow.test.ts fails when a fresh run differs from it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateGoldenProject, goldenProjects } from './golden-sequence.js';

const goldenRoot = resolve(import.meta.dirname, '..', 'test', 'golden');
const work = mkdtempSync(join(tmpdir(), 'scaffolder-golden-'));
try {
  for (const name of Object.keys(goldenProjects)) {
    const dir = join(work, name);
    await generateGoldenProject(name, dir);
    const target = join(goldenRoot, name);
    rmSync(target, { recursive: true, force: true });
    cpSync(dir, target, { recursive: true });
    console.log(`regenerated ${target}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
