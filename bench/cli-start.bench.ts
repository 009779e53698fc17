/**
 * What a user waits for at the command line: whole `scaffolder` processes (the compiled CLI, as
 * bin/scaffolder.js runs it) against `node -e 0`, the cost of starting Node at all. The two run in
 * alternating rounds so that a change in the machine's load hits both alike; each round gives a
 * ratio, and the medians and the spread (min-max) are printed, of CPU time (the steadier one on a
 * shared machine) and wall time. Target: --help, version and
 * `create api --dry-run --make=false` within 2x of `node -e 0`. `create api --dry-run` with
 * --make also loads the TypeScript compiler for the manifests.
 * A command with a library floor (bench/library-floor.js: the libraries it loads, each used once,
 * and nothing of ours) is also paired with that floor, and the floor with `node -e 0`: what the
 * libraries alone cost, and what our code adds. Measured figures and what remains of create api's
 * cost, by phase: cli-start.figures.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadAverages, median, spread } from './stats.js';
import { processRun, type Timing } from './process-timing.js';

const ROUNDS = 15;
const bin = path.resolve(import.meta.dirname, '..', 'bin', 'scaffolder.js');
const libraryFloor = path.resolve(import.meta.dirname, 'library-floor.js');

export default async function (): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = { 'load averages (1, 5, 15 min) at start': loadAverages() };
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-start-'));
  try {
    processRun([bin, 'init', '--domain', 'example.com', '--project-name', 'crew', '--install=false'], dir);
    const commands: Record<string, { args: string[]; floor?: string }> = {
      '--help': { args: ['--help'], floor: 'help' },
      'version': { args: ['version'] },
      'create api --dry-run --make=false': { args: ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', '--make=false'], floor: 'create-api' },
      'create api --dry-run': { args: ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run'] },
    };
    const ratios = (a: Timing[], b: Timing[], what: keyof Timing) => spread(a.map((t, i) => t[what] / b[i][what]));
    let baseline: Timing[] = [];
    for (const [name, { args, floor }] of Object.entries(commands)) {
      const cli: Timing[] = [];
      const node: Timing[] = [];
      const libraries: Timing[] = [];
      const floorArgs = floor === undefined ? undefined : [libraryFloor, floor];
      processRun([bin, ...args], dir); // warm the file cache
      if (floorArgs) processRun(floorArgs, dir);
      for (let i = 0; i < ROUNDS; i++) {
        cli.push(processRun([bin, ...args], dir));
        node.push(processRun(['-e', '0'], dir));
        if (floorArgs) libraries.push(processRun(floorArgs, dir));
      }
      figures[`${name}: cpu / wall ms (median)`] = `${median(cli.map((t) => t.cpu)).toFixed(0)} / ${median(cli.map((t) => t.wall)).toFixed(0)}`;
      figures[`${name}: x node -e 0, cpu (median, min-max)`] = ratios(cli, node, 'cpu');
      figures[`${name}: x node -e 0, wall (median, min-max)`] = ratios(cli, node, 'wall');
      if (floorArgs) {
        figures[`${name}: its libraries alone, x node -e 0, cpu / wall`] = `${ratios(libraries, node, 'cpu')} / ${ratios(libraries, node, 'wall')}`;
        figures[`${name}: x its libraries alone, cpu / wall`] = `${ratios(cli, libraries, 'cpu')} / ${ratios(cli, libraries, 'wall')}`;
      }
      baseline = baseline.concat(node);
    }
    figures['node -e 0, same rounds: cpu / wall ms (median)'] = `${median(baseline.map((t) => t.cpu)).toFixed(0)} / ${median(baseline.map((t) => t.wall)).toFixed(0)}`;
    figures['load averages (1, 5, 15 min) at end'] = loadAverages();
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
