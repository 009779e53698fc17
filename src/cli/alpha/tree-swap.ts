// alpha generate --force's swap of the project's tree (src/files/tree-swap.ts does the moves): its
// names in the project, git's part (which paths are kept; a committed record is not ours), and its
// failures as the user's errors.
import { TreeSwap, TreeSwapError, type Recovery } from '../../files/tree-swap.js';
import { git, isTrackedByGit } from '../git.js';
import { UsageError } from '../../project/usage-error.js';

export const swapRecordName = '.scaffolder-generate.json';
export const swapBackupName = '.scaffolder-generate-old';

export function projectSwap(dir: string): TreeSwap {
  return new TreeSwap(dir, {
    record: swapRecordName,
    backup: swapBackupName,
    stagingPrefix: '.scaffolder-generate-',
    owner: 'alpha generate',
    rerun: 'alpha generate --force',
  });
}

export function hasInterruptedSwap(dir: string): boolean {
  return projectSwap(dir).hasInterrupted();
}

/** `step`, with a refused or failed swap reported as the user's error (one line, exit 1). */
export function reportingSwapErrors<T>(step: () => T): T {
  try {
    return step();
  } catch (err) {
    if (err instanceof TreeSwapError) throw new UsageError(err.message);
    throw err;
  }
}

/** The paths git ignores in the project (wholly ignored folders as one path): what a new tree keeps. */
export function ignoredPaths(swap: TreeSwap): string[] {
  const r = git(swap.dir, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory']);
  if (r.status !== 0) throw new UsageError(`git ls-files failed: ${r.stderr.trim().split('\n')[0]}`);
  return r.stdout.split('\0').map((p) => p.replace(/\/$/, '')).filter((p) => p !== '' && !swap.isReserved(p.split('/')[0]));
}

/** Completes the swap a killed run left (see TreeSwap.recover), refusing a record committed to the repository. */
export function recoverInterruptedSwap(swap: TreeSwap): Recovery | undefined {
  if (swap.hasInterrupted() && isTrackedByGit(swap.dir, swapRecordName)) throw new UsageError(swap.notOurs('is committed to the repository').message);
  return reportingSwapErrors(() => swap.recover());
}
