/**
 * What a user waits for at the command line: whole `scaffolder` processes (the compiled CLI, as
 * bin/scaffolder.js runs it) against `node -e 0`, the cost of starting Node at all. The two run in
 * alternating rounds so that a change in the machine's load hits both alike; each round gives a
 * ratio, and the medians and the spread (min-max) are printed, of CPU time (the steadier one on a
 * shared machine) and wall time. Target: --help, version and
 * `create api --dry-run --make=false` within 2x of `node -e 0`. `create api --dry-run` with
 * --make also loads the TypeScript compiler for the manifests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadAverages, median, spread } from './stats.js';
import { processRun, type Timing } from './process-timing.js';

const ROUNDS = 15;
const bin = path.resolve(import.meta.dirname, '..', 'bin', 'scaffolder.js');

export default async function (): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = { 'load averages (1, 5, 15 min) at start': loadAverages() };
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-start-'));
  try {
    processRun([bin, 'init', '--domain', 'example.com', '--project-name', 'crew', '--install=false'], dir);
    const commands: Record<string, string[]> = {
      '--help': ['--help'],
      'version': ['version'],
      'create api --dry-run --make=false': ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', '--make=false'],
      'create api --dry-run': ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run'],
    };
    let baseline: Timing[] = [];
    for (const [name, args] of Object.entries(commands)) {
      const cli: Timing[] = [];
      const node: Timing[] = [];
      processRun([bin, ...args], dir); // warm the file cache
      for (let i = 0; i < ROUNDS; i++) {
        cli.push(processRun([bin, ...args], dir));
        node.push(processRun(['-e', '0'], dir));
      }
      const cpuRatios = cli.map((t, i) => t.cpu / node[i]!.cpu);
      const wallRatios = cli.map((t, i) => t.wall / node[i]!.wall);
      figures[`${name}: cpu / wall ms (median)`] = `${median(cli.map((t) => t.cpu)).toFixed(0)} / ${median(cli.map((t) => t.wall)).toFixed(0)}`;
      figures[`${name}: x node -e 0, cpu (median, min-max)`] = spread(cpuRatios);
      figures[`${name}: x node -e 0, wall (median, min-max)`] = spread(wallRatios);
      baseline = baseline.concat(node);
    }
    figures['node -e 0, same rounds: cpu / wall ms (median)'] = `${median(baseline.map((t) => t.cpu)).toFixed(0)} / ${median(baseline.map((t) => t.wall)).toFixed(0)}`;
    figures['load averages (1, 5, 15 min) at end'] = loadAverages();
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
