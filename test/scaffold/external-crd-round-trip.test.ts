// Round trip of an imported CRD: the types `create api --external-api-path <crd.yaml>` writes, read by
// `manifests`' CRD generator, give the imported CRD back (descriptions aside). The corpus: every CRD
// of ../shared/conformance (controller-gen's and kubebuilder's outputs) and CRDs written here.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import type { CustomResourceDefinition } from '../../src/kube/custom-resource-definition.js';
import { Plan } from '../../src/scaffold/machinery/plan.js';
import { parseCrds } from '../../src/scaffold/external-crd/crd-source.js';
import { planImportedCrd } from '../../src/scaffold/external-crd/plan-imported-crd.js';
import { stringify } from 'yaml';
import { QUANTITY_PATTERN } from '../../src/kube/quantity.js';
import { objectDiff } from '../crd/conformance-harness.js';
import { conformanceDir, itShared } from '../support/shared.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A copy without descriptions, the tools' version annotations and the order of versions: what the round trip must keep. */
function comparable(crd: unknown): unknown {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([k, x]) => !(k === 'description' && typeof x === 'string')).map(([k, x]) => [k, strip(x)]));
  };
  const copy = strip(structuredClone(crd)) as CustomResourceDefinition;
  // manifests lists versions by name, as controller-gen does; their order means nothing to the API server.
  copy.spec.versions.sort((a, b) => (a.name < b.name ? -1 : 1));
  const annotations = copy.metadata?.annotations;
  if (annotations) {
    delete annotations['controller-gen.kubebuilder.io/version'];
    delete annotations['scaffolder.dev/version'];
    if (Object.keys(annotations).length === 0) delete copy.metadata!.annotations;
  }
  return copy;
}

/** Imports the CRDs of a YAML text into a fresh folder and generates them back; one result per CRD. */
function roundTrip(text: string, file: string): Array<{ name: string; diff: string; error?: string; descriptions?: number }> {
  let located;
  try {
    located = parseCrds(text, file);
  } catch (err) {
    return [{ name: file, diff: '', error: (err as Error).message }];
  }
  return located.map((l) => {
    const name = l.crd.metadata?.name ?? file;
    const dir = mkdtempSync(path.join(tmpdir(), 'crd-round-trip-'));
    dirs.push(dir);
    const plan = new Plan(dir, { force: false });
    try {
      planImportedCrd(plan, l, { boilerplate: '', source: file });
    } catch (err) {
      return { name, diff: '', error: (err as Error).message };
    }
    plan.apply();
    const { crds, diagnostics } = generateCrds({ paths: ['src/external'], cwd: dir });
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) return { name, diff: '', error: errors.map((d) => `${path.relative(dir, d.file)}:${d.line}: ${d.message}`).join('\n') };
    const generated = crds.find((c) => c.crd.metadata?.name === name);
    if (!generated) return { name, diff: '', error: `not generated (got ${crds.map((c) => c.crd.metadata?.name).join(', ')})` };
    return { name, diff: objectDiff(comparable(l.crd), comparable(generated.crd)), descriptions: descriptionDifferences(l.crd, generated.crd) };
  });
}

/** A CRD written for this test: every key the types express, in the places the corpus does not put them. */
const widgetSchema = (extra: Record<string, unknown>) => ({
  type: 'object',
  description: 'Widget is a test kind.',
  'x-kubernetes-validations': [{ rule: 'self.metadata.name.size() < 40', message: 'short names' }],
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      description: 'The desired widget.',
      required: ['replicas', 'size'],
      minProperties: 1,
      'x-kubernetes-validations': [
        { rule: 'self.replicas <= 10 || self.size == "large"', messageExpression: "'too many replicas'", reason: 'FieldValueForbidden', fieldPath: '.replicas' },
        { rule: '!oldSelf.hasValue() || oldSelf.value().size == self.size', message: 'size is immutable', optionalOldSelf: true },
      ],
      properties: {
        replicas: { type: 'integer', format: 'int32', minimum: 0, maximum: 100, exclusiveMaximum: true, multipleOf: 1, default: 1 },
        size: { type: 'string', enum: ['small', 'large', "it's"], default: 'small' },
        ratio: { type: 'number', format: 'double', nullable: true, example: 0.5 },
        levels: { type: 'integer', enum: [1, 2, 3] },
        'dashed-name': { type: 'string', title: 'A dashed name', maxLength: 63, pattern: '^[a-z`]+$' },
        created: { type: 'string', format: 'date-time' },
        data: { type: 'string', format: 'byte' },
        memory: { anyOf: [{ type: 'integer' }, { type: 'string' }], pattern: QUANTITY_PATTERN, 'x-kubernetes-int-or-string': true },
        port: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true, maxLength: 5 },
        labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 63, description: 'A label value.' }, 'x-kubernetes-map-type': 'atomic', maxProperties: 10 },
        matrix: { type: 'array', items: { type: 'array', items: { type: 'integer', format: 'int64', minimum: -1 }, maxItems: 3 }, 'x-kubernetes-list-type': 'atomic' },
        tags: { type: 'array', items: { type: 'string', minLength: 1 }, 'x-kubernetes-list-type': 'set', default: ['a'] },
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name', 'protocol'],
          items: {
            type: 'object',
            description: 'A port.',
            required: ['name', 'protocol'],
            'x-kubernetes-map-type': 'atomic',
            properties: { name: { type: 'string' }, protocol: { type: 'string', default: 'TCP' }, port: { type: 'integer', nullable: true } },
          },
        },
        template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
        objects: { type: 'array', items: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } },
        config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { mode: { type: 'string' } }, default: { mode: 'fast' } },
        anything: { 'x-kubernetes-preserve-unknown-fields': true },
        docs: { type: 'string', externalDocs: { url: 'https://example.com/docs', description: 'more' } },
        nested: {
          type: 'object',
          properties: { deeper: { type: 'object', nullable: true, properties: { value: { type: 'boolean', default: false } } } },
          'x-kubernetes-map-type': 'granular',
        },
        empty: { type: 'object' },
        ...extra,
      },
    },
    status: {
      type: 'object',
      properties: {
        replicas: { type: 'integer', format: 'int32' },
        selector: { type: 'string' },
        conditions: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, status: { type: 'string' } }, required: ['type'] }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] },
      },
    },
  },
});

const everyFeatureCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.things.example.com', annotations: { 'example.com/owner': 'team-a' }, labels: { tier: 'test' } },
  spec: {
    group: 'things.example.com',
    names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget', shortNames: ['wd', 'wdg'], categories: ['all', 'things'] },
    scope: 'Cluster',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: widgetSchema({}) },
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
        additionalPrinterColumns: [
          { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
          { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status', description: 'Whether it "works"', priority: 1 },
          { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', format: 'date-time' },
        ],
        selectableFields: [{ jsonPath: '.spec.size' }],
      },
      {
        name: 'v1beta1',
        served: true,
        storage: false,
        deprecated: true,
        deprecationWarning: 'things.example.com/v1beta1 Widget is deprecated; use v1',
        schema: { openAPIV3Schema: widgetSchema({ legacy: { type: 'string' } }) },
      },
      { name: 'v1alpha1', served: false, storage: false, deprecated: true, schema: { openAPIV3Schema: widgetSchema({}) } },
    ],
  },
};

/** How many descriptions differ between two CRDs (compared where both have the node). */
function descriptionDifferences(a: unknown, b: unknown): number {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return 0;
  let n = 0;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  if (typeof x.description === 'string' || typeof y.description === 'string') n += x.description === y.description ? 0 : 1;
  for (const k of Object.keys(x)) if (k !== 'description' && k in y) n += descriptionDifferences(x[k], y[k]);
  return n;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const full = path.join(dir, f);
    return statSync(full).isDirectory() ? yamlFiles(full) : /\.ya?ml$/.test(f) ? [full] : [];
  });
}

/** What the corpus holds that is not a CRD the types can give back, and why. */
const NOT_IMPORTED: Record<string, string> = {
  // apiextensions.k8s.io/v1beta1 is no longer served (Kubernetes 1.22): the import refuses it.
  'controller-gen/crd/gen_bar.example.com_foos.v1beta1.yaml': 'only apiextensions.k8s.io/v1 CRDs are read',
  'controller-gen/crd/gen_zoo_bar.example.com_zoos.v1beta1.yaml': 'only apiextensions.k8s.io/v1 CRDs are read',
  // controller-gen's output for a package without +groupName: kube-apiserver refuses it, so does the import.
  'controller-gen/crd/testdata._cronjobs.yaml': 'spec.group: Required value',
};

describe('imported CRD types round-trip through manifests', () => {
  itShared(conformanceDir, 'gives back every CRD of ../shared/conformance, descriptions aside', () => {
    const files = yamlFiles(conformanceDir).filter((f) => readFileSync(f, 'utf8').includes('kind: CustomResourceDefinition'));
    const results = files.flatMap((f) => roundTrip(readFileSync(f, 'utf8'), path.relative(conformanceDir, f)));
    const equal = results.filter((r) => !r.error && !r.diff);
    const failed = results.filter((r) => r.error || r.diff);
    console.log(`round trip: ${equal.length} of ${results.length} CRDs equal; not imported: ${failed.map((r) => `${r.name} (${r.error?.split('\n')[0] ?? 'differs'})`).join(', ')}`);
    // Descriptions as well (not required): all but the CRDs written without any (the kubebuilder
    // tutorials), where manifests gives apiVersion and kind TypeMeta's descriptions.
    const described = equal.filter((r) => r.descriptions === 0).length;
    console.log(`descriptions too: ${described} of ${equal.length}; ${equal.reduce((n, r) => n + (r.descriptions ?? 0), 0)} descriptions differ`);
    expect(results).toHaveLength(21);
    expect(Object.fromEntries(failed.map((r) => [r.name, r.error ?? r.diff]))).toEqual(
      Object.fromEntries(Object.entries(NOT_IMPORTED).map(([file, why]) => [file, expect.stringContaining(why)])),
    );
    expect(equal).toHaveLength(18);
  }, 120_000);

  it('gives back a CRD with what the corpus lacks: two versions, scale, columns, names, and the schema keys the markers set', () => {
    const [result] = roundTrip(stringify(everyFeatureCrd), 'widgets.yaml');
    expect(result.error).toBeUndefined();
    expect(result.diff).toBe('');
  }, 60_000);
});
