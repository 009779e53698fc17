/**
 * CRD generation alone: a synthetic API of 200 kinds x 30 fields and the controller-tools CronJob
 * fixture (740 kB of CRD), each generated cold (new ts-morph project, markers collected, schemas
 * built), then a one-file change regenerated with the project reused (the watch-mode path).
 * Targets on a 2-core machine: 200 kinds < 2 s cold, < 200 ms for a one-file change.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CrdGenerator, CrdManifestsGenerator } from '../src/generators/crd/index.js';
import { createApiProject } from '../src/generators/manifests/loader.js';
import { collectMarkers } from '../src/markers/index.js';
import { createRegistry } from '../src/generators/manifests/runtime.js';
import { median } from './stats.js';
import { FIELDS, KINDS, kindSource, writeSyntheticApi } from './synthetic-api.js';

const CHANGES = 5;

/** CPU time of this process in ms (user + system): steadier than wall time on a shared machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Builds project, markers and generator, and generates once; returns them with the timings. */
function coldRun(paths: string[]) {
  const c0 = cpuMs();
  const t0 = performance.now();
  const project = createApiProject(paths);
  const markers = collectMarkers(project.getSourceFiles(), createRegistry([new CrdManifestsGenerator({ toolVersion: 'bench' })]));
  const generator = new CrdGenerator({ project, markers, toolVersion: 'bench' });
  const result = generator.generate();
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`generation failed: ${errors[0].message}`);
  return { project, markers, generator, ms, cpu, crds: result.crds.length, bytes: JSON.stringify(result.crds).length };
}

export default async function (): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'crd-bench-'));
  try {
    const api = writeSyntheticApi(dir);

    const cold = coldRun([path.join(dir, 'api')]);
    const warm: number[] = [];
    const warmCpu: number[] = [];
    for (let i = 1; i <= CHANGES; i++) {
      const k = (i * 37) % KINDS;
      const file = path.join(api, `kind${k}_types.ts`);
      const c0 = cpuMs();
      const t0 = performance.now();
      const sf = cold.project.getSourceFileOrThrow(file);
      sf.replaceWithText(kindSource(k, i));
      cold.markers.update(sf);
      cold.generator.invalidate([file]);
      const result = cold.generator.generate();
      warm.push(performance.now() - t0);
      warmCpu.push(cpuMs() - c0);
      if (result.crds.length !== KINDS) throw new Error(`expected ${KINDS} CRDs after a change, got ${result.crds.length}`);
    }

    const cronjobDir = path.resolve(import.meta.dirname, '..', 'test', 'fixtures', 'crd', 'testdata');
    // Every package but nogroup: its CRD (no group) is what controller-gen writes and what no API
    // server accepts, so generation reports it as invalid.
    const packages = readdirSync(cronjobDir, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'nogroup');
    const cronjob = coldRun(packages.map((d) => path.join(cronjobDir, d.name)));
    const cronjobFile = path.join(cronjobDir, 'cronjob', 'cronjob_types.ts');
    const cronWarm: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const t0 = performance.now();
      const sf = cronjob.project.getSourceFileOrThrow(cronjobFile);
      sf.replaceWithText(sf.getFullText() + `\n// revision ${i}\n`);
      cronjob.markers.update(sf);
      cronjob.generator.invalidate([cronjobFile]);
      cronjob.generator.generate();
      cronWarm.push(performance.now() - t0);
    }

    return {
      'synthetic kinds x fields': `${KINDS} x ${FIELDS}`,
      'synthetic cold ms (target < 2000)': cold.ms,
      'synthetic cold CPU ms': cold.cpu,
      'synthetic CRD JSON bytes': cold.bytes,
      'synthetic one-file change ms, median (target < 200)': median(warm),
      'synthetic one-file change ms, max': Math.max(...warm),
      'synthetic one-file change CPU ms, median': median(warmCpu),
      'load average (1 min) while measuring': loadavg()[0].toFixed(1),
      [`controller-tools testdata cold ms (${cronjob.crds} CRDs incl. 740 kB CronJob)`]: cronjob.ms,
      'controller-tools CronJob file change ms, median': median(cronWarm),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
