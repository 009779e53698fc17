/**
 * On a terminal, create api asks for whichever of --resource and --controller was not given, as
 * kubebuilder does; off a terminal it asks nothing (start-loading.test.ts checks that stdin is not
 * even opened). The compiled CLI runs here under a pseudo-terminal made by util-linux's script(1),
 * which Debian always has; where there is none (macOS's script takes other flags), the test skips
 * with one line.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared.js';

const bin = path.join(repoRoot, 'bin', 'scaffolder.js');
const hasScript = /util-linux/.test(spawnSync('script', ['-V'], { encoding: 'utf8' }).stdout ?? '');
if (!hasScript) console.warn("skipped: needs util-linux's script(1) for a pseudo-terminal (not on this machine)");

const root = mkdtempSync(path.join(tmpdir(), 'scaffolder-terminal-'));
const project = path.join(root, 'crew');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** `scaffolder <args>` with stdin and stdout on a pseudo-terminal, `input` typed into it; what it printed. */
function onTerminal(args: string[], input: string): string {
  const command = [process.execPath, bin, ...args].map(quote).join(' ');
  const run = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: project, input, encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.replaceAll('\r\n', '\n');
}

/** The files a dry run would create. */
const created = (output: string) => output.split('\n').filter((l) => l.startsWith('create ')).map((l) => l.slice('create '.length));

describe.skipIf(!hasScript)('create api on a terminal', () => {
  const createApi = ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', '--make=false'];
  beforeAll(() => {
    mkdirSync(project);
    const init = spawnSync(process.execPath, [bin, 'init', '--domain', 'example.com', '--install=false'], { cwd: project, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
  });

  it('asks for the resource and the controller, and scaffolds what was answered', () => {
    const output = onTerminal(createApi, 'y\nn\n');
    expect(output).toContain('Create Resource [y/n]');
    expect(output).toContain('Create Controller [y/n]');
    expect(created(output)).toContain('api/v1/captain_types.ts');
    expect(created(output).filter((f) => f.includes('controller'))).toEqual([]);
  }, 60_000);

  it('asks only for the flag that was not given', () => {
    const output = onTerminal([...createApi, '--controller=false'], 'y\n');
    expect(output).toContain('Create Resource [y/n]');
    expect(output).not.toContain('Create Controller');
    expect(created(output)).toContain('api/v1/captain_types.ts');
    expect(created(output).filter((f) => f.includes('controller'))).toEqual([]);
  }, 60_000);
});
