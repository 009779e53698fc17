/**
 * `scaffolder init` as a user runs it: scaffolding and the project's `npm install`, with npm's
 * cache warm (a first init fills it). The floor is `npm install --no-audit --no-fund` (what init
 * runs) in a copy of the same project scaffolded with --install=false: what init adds to npm is
 * the difference. The two alternate over the rounds; figures are median (min-max) wall time.
 * Target: init <= 12 s on a quiet machine. Needs the npm registry or a cache that holds every
 * package the project names.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadAverages, median, spread } from './stats.js';

const ROUNDS = 3;
const bin = path.resolve(import.meta.dirname, '..', 'bin', 'scaffolder.js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Wall milliseconds of `command args` in `cwd`; it must exit 0. */
function timed(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const wall = performance.now() - started;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${run.status} in ${cwd}: ${run.stderr}`);
  return wall;
}

export default async function (): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = { 'load averages (1, 5, 15 min) at start': loadAverages() };
  const root = mkdtempSync(path.join(tmpdir(), 'init-bench-'));
  let n = 0;
  const newDir = (): string => {
    const dir = path.join(root, `crew${n++}`);
    mkdirSync(dir);
    return dir;
  };
  const initArgs = [bin, 'init', '--domain', 'example.com', '--project-name', 'crew'];
  try {
    timed(process.execPath, initArgs, newDir()); // fills npm's cache
    const template = newDir();
    timed(process.execPath, [...initArgs, '--install=false'], template);
    const init: number[] = [];
    const install: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      init.push(timed(process.execPath, initArgs, newDir()));
      const copy = newDir();
      cpSync(template, copy, { recursive: true });
      install.push(timed(npm, ['install', '--no-audit', '--no-fund'], copy));
    }
    figures['init, warm npm cache: wall ms, median (min-max)'] = spread(init);
    figures['floor: npm install of the same project, wall ms'] = spread(install);
    figures['init - npm install (medians), ms'] = Math.round(median(init) - median(install));
    figures['target init <= 12 s (median)'] = median(init) <= 12_000 ? 'met' : 'not met';
    figures['load averages (1, 5, 15 min) at end'] = loadAverages();
    return figures;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
