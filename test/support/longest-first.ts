/**
 * The order test files start in: the longest first, across all projects. vitest's own order runs
 * project `fast` before project `slow` and, with no record of earlier runs (a fresh clone), larger
 * files first; so the e2e files, the longest by far and among the smallest, started last and the run
 * waited for them alone. Free of vitest so that it can be tested as it is.
 */
import { SLOW_FILE_SUFFIXES } from './test-tier.js';

export interface FileToOrder {
  project: string;
  /** Path relative to the repository, with `/`. */
  path: string;
  /** Bytes. */
  size: number;
  /** Milliseconds the file took in the last run, when vitest recorded one. */
  lastDuration?: number;
}

/**
 * Files without a last duration first (a fresh clone, or files new since the last run), ranked by
 * what their name and project say of their length: e2e files, then `.slow` ones (SLOW_FILE_SUFFIXES' order), then the rest of
 * project `slow` (the real-Kubernetes halves), then project `fast`; larger first within a rank. Then
 * files with a last duration, longest first.
 */
export function longestFirst<T extends FileToOrder>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => {
    const known = Number(a.lastDuration !== undefined) - Number(b.lastDuration !== undefined);
    if (known !== 0) return known;
    if (a.lastDuration !== undefined && b.lastDuration !== undefined) return b.lastDuration - a.lastDuration;
    return rankByName(a) - rankByName(b) || b.size - a.size;
  });
}

function rankByName(file: FileToOrder): number {
  const slow = SLOW_FILE_SUFFIXES.findIndex((suffix) => file.path.endsWith(suffix));
  if (slow >= 0) return slow;
  return SLOW_FILE_SUFFIXES.length + (file.project === 'slow' ? 0 : 1);
}
