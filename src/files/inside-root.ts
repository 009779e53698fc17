// Where a write really lands. A path inside a project can leave it through a symbolic link (config/
// or api/ linked elsewhere, a kustomization.yaml linked to a file outside); writes resolve the path
// first and refuse it then, before anything is written.
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Whether `target` is `root` or lies under it (both absolute, already resolved). */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The longest prefix of `target` that exists (a dangling link counts: lstat, not stat). */
function deepestExisting(target: string): string {
  let current = target;
  for (;;) {
    try {
      lstatSync(current);
      return current;
    } catch {
      const up = path.dirname(current);
      if (up === current) return current;
      current = up;
    }
  }
}

/**
 * Where writing `target` would land: the real path of its deepest existing ancestor (the file itself
 * when it exists) with the rest appended. Undefined for a link whose target does not exist.
 */
export function resolvedWritePath(target: string): string | undefined {
  const existing = deepestExisting(path.resolve(target));
  try {
    return path.join(realpathSync(existing), path.relative(existing, path.resolve(target)));
  } catch {
    return undefined;
  }
}

/**
 * Throws when writing `target` would land outside `root` (through a symbolic link, or a dangling one);
 * `name` is how the error names the file (its path relative to the project).
 */
export function assertWritesInside(root: string, target: string, name: string): void {
  const realRoot = resolvedWritePath(root) ?? path.resolve(root);
  const resolved = resolvedWritePath(target);
  if (resolved === undefined) {
    throw new Error(`${name}: is a symbolic link to a missing file; refusing to write through it (the project root is ${realRoot})`);
  }
  if (!isInside(realRoot, resolved)) {
    throw new Error(`${name}: resolves to ${resolved} through a symbolic link, outside the project root ${realRoot}; refusing to write there`);
  }
}
