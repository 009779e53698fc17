/**
 * End-to-end `scaffolder manifests`: a synthetic API of 200 kinds with 30 fields each (plus controllers
 * with RBAC markers and webhooks), generated cold and after a one-file change in watch mode; and the
 * CronJob tutorial fixture. Targets on a 2-core machine: < 2 s cold, < 200 ms for a one-file change;
 * a cold run in a new process at most half the CPU time of ts-json-schema-generator, the peer, on the
 * same types (manifests-vs-peer.ts). project-manifests.bench.ts measures the same in a project `init` made.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManifestsPipeline, readProjectSettings, runManifests, writeFiles } from '../src/generators/manifests/index.js';
import { loadAverages, median } from './stats.js';
import { manifestsVsPeer } from './manifests-vs-peer.js';
import type { Timing } from './process-timing.js';
import { FIELDS, KINDS, controllerSource, kindSource, syntheticProject } from './synthetic-api.js';

const CHANGES = 7;
const silent = { stdout: () => {}, stderr: (s: string) => void process.stderr.write(s) };

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * `scaffolder manifests` as a user runs it (the compiled CLI in a new process) against the peer.
 * Needs the build (`npm run build`); without it the figures are left out rather than measured
 * through a TypeScript loader.
 */
function paired(projectDir: string, apiGlob: string): Record<string, string> | undefined {
  if (!existsSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js'))) return undefined;
  return manifestsVsPeer(projectDir, apiGlob, (outputDir) => [path.join(repoRoot, 'bin', 'scaffolder.js'), 'manifests', '--output-dir', outputDir]);
}

/** The project's imports resolve from it (kubescaffolder/runtime, client-node), as in a scaffolded project. */
function linkPackages(projectDir: string): void {
  mkdirSync(path.join(projectDir, 'node_modules', '@kubernetes'), { recursive: true });
  symlinkSync(repoRoot, path.join(projectDir, 'node_modules', 'kubescaffolder'), 'dir');
  symlinkSync(path.join(repoRoot, 'node_modules', '@kubernetes', 'client-node'), path.join(projectDir, 'node_modules', '@kubernetes', 'client-node'), 'dir');
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

/**
 * The fixture as a project of its own for the CLI (which needs a PROJECT file): its types import
 * the runtime by a path into this checkout, here by the package name, as a scaffolded project does.
 */
function cronjobAsProject(fixture: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cronjob-project-'));
  cpSync(path.join(fixture, 'api'), path.join(dir, 'api'), { recursive: true });
  const types = path.join(dir, 'api', 'v1', 'cronjob_types.ts');
  writeFileSync(types, readFileSync(types, 'utf8').replace(/from '(\.\.\/)+src\/runtime\/api\/types\.js'/, "from 'kubescaffolder/runtime'"));
  writeFileSync(path.join(dir, 'PROJECT'), 'version: "3"\nlayout:\n- typescript.scaffolder.dev/v1\nprojectName: cronjob\ndomain: kubebuilder.io\n');
  linkPackages(dir);
  return dir;
}

/** Process figures under a heading, or one line saying why there are none. */
function prefixed(what: string, figures: Record<string, string> | undefined): Record<string, string> {
  if (!figures) return { [`${what}: new process`]: 'n/a (run npm run build first)' };
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [`${what}, ${k}`, v]));
}

export default async function manifestsBench(): Promise<Record<string, number | string>> {
  const loadAtStart = loadAverages();
  const dir = syntheticProject();
  try {
    linkPackages(dir);
    const processCold = paired(dir, path.join(dir, 'api', 'v1', '*.ts'));
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
    const cronjobProject = cronjobAsProject(cronjob);
    const cronjobProcess = paired(cronjobProject, path.join(cronjobProject, 'api', 'v1', '*.ts'));
    rmSync(cronjobProject, { recursive: true, force: true });
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
      'load averages (1, 5, 15 min) at start': loadAtStart,
      ...prefixed('cold, compiled CLI', processCold),
      'cold, first run in process: wall / cpu (ms)': wallCpu(coldFirst),
      'cold, second run: wall / cpu (ms)': wallCpu(coldSecond),
      'cold, --max-desc-len 0: wall / cpu (ms)': wallCpu(coldNoDesc),
      'watch, one types file changed, median: wall / cpu (ms)': wallCpu(typeMedian),
      'watch, one controller changed, median: wall / cpu (ms)': wallCpu(medianOf(ctrlChanges)),
      'CRD size of one kind (bytes)': crdBytes,
      ...prefixed('cronjob fixture, compiled CLI', cronjobProcess),
      'cronjob fixture cold, in process: wall / cpu (ms)': wallCpu(cronjobCold),
      'cronjob fixture one-file change, median: wall / cpu (ms)': wallCpu(medianOf(cronjobChanges)),
      'target cold < 2000 ms (cpu time)': cold.cpu < 2000 ? 'met' : 'MISSED',
      'target one-file change < 200 ms (cpu time)': typeMedian.cpu < 200 ? 'met' : 'MISSED',
      'load averages (1, 5, 15 min) at end': loadAverages(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
