// A file written beside its target and renamed into place (so that a reader never sees half of it)
// is named after its writer: `<target>.<pid>.tmp`. A writer killed between the write and the rename
// leaves one behind; a later run removes those whose writer is gone, and never one that a live
// process (another run, now) may still rename.
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Where this process stages `target` before renaming it into place. */
export function temporaryPath(target: string): string {
  return `${target}.${process.pid}.tmp`;
}

const temporaryName = /^(.+)\.([1-9]\d{0,9})\.tmp$/;

/** Whether process `pid` exists (EPERM: it does, another user's); this one always does. */
export function isLiveProcess(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporaries in `dir` left by writers no longer running, for targets `isOurs` accepts
 * (a file name): returns their paths. A missing folder has none.
 */
export function sweepStaleTemporaries(dir: string, isOurs: (target: string) => boolean): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = temporaryName.exec(name);
    if (!m || !isOurs(m[1]) || isLiveProcess(Number(m[2]))) continue;
    const file = path.join(dir, name);
    if (!lstatSync(file).isFile()) continue;
    rmSync(file, { force: true });
    removed.push(file);
  }
  return removed;
}
