// One file replaced whole: written beside itself (temporary-files.ts names it) and renamed into
// place, so that a reader, or a process killed midway, sees the old text or the new, never half.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { temporaryPath } from './temporary-files.js';

export function writeFileAtomically(target: string, text: string): void {
  const temp = temporaryPath(target);
  try {
    writeFileSync(temp, text);
    renameSync(temp, target);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
