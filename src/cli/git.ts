// git, for the commands that lean on it: alpha update merges on branches, alpha generate --force
// replaces a tree only version control can give back, and the undo journal is refused when committed.
import { realpathSync } from 'node:fs';
import { UsageError } from '../project/usage-error.js';

export interface GitResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env): GitResult {
  // node:child_process is loaded on the first call: create api and webhook import this module for a
  // check that runs only after an interrupted run, and should not pay for its load at every start.
  const r = process.getBuiltinModule('node:child_process').spawnSync('git', args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new UsageError(`cannot run git: ${r.error.message}`);
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

export function gitOk(cwd: string, args: string[], env?: NodeJS.ProcessEnv): string {
  const r = git(cwd, args, env);
  if (r.status !== 0) throw new UsageError(`git ${args.join(' ')} failed: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
  return r.stdout;
}

/**
 * Throws unless `dir` is the root of a git work tree with nothing uncommitted (changes or untracked
 * files): a command about to replace files there can then count on git to give every one back.
 * `why` says what the command does with git, for the error outside a repository.
 */
export function assertCleanGitRoot(dir: string, command: string, why: string): void {
  let top: GitResult;
  try {
    top = git(dir, ['rev-parse', '--show-toplevel']);
  } catch (err) {
    throw new UsageError(`${(err as Error).message}; ${command} works in a git repository`);
  }
  if (top.status !== 0) throw new UsageError(`${dir} is not in a git repository: ${why} (git init, commit the project, then run it again)`);
  if (realpathSync(top.stdout.trim()) !== realpathSync(dir)) throw new UsageError(`${command} runs at the root of the project's git repository (${top.stdout.trim()}), not in ${dir}`);
  // Each line is `XY path`; X may be a space (a change not staged), so only line ends are trimmed.
  // No optional locks: a check writes nothing, not even git's refreshed index.
  const dirty = gitOk(dir, ['--no-optional-locks', 'status', '--porcelain']).split('\n').filter((l) => l.trim() !== '');
  if (dirty.length > 0) throw new UsageError(`the working tree has uncommitted changes (${dirty.length} paths, e.g. ${dirty[0].slice(3)}); commit or stash them first`);
}

/** Whether git tracks `path` (relative to `dir`); false outside a repository or without git. */
export function isTrackedByGit(dir: string, path: string): boolean {
  try {
    return git(dir, ['ls-files', '--error-unmatch', '--', path]).status === 0;
  } catch {
    return false;
  }
}
