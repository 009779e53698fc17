// What a new project depends on for kubescaffolder, so that the project installs wherever it is cloned:
// - this CLI installed from a registry: the registry's release, `^<version>`;
// - this CLI run from a clone of its repository (a git checkout, e.g. through `npm link`): the build
//   it runs, packed with `npm pack` into the project as vendor/kubescaffolder-<version>.tgz and
//   depended on as `file:vendor/...`, a path inside the project that npm records as such in the lock.
// A tarball, unlike a `file:` directory, installs without running the package's `prepare` build.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageManifest, packageName, packageRoot, packageVersion } from '../files/package-root.js';
import { UsageError } from '../project/usage-error.js';
import { npmCommand } from './npm-command.js';

export interface ScaffolderDependency {
  /** The version spec of package.json's kubescaffolder dependency. */
  spec: string;
  /** The tarball the spec names, relative to the project, when the project vendors it. */
  vendored?: string;
}

/** A git checkout (a clone or a worktree) rather than a package a registry installed. */
export function runsFromCheckout(root = packageRoot()): boolean {
  return existsSync(join(root, '.git'));
}

export function scaffolderDependency(): ScaffolderDependency {
  const version = packageVersion();
  if (!runsFromCheckout()) return { spec: `^${version}` };
  const vendored = `vendor/${packageName}-${version}.tgz`;
  return { spec: `file:${vendored}`, vendored };
}

/**
 * This package packed as `npm pack` packs it (its "files"; no scripts run), kept in dist/ and packed
 * again only when a shipped file changed since: every `init` from a clone copies it.
 */
export function packedPackage(): string {
  const root = packageRoot();
  const tarball = join(root, 'dist', `${packageName}-${packageVersion()}.tgz`);
  if (existsSync(tarball) && statSync(tarball).mtimeMs >= newestShippedFile(root)) return tarball;
  const stage = mkdtempSync(join(tmpdir(), 'scaffolder-pack-'));
  try {
    let out: string;
    try {
      out = execFileSync(npmCommand, ['pack', root, '--ignore-scripts', '--json', '--pack-destination', stage], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new UsageError(`cannot pack ${packageName} from ${root} into the project's vendor/ (npm pack): ${(e.stderr || e.message).trim().split('\n')[0]}`);
    }
    const [packed] = JSON.parse(out) as Array<{ filename: string }>;
    mkdirSync(join(root, 'dist'), { recursive: true });
    // Renamed into place whole: another init may be reading it.
    const partial = `${tarball}.${process.pid}`;
    copyFileSync(join(stage, packed.filename), partial);
    renameSync(partial, tarball);
    return tarball;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Copies the packed package to `vendored` (relative to the project `dir`). */
export function vendorPackage(dir: string, vendored: string, tarball: string): void {
  mkdirSync(join(dir, 'vendor'), { recursive: true });
  copyFileSync(tarball, join(dir, vendored));
}

/** The newest modification time of what `npm pack` ships: package.json and its "files". */
function newestShippedFile(root: string): number {
  const files = packageManifest().files ?? [];
  let newest = statSync(join(root, 'package.json')).mtimeMs;
  for (const entry of files) {
    const path = join(root, entry);
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const f of readdirSync(path, { recursive: true, encoding: 'utf8' })) newest = Math.max(newest, statSync(join(path, f)).mtimeMs);
  }
  return newest;
}
