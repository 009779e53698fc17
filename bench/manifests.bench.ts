/**
 * End-to-end `scaffolder manifests`: a synthetic API of 200 kinds with 30 fields each (plus controllers
 * with RBAC markers and webhooks), generated cold and after a one-file change in watch mode; and the
 * CronJob tutorial fixture. Targets on a 2-core machine: < 2 s cold, < 200 ms for a one-file change.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ManifestsPipeline, readProjectSettings, runManifests, writeFiles } from '../src/manifests/index.js';
import { median } from './stats.js';
import { FIELDS, KINDS, controllerSource, kindSource, syntheticProject } from './synthetic-api.js';

const CHANGES = 7;
const silent = { stdout: () => {}, stderr: (s: string) => void process.stderr.write(s) };

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * `scaffolder manifests` as a user runs it: the compiled CLI in a new process, module loading
 * included. Needs the build (`npm run build`); without it the figure is left out rather than
 * measured through a TypeScript loader, which would time the transpiler instead.
 */
function freshProcessRun(projectDir: string): number | string {
  if (!existsSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js'))) return 'n/a (run npm run build first)';
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'scaffolder.js'), 'manifests'], { cwd: projectDir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`scaffolder manifests in a new process failed: ${result.stderr}`);
  return performance.now() - started;
}

/** Wall time and CPU time (user + system) of a step; CPU time is the steadier figure on a shared machine. */
interface Timing {
  wall: number;
  cpu: number;
}

async function timed(step: () => unknown): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await step();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

async function timeRun(projectDir: string, extra: { maxDescLen?: number } = {}): Promise<Timing> {
  return timed(async () => {
    if ((await runManifests({ projectDir, ...extra }, silent)) !== 0) throw new Error(`runManifests failed in ${projectDir}`);
  });
}

/** One-file changes through the long-lived pipeline, as watch mode does them (without the 50 ms settle delay). */
async function timeChanges(projectDir: string, file: string, source: (variant: number) => string): Promise<Timing[]> {
  const pipeline = new ManifestsPipeline({ projectDir, settings: readProjectSettings(projectDir) });
  const lastWritten = new Map<string, string>();
  writeFiles(pipeline.generate().files, lastWritten);
  const times: Timing[] = [];
  for (let i = 1; i <= CHANGES; i++) {
    writeFileSync(file, source(i));
    times.push(
      await timed(() => {
        pipeline.refresh([file]);
        const { files, diagnostics } = pipeline.generate();
        if (diagnostics.some((d) => d.severity === 'error')) throw new Error(diagnostics.map((d) => d.message).join('\n'));
        writeFiles(files, lastWritten);
      }),
    );
  }
  return times;
}

export default async function manifestsBench(): Promise<Record<string, number | string>> {
  const loadAtStart = loadavg()[0]?.toFixed(2) ?? '?';
  const dir = syntheticProject();
  try {
    const processCold = freshProcessRun(dir);
    const coldFirst = await timeRun(dir);
    const coldSecond = await timeRun(dir);
    const coldNoDesc = await timeRun(dir, { maxDescLen: 0 });
    const changed = path.join(dir, 'api', 'v1', 'kind17_types.ts');
    const typeChanges = await timeChanges(dir, changed, (v) => kindSource(17, v));
    const ctrl = path.join(dir, 'src', 'controllers', 'kind17_controller.ts');
    const ctrlChanges = await timeChanges(dir, ctrl, (v) => controllerSource(17).replace('verbs=update', v % 2 ? 'verbs=update;patch' : 'verbs=update'));
    const crdBytes = readFileSync(path.join(dir, 'config', 'crd', 'bases', 'bench.example.com_kind17s.yaml')).length;

    const cronjob = path.join(repoRoot, 'test', 'fixtures', 'crd', 'cronjob-tutorial');
    const cronjobTypes = path.join(cronjob, 'api', 'v1', 'cronjob_types.ts');
    const cronjobOut = mkdtempSync(path.join(tmpdir(), 'bench-cronjob-'));
    let cronjobCold: Timing = { wall: NaN, cpu: NaN };
    const cronjobChanges: Timing[] = [];
    try {
      cronjobCold = await timed(async () => {
        if ((await runManifests({ projectDir: cronjob, outputDir: cronjobOut }, silent)) !== 0) throw new Error('cronjob fixture failed');
      });
      const pipeline = new ManifestsPipeline({ projectDir: cronjob, outputDir: cronjobOut, settings: readProjectSettings(cronjob) });
      pipeline.generate();
      for (let i = 0; i < CHANGES; i++) {
        // same content: measures re-reading one file and regenerating
        cronjobChanges.push(await timed(() => (pipeline.refresh([cronjobTypes]), pipeline.generate())));
      }
    } finally {
      rmSync(cronjobOut, { recursive: true, force: true });
    }

    const wallCpu = (t: Timing) => `${t.wall.toFixed(0)} / ${t.cpu.toFixed(0)}`;
    const medianOf = (ts: Timing[]): Timing => ({ wall: median(ts.map((t) => t.wall)), cpu: median(ts.map((t) => t.cpu)) });
    const typeMedian = medianOf(typeChanges);
    const cold = coldFirst.cpu < coldSecond.cpu ? coldFirst : coldSecond;
    return {
      'synthetic API': `${KINDS} kinds x ${FIELDS} fields, ${KINDS} controllers`,
      'load average (1 min) at start': loadAtStart,
      'cold, compiled CLI in a new process incl. module loading, wall (ms)': processCold,
      'cold, first run in process: wall / cpu (ms)': wallCpu(coldFirst),
      'cold, second run: wall / cpu (ms)': wallCpu(coldSecond),
      'cold, --max-desc-len 0: wall / cpu (ms)': wallCpu(coldNoDesc),
      'watch, one types file changed, median: wall / cpu (ms)': wallCpu(typeMedian),
      'watch, one controller changed, median: wall / cpu (ms)': wallCpu(medianOf(ctrlChanges)),
      'CRD size of one kind (bytes)': crdBytes,
      'cronjob fixture cold: wall / cpu (ms)': wallCpu(cronjobCold),
      'cronjob fixture one-file change, median: wall / cpu (ms)': wallCpu(medianOf(cronjobChanges)),
      'target cold < 2000 ms (cpu time)': cold.cpu < 2000 ? 'met' : 'MISSED',
      'target one-file change < 200 ms (cpu time)': typeMedian.cpu < 200 ? 'met' : 'MISSED',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
