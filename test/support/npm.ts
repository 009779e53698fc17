/**
 * npm as tests run it, and why no `npm ci` can pass on a project's lock when that is the npm
 * registry's doing: a locked package names an optional dependency the registry does not serve (404;
 * the mirror some machines reach npmjs through lags behind it: vite 8.4.0's
 * napi-windows-process-start-time, 2026-11-28). npm install leaves such a dependency out of the
 * lock, and npm ci then refuses the lock as out of sync with package.json. Tests that run `npm ci`
 * skip with one line saying so rather than fail.
 */
import type { TestContext } from 'vitest';
import { npmCommand } from '../../src/cli/npm-command.js';
import { runAsync } from './run-async.js';

/** The CLI's own name for npm's executable (npm.cmd on Windows). */
export const npm = npmCommand;

/** The reason, or undefined when `npm ci` accepts the lock in `dir` or refuses it for another reason. */
async function npmCiRefusedByRegistry(dir: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  // --dry-run checks the lock against package.json and installs nothing.
  const check = await runAsync(npm, ['ci', '--dry-run', '--ignore-scripts'], { cwd: dir, env });
  const missing = /Missing: (\S+?)@\S* from lock file/.exec(check.stdout + check.stderr)?.[1];
  if (check.code === 0 || missing === undefined) return undefined;
  const view = await runAsync(npm, ['view', missing, 'name'], { cwd: dir, env });
  if (!/\bE404\b/.test(view.stdout + view.stderr)) return undefined;
  return `the npm registry does not serve ${missing}, an optional dependency of a locked package: npm install left it out of the lock, and npm ci refuses that lock`;
}

/** Skips the running test (`<test> skipped: <reason>`, printed) when npm ci cannot pass in `dir` for the registry's doing. */
export async function skipWhenRegistryRefusesLock(context: TestContext, test: string, dir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const reason = await npmCiRefusedByRegistry(dir, env);
  if (reason === undefined) return;
  console.log(`${test} skipped: ${reason}`);
  context.skip(reason);
}
