/**
 * End-to-end `scaffolder manifests`: a synthetic API of 200 kinds with 30 fields each (plus controllers
 * with RBAC markers and webhooks), generated cold and after a one-file change in watch mode; and the
 * CronJob tutorial fixture. Targets on a 2-core machine: < 2 s cold, < 200 ms for a one-file change.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ManifestsPipeline, readProjectSettings, runManifests, writeFiles } from '../src/manifests/index.js';

const KINDS = 200;
const FIELDS = 30;
const CHANGES = 7;
const silent = { stdout: () => {}, stderr: (s: string) => void process.stderr.write(s) };

function fieldSource(k: number, f: number): string {
  switch (f % 10) {
    case 0:
      return `  // name${f} is a name.\n  // +kubebuilder:validation:MinLength=1\n  // +kubebuilder:validation:MaxLength=63\n  name${f}: string;`;
    case 1:
      return `  // replicas${f} is a count.\n  // +kubebuilder:validation:Minimum=0\n  // +kubebuilder:validation:Maximum=100\n  // +optional\n  replicas${f}?: int32;`;
    case 2:
      return `  // enabled${f} switches something.\n  // +kubebuilder:default=true\n  // +optional\n  enabled${f}?: boolean;`;
    case 3:
      return `  // tags${f} are tags.\n  // +listType=set\n  // +optional\n  tags${f}?: string[];`;
    case 4:
      return `  // labels${f} are labels.\n  // +optional\n  labels${f}?: Record<string, string>;`;
    case 5:
      return `  // mode${f} is a mode.\n  // +kubebuilder:default=Fast\n  // +optional\n  mode${f}?: 'Fast' | 'Slow' | 'Off';`;
    case 6:
      return `  // nested${f} is a nested object.\n  // +optional\n  nested${f}?: Kind${k}Nested;`;
    case 7:
      return `  // size${f} is an amount of storage.\n  // +optional\n  size${f}?: Quantity;`;
    case 8:
      return `  // started${f} is a time.\n  // +optional\n  started${f}?: Time;`;
    default:
      return `  // pattern${f} is checked.\n  // +kubebuilder:validation:Pattern=\`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$\`\n  // +kubebuilder:validation:XValidation:rule="self.size() < 100",message="too long"\n  // +optional\n  pattern${f}?: string;`;
  }
}

function kindSource(k: number, variant = 0): string {
  const fields = Array.from({ length: FIELDS }, (_, f) => fieldSource(k, f)).join('\n\n');
  return `import type { ListMeta, ObjectMeta, int32, Quantity, Time } from 'scaffolder/runtime';

// Kind${k}Nested is nested.
export interface Kind${k}Nested {
  // inner is inside.
  inner?: string;
  // count is counted.
  // +kubebuilder:validation:Minimum=${variant}
  count?: int32;
}

// Kind${k}Spec defines the desired state of Kind${k}.
export interface Kind${k}Spec {
${fields}
}

// Kind${k}Status defines the observed state of Kind${k}.
export interface Kind${k}Status {
  // ready tells whether it is ready.
  // +optional
  ready?: boolean;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Ready",type=boolean,JSONPath=".status.ready"

// Kind${k} is the Schema for the kind${k}s API.
export interface Kind${k} {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: Kind${k}Spec;
  status?: Kind${k}Status;
}

// +kubebuilder:object:root=true

// Kind${k}List contains a list of Kind${k}.
export interface Kind${k}List {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  items: Kind${k}[];
}
`;
}

function controllerSource(k: number): string {
  return `import type { Reconciler, Request, Result } from 'scaffolder/runtime';

// +kubebuilder:rbac:groups=bench.example.com,resources=kind${k}s,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=bench.example.com,resources=kind${k}s/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=bench.example.com,resources=kind${k}s/finalizers,verbs=update

// +kubebuilder:webhook:path=/validate-bench-example-com-v1-kind${k},mutating=false,failurePolicy=fail,sideEffects=None,groups=bench.example.com,resources=kind${k}s,verbs=create;update,versions=v1,name=vkind${k}-v1.kb.io,admissionReviewVersions=v1

export class Kind${k}Reconciler implements Reconciler {
  async reconcile(req: Request): Promise<Result> {
    void req;
    return {};
  }
}
`;
}

export function syntheticProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-manifests-'));
  mkdirSync(path.join(dir, 'api', 'v1'), { recursive: true });
  mkdirSync(path.join(dir, 'src', 'controllers'), { recursive: true });
  writeFileSync(path.join(dir, 'PROJECT'), 'projectName: bench\ndomain: example.com\n');
  writeFileSync(
    path.join(dir, 'api', 'v1', 'groupversion_info.ts'),
    `// Package v1 contains the bench API.\n// +kubebuilder:object:generate=true\n// +groupName=bench.example.com\nexport const GroupVersion = { group: 'bench.example.com', version: 'v1' };\n`,
  );
  for (let k = 0; k < KINDS; k++) {
    writeFileSync(path.join(dir, 'api', 'v1', `kind${k}_types.ts`), kindSource(k));
    writeFileSync(path.join(dir, 'src', 'controllers', `kind${k}_controller.ts`), controllerSource(k));
  }
  return dir;
}

/** `scaffolder manifests` as a user runs it: a new process that loads the modules (through tsx) first. */
function freshProcessRun(projectDir: string): number {
  const entry = pathToFileURL(path.resolve(import.meta.dirname, '..', 'src', 'manifests', 'index.ts')).href;
  const script = `const { runManifests } = await import(${JSON.stringify(entry)}); process.exitCode = await runManifests({ projectDir: ${JSON.stringify(projectDir)} }, { stdout() {}, stderr: (s) => process.stderr.write(s) });`;
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`manifests in a new process failed: ${result.stderr}`);
  return performance.now() - started;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
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

    const cronjob = path.resolve(import.meta.dirname, '..', 'test', 'fixtures', 'crd', 'cronjob-tutorial');
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
      'cold, new node process incl. module loading, wall (ms)': processCold,
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
