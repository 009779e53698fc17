// The root of the installed scaffolder package (kubescaffolder) (holding package.json and templates/), found from
// this module's own location so that it works from src/ (tsx, vitest) and from dist/src/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's name on the npm registry (its bin is `scaffolder`; npm's `scaffolder` is an unrelated package). */
export const packageName = 'kubescaffolder';

let cached: string | undefined;

export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && existsSync(join(dir, 'templates'))) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (pkg.name === packageName) return (cached = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the scaffolder package root (package.json and templates/) above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** The fields of scaffolder's own package.json that generated projects follow. */
export interface PackageManifest {
  version?: string;
  /** What `npm pack` ships besides package.json. */
  files?: string[];
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export function packageManifest(): PackageManifest {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as PackageManifest;
}

export function packageVersion(): string {
  return packageManifest().version ?? '0.0.0';
}
