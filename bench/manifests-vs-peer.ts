/**
 * `scaffolder manifests` in a new process (module loading included) against its peer,
 * ts-json-schema-generator, on the same types, in alternating rounds: each pair gives a ratio, so a
 * change in the machine's load hits both. The peer only writes JSON schemas (no markers, no validation
 * of the CRDs): it is run with a tsconfig that resolves the types' imports as the project's compiler
 * would, with its type check (its default) and without. Shared by the repository's bench
 * (manifests.bench.ts) and the one in a project `init` made (project-manifests.bench.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { processRun, type Timing } from './process-timing.js';
import { median } from './stats.js';

/** `node <args>` of a `scaffolder manifests` that writes every file into `outputDir`. */
export type ManifestsCommand = (outputDir: string) => string[];

export function manifestsVsPeer(projectDir: string, apiGlob: string, ours: ManifestsCommand, rounds = 3): Record<string, string> {
  const peerBin = path.join(path.dirname(createRequire(import.meta.url).resolve('ts-json-schema-generator/package.json')), 'dist', 'ts-json-schema-generator.js');
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-peer-'));
  try {
    const tsconfig = path.join(scratch, 'tsconfig.json');
    writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, types: [] }, include: [path.dirname(apiGlob)] }));
    const peer = [peerBin, '--tsconfig', tsconfig, '--path', apiGlob, '--type', '*', '-o', path.join(scratch, 'schema.json')];
    const runs = { ours: [] as Timing[], peer: [] as Timing[], peerNoCheck: [] as Timing[] };
    for (let i = 0; i < rounds; i++) {
      // each run writes every file, into a folder of its own
      runs.ours.push(processRun(ours(path.join(scratch, `config-${i}`)), projectDir));
      runs.peer.push(processRun(peer, projectDir));
      runs.peerNoCheck.push(processRun([...peer, '--no-type-check'], projectDir));
    }
    const wallCpu = (ts: Timing[]) => `${median(ts.map((t) => t.wall)).toFixed(0)} / ${median(ts.map((t) => t.cpu)).toFixed(0)}`;
    const ratio = (a: Timing[], b: Timing[]) => {
      const cpu = a.map((t, i) => t.cpu / b[i].cpu);
      return `${median(cpu).toFixed(2)} (${Math.min(...cpu).toFixed(2)}-${Math.max(...cpu).toFixed(2)})`;
    };
    return {
      'new process: wall / cpu (ms), median': wallCpu(runs.ours),
      'peer ts-json-schema-generator, same run: wall / cpu (ms)': wallCpu(runs.peer),
      'peer with --no-type-check, same run: wall / cpu (ms)': wallCpu(runs.peerNoCheck),
      'x peer, cpu, median of pairs (min-max)': ratio(runs.ours, runs.peer),
      'x peer --no-type-check, cpu (min-max)': ratio(runs.ours, runs.peerNoCheck),
      'target <= 0.5x peer (cpu, median of pairs)': median(runs.ours.map((t, i) => t.cpu / runs.peer[i].cpu)) <= 0.5 ? 'met' : 'MISSED',
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
