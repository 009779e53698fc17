/**
 * `scaffolder manifests` where users run it: in a project `init` made, with the project's own
 * node_modules and its own copy of the CLI (the packed kubescaffolder it depends on), on the synthetic
 * API (200 kinds x 30 fields, a controller each), cold, against ts-json-schema-generator on the same
 * types (manifests-vs-peer.ts). Target: at most 0.5x the peer's CPU time, and 1 s wall on a quiet
 * machine. This checkout's CLI runs on the same project in the same rounds: a ratio away from 1 says
 * the project's setup (its node_modules, its copy of the package) costs something the repository's
 * bench (manifests.bench.ts) does not see.
 *
 * The project is made by `init` in a temporary folder (its npm install needs the registry or npm's
 * cache, and takes a minute or more), or is BENCH_PROJECT=<dir>: a project `init` made for the bench,
 * into which the synthetic API is written. Needs the build (`npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { manifestsVsPeer } from './manifests-vs-peer.js';
import { processRun, type Timing } from './process-timing.js';
import { loadAverages, spread } from './stats.js';
import { FIELDS, KINDS, writeSyntheticSources } from './synthetic-api.js';

const ROUNDS = 5;
const repoRoot = path.resolve(import.meta.dirname, '..');
const checkoutBin = path.join(repoRoot, 'bin', 'scaffolder.js');

function scaffoldedProject(): { dir: string; remove: boolean } {
  const given = process.env.BENCH_PROJECT;
  if (given) return { dir: path.resolve(given), remove: false };
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bench-project-')), 'bench');
  mkdirSync(dir);
  const init = spawnSync(process.execPath, [checkoutBin, 'init', '--domain', 'example.com', '--project-name', 'bench'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (init.status !== 0) {
    rmSync(path.dirname(dir), { recursive: true, force: true });
    throw new Error(`scaffolder init exited ${init.status}: ${init.stdout}${init.stderr}`);
  }
  return { dir, remove: true };
}

export default async function projectManifestsBench(): Promise<Record<string, number | string>> {
  if (!existsSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js'))) return { 'in a scaffolded project': 'n/a (run npm run build first)' };
  const loadAtStart = loadAverages();
  const { dir, remove } = scaffoldedProject();
  try {
    // the CLI the project's `npx scaffolder` (and so `make manifests`) runs
    const projectBin = realpathSync(path.join(dir, 'node_modules', '.bin', 'scaffolder'));
    writeSyntheticSources(dir);
    const apiGlob = path.join(dir, 'api', 'v1', '*.ts');
    const vsPeer = manifestsVsPeer(dir, apiGlob, (out) => [projectBin, 'manifests', '--output-dir', out], ROUNDS);
    // the project's copy and this checkout's CLI on the same project, in turn
    const scratch = mkdtempSync(path.join(tmpdir(), 'bench-project-out-'));
    const ratios: number[] = [];
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const a: Timing = processRun([projectBin, 'manifests', '--output-dir', path.join(scratch, `project-${i}`)], dir);
        const b: Timing = processRun([checkoutBin, 'manifests', '--output-dir', path.join(scratch, `checkout-${i}`)], dir);
        ratios.push(a.cpu / b.cpu);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return {
      'synthetic API': `${KINDS} kinds x ${FIELDS} fields, ${KINDS} controllers, in a project init made`,
      'load averages (1, 5, 15 min) at start': loadAtStart,
      ...Object.fromEntries(Object.entries(vsPeer).map(([k, v]) => [`project's CLI, ${k}`, v])),
      "project's CLI / this checkout's CLI, same project, cpu (min-max)": spread(ratios),
      'load averages (1, 5, 15 min) at end': loadAverages(),
    };
  } finally {
    if (remove) rmSync(path.dirname(dir), { recursive: true, force: true });
  }
}
