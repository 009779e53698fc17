/**
 * What tests need to run a scaffolded project's own tools without npm install: a node_modules of this
 * checkout's packages with `scaffolder` linking to the checkout itself (its compiled dist/), and a
 * child process run asynchronously (a server in the test's own process must keep answering it), and
 * kubectl polled for a condition.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../src/testing/index.js';
import { repoRoot } from './shared-paths.js';

/** A node_modules for a scaffolded project without npm install: this checkout's packages, and scaffolder itself. */
export function linkNodeModules(project: string): void {
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
    if (entry !== 'scaffolder') symlinkSync(join(repoRoot, 'node_modules', entry), join(modules, entry), 'dir');
  }
  symlinkSync(repoRoot, join(modules, 'scaffolder'), 'dir');
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command asynchronously, with its exit code and output; `input` is written to its standard input. */
export function runAsync(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<CommandResult> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/**
 * Polls `kubectl get <resource>` until its condition `type` is True: `kubectl wait --for=condition`
 * fails outright while a new object has no status.conditions yet.
 */
export async function conditionTrue(kubectl: (...args: string[]) => Promise<CommandResult>, resource: string, type: string, ...flags: string[]): Promise<void> {
  await eventually(async () => {
    const got = await kubectl('get', resource, ...flags, '-o', `jsonpath={.status.conditions[?(@.type=="${type}")].status}`);
    return got.stdout === 'True';
  }, { timeout: 120_000, interval: 250, description: `${resource} ${type}` });
}
