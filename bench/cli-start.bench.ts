/**
 * What a user waits for at the command line: whole `scaffolder` processes (the compiled CLI, as
 * bin/scaffolder.js runs it) against `node -e 0`, the cost of starting Node at all. The two run in
 * alternating rounds so that a change in the machine's load hits both alike; each round gives a
 * ratio, and the medians and the spread (min-max) are printed. Target: --help, version and
 * `create api --dry-run --make=false` within 2x of `node -e 0`. `create api --dry-run` with
 * --make also loads the TypeScript compiler for the manifests.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './stats.js';

const ROUNDS = 15;
const bin = path.resolve(import.meta.dirname, '..', 'bin', 'scaffolder.js');

/** Wall milliseconds of one whole process; it must exit 0. */
function time(args: string[], cwd: string): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

function spread(values: number[]): string {
  return `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`;
}

export default async function (): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-start-'));
  try {
    time([bin, 'init', '--domain', 'example.com', '--project-name', 'crew', '--install=false'], dir);
    const commands: Record<string, string[]> = {
      '--help': ['--help'],
      'version': ['version'],
      'create api --dry-run --make=false': ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run', '--make=false'],
      'create api --dry-run': ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--dry-run'],
    };
    const figures: Record<string, number | string> = {};
    let baseline: number[] = [];
    for (const [name, args] of Object.entries(commands)) {
      const cli: number[] = [];
      const node: number[] = [];
      time([bin, ...args], dir); // warm the file cache
      for (let i = 0; i < ROUNDS; i++) {
        cli.push(time([bin, ...args], dir));
        node.push(time(['-e', '0'], dir));
      }
      const ratios = cli.map((ms, i) => ms / node[i]!);
      figures[`${name}: ms (median)`] = median(cli);
      figures[`${name}: x node -e 0 (median)`] = median(ratios);
      figures[`${name}: x node -e 0 (min-max)`] = spread(ratios);
      baseline = baseline.concat(node);
    }
    figures['node -e 0: ms (median)'] = median(baseline);
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
