/**
 * Live goldens: controller-gen v0.21.0 runs on Go twins of the TypeScript conformance fixtures
 * (test/crd/live-conformance/<package>, written here after controller-tools' pkg/crd/testdata), and
 * three CRDs must agree: its live output, the golden in ../shared/conformance (so the Go twin is
 * faithful), and what `manifests` generates from the TypeScript fixture. Needs controller-gen and Go
 * (test/support/controller-gen.ts) and ../shared.
 */
import { cpSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { VERSION_ANNOTATION } from '../../src/generators/crd/index.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { describeControllerGen, goModuleDir, runControllerGen } from '../support/controller-gen.js';
import { itShared } from '../support/shared.js';
import { alignDescriptions, asReleasedOneOfRules, conformanceDir, fixturesDir, loadExpected, objectDiff, withoutToolVersion } from './conformance-harness.js';

const twinsDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'live-conformance');

/** Generated file -> its golden (controller-gen/crd/...), for the CRDs the Go twins produce. */
const GOLDENS: Record<string, string> = {
  'plural.example.com_testquotas.yaml': 'controller-gen/crd/plural_plural.example.com_testquotas.yaml',
  'testdata.kubebuilder.io_externaldocs.yaml': 'controller-gen/crd/testdata.kubebuilder.io_externaldocs.yaml',
  'testdata.kubebuilder.io_immutabletypes.yaml': 'controller-gen/crd/testdata.kubebuilder.io_immutabletypes.yaml',
  'testdata.kubebuilder.io_oneofs.yaml': 'controller-gen/crd/testdata.kubebuilder.io_oneofs.yaml',
  'testdata.kubebuilder.io_enums.yaml': 'controller-gen/crd/testdata.kubebuilder.io_enums.yaml',
  'testdata.kubebuilder.io_jobs.yaml': 'controller-gen/crd/testdata.kubebuilder.io_jobs.yaml',
  'testdata.kubebuilder.io_cronjobs.yaml': 'controller-gen/crd/testdata.kubebuilder.io_cronjobs.yaml',
};

/** Built-in types' descriptions that differ (test/crd/CONFORMANCE.md); the rest must be equal. */
const DESCRIPTIONS: Record<string, { lineBreaks: number; otherText: number; missing: number }> = {
  'testdata.kubebuilder.io_cronjobs.yaml': { lineBreaks: 789, otherText: 0, missing: 6 },
};

/**
 * A kind embedding a PodTemplateSpec (test/fixtures/crd/worker): no golden, compared with the live
 * output alone. Built-in texts come from the kubernetes-models devDependency: their lines are joined
 * (OpenAPI joins the Go comment's), and the Capability items' Go-only doc is missing. Without the
 * package (client-node's docs): 603 line breaks, 208 with the field type's doc, 38 missing.
 */
const WORKER = { file: 'workers.example.com_workers.yaml', fixture: 'worker', descriptions: { lineBreaks: 747, otherText: 0, missing: 6 } };

/**
 * The CronJob's fields that test `+k8s:listType` and `+k8s:listMapKey`, which controller-tools' main
 * branch (the goldens, and scaffolder) knows and released v0.21.0 does not: their list type and keys
 * are left out of the comparisons with the live output.
 */
const K8S_LIST_MARKER_FIELDS = new Set(['k8sAssociativeList', 'k8sNestedAssociativeList', 'k8sSetList', 'k8sAtomicList']);

function withoutK8sListMarkers(crd: unknown): unknown {
  const copy = structuredClone(crd) as { spec: { versions: { schema?: { openAPIV3Schema: { properties?: { spec?: { properties?: Record<string, Record<string, unknown>> } } } } }[] } };
  for (const v of copy.spec.versions) {
    for (const [name, prop] of Object.entries(v.schema?.openAPIV3Schema.properties?.spec?.properties ?? {})) {
      if (!K8S_LIST_MARKER_FIELDS.has(name)) continue;
      delete prop['x-kubernetes-list-type'];
      delete prop['x-kubernetes-list-map-keys'];
    }
  }
  return copy;
}

describeControllerGen('live goldens: controller-gen on Go twins of the conformance fixtures', () => {
  const live = new Map<string, unknown>();
  let root = '';
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'live-conformance-'));
    const moduleDir = path.join(root, 'go');
    cpSync(twinsDir, moduleDir, { recursive: true });
    for (const f of ['go.mod', 'go.sum']) copyFileSync(path.join(goModuleDir, f), path.join(moduleDir, f));
    // The CronJob has float fields, as controller-tools' own test generates it.
    await runControllerGen(moduleDir, path.join(root, 'out'), 'crd:allowDangerousTypes=true');
    for (const file of readdirSync(path.join(root, 'out'))) live.set(file, withoutToolVersion(parse(readFileSync(path.join(root, 'out', file), 'utf8')), 'controller-gen.kubebuilder.io/version'));
  }, 600_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  itShared(Object.values(GOLDENS).map((g) => path.join(conformanceDir, g)), `reproduce ${Object.keys(GOLDENS).length} goldens (the 740 kB CronJob included), and manifests reproduces the live output`, () => {
    expect([...live.keys()].sort()).toEqual([...Object.keys(GOLDENS), WORKER.file].sort());
    const { crds } = generateCrds({ paths: [path.join(fixturesDir, 'testdata')] });
    const ours = new Map(crds.map((g) => [g.fileName, withoutToolVersion(g.crd as never, VERSION_ANNOTATION)]));
    for (const [file, golden] of Object.entries(GOLDENS)) {
      const fromGo = live.get(file);
      // The goldens come from controller-tools' main branch; its newer oneOf rules are put back in v0.21.0's form.
      const [expected] = loadExpected(golden).map(asReleasedOneOfRules).map(withoutK8sListMarkers);
      const twinDiff = objectDiff(expected, fromGo);
      if (twinDiff) expect.fail(`controller-gen's live ${file} differs from ${golden} (the Go twin is not faithful):\n${twinDiff}`);
      const generated = ours.get(file);
      expect(generated, `manifests wrote no ${file}`).toBeDefined();
      const aligned = alignDescriptions(fromGo, withoutK8sListMarkers(generated));
      const diff = objectDiff(fromGo, aligned.actual);
      if (diff) expect.fail(`manifests' ${file} differs from controller-gen's live output:\n${diff}`);
      expect(aligned.differences, `${file}: descriptions`).toEqual(DESCRIPTIONS[file] ?? { lineBreaks: 0, otherText: 0, missing: 0 });
    }
  });

  it('manifests reproduces the live output for a kind embedding a PodTemplateSpec, each built-in field with its own description', () => {
    const { crds } = generateCrds({ paths: [path.join(fixturesDir, WORKER.fixture)] });
    expect(crds.map((c) => c.fileName)).toEqual([WORKER.file]);
    const fromGo = live.get(WORKER.file);
    const aligned = alignDescriptions(fromGo, withoutToolVersion(crds[0].crd as never, VERSION_ANNOTATION));
    const diff = objectDiff(fromGo, aligned.actual);
    if (diff) expect.fail(`manifests' ${WORKER.file} differs from controller-gen's live output:\n${diff}`);
    expect(aligned.differences).toEqual(WORKER.descriptions);
  });
});
