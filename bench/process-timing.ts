/**
 * Whole Node processes as a user meets them, start-up and module loading included: wall time
 * from the parent, and CPU time (user + system) that the child reports as it exits (a preloaded
 * module writes process.cpuUsage() to file descriptor 3). CPU time is the steadier figure on a
 * shared machine; the benchmarks pair each command with its floor or peer, run in turn.
 */
import { spawnSync } from 'node:child_process';

export interface Timing {
  wall: number;
  cpu: number;
}

const reportCpu = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => { const u = process.cpuUsage(); writeSync(3, String((u.user + u.system) / 1000)); });",
)}`;

/** Milliseconds of `node <args>` in `cwd`; it must exit 0. */
export function processRun(args: string[], cwd: string): Timing {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', reportCpu, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status} in ${cwd}: ${result.stderr}`);
  return { wall, cpu: Number(result.output[3]) };
}
