/**
 * The conformance goal: TypeScript fixtures written after controller-tools' and kubebuilder's
 * Go test inputs reproduce the CRDs those tools generate (../shared/conformance), compared as
 * parsed objects (the tool-version annotation aside).
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { generateCrds, VERSION_ANNOTATION } from '../../src/crd/index.js';
import { itShared } from '../support/shared.js';
import { conformanceDir, fixturesDir, loadExpected, normalizeBuiltinSubtrees, objectDiff, applyApiSkew, type ApiSkew, withoutToolVersion, type SchemaPath } from './conformance-harness.js';

interface ConformanceCase {
  name: string;
  /** Fixture folder(s) under test/fixtures/crd. */
  fixture: string;
  /** Generated file name -> conformance file. */
  expected: Record<string, string>;
  maxDescLen?: number;
  /**
   * Subtrees whose schema comes from @kubernetes/client-node models: compared without what that
   * source lacks (see normalizeBuiltinSubtrees). Everything else must match exactly.
   */
  builtin?: readonly SchemaPath[];
  skew?: readonly ApiSkew[];
  /**
   * Errors kube-apiserver gives for CRDs controller-gen writes all the same (`manifests` refuses
   * them; the CRD is still generated and compared): `<file>: <field>: <message>` endings.
   */
  refusedByApiServer?: readonly string[];
}

/** Kubernetes 1.35 (the goldens) against 1.34 (client-node 1.4's models) in the pod and job API. */
const API_1_35: ApiSkew[] = [
  { kind: 'newField', field: 'schedulingGroup', why: 'PodSpec.schedulingGroup is new in 1.35' },
  { kind: 'newField', field: 'userAnnotations', why: 'PodCertificateProjection.userAnnotations is new in 1.35' },
  { kind: 'nowOptional', parent: 'onPodConditions', field: 'status', why: 'PodFailurePolicyOnPodConditionsPattern.status became optional in 1.35' },
];

const CONDITIONS: SchemaPath = ['status', 'conditions', '[]'];

const CASES: ConformanceCase[] = [
  {
    name: 'gen',
    fixture: 'gen',
    expected: {
      'bar.example.com_foos.yaml': 'controller-gen/crd/gen_bar.example.com_foos.yaml',
      'bar.example.com_zoos.yaml': 'controller-gen/crd/gen_zoo_bar.example.com_zoos.yaml',
    },
  },
  {
    name: 'controller-tools testdata: every package, the 740 kB CronJob included',
    fixture: 'testdata',
    builtin: [['spec', 'jobTemplate'], ['status', 'active', '[]']],
    skew: API_1_35,
    // The nogroup package has no +groupName: controller-gen writes `cronjobs.` with an empty group.
    refusedByApiServer: [
      'nogroup/types.ts: is invalid: metadata.name: Invalid value: "cronjobs.": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters',
      'nogroup/types.ts: is invalid: spec.group: Required value',
    ],
    expected: Object.fromEntries(
      ['plural.example.com_testquotas', 'testdata.kubebuilder.io_jobs', 'testdata.kubebuilder.io_oneofs', 'testdata.kubebuilder.io_enums',
       'testdata.kubebuilder.io_immutabletypes', 'testdata.kubebuilder.io_externaldocs', 'testdata.kubebuilder.io_versionedresources',
       '_cronjobs', 'testdata.kubebuilder.io_cronjobs'].map((n) => [`${n}.yaml`, n === 'plural.example.com_testquotas' ? `controller-gen/crd/plural_${n}.yaml` : n === 'testdata.kubebuilder.io_versionedresources' ? `controller-gen/crd/multiple_versions_${n}.yaml` : n === '_cronjobs' ? 'controller-gen/crd/testdata._cronjobs.yaml' : `controller-gen/crd/${n}.yaml`]),
    ),
  },
  {
    name: 'kubebuilder testdata/project-v4 (crew)',
    fixture: 'project-v4/api',
    builtin: [CONDITIONS],
    expected: Object.fromEntries(
      ['admirales', 'captains', 'firstmates', 'navigators', 'sailors'].map((p) => [
        `crew.testproject.org_${p}.yaml`,
        `kubebuilder/project-v4/crew.testproject.org_${p}.yaml`,
      ]),
    ),
  },
  {
    name: 'kubebuilder cronjob tutorial (descriptions dropped)',
    fixture: 'cronjob-tutorial/api',
    maxDescLen: 0,
    builtin: [CONDITIONS, ['spec', 'jobTemplate'], ['status', 'active', '[]']],
    skew: API_1_35,
    expected: { 'batch.tutorial.kubebuilder.io_cronjobs.yaml': 'kubebuilder/cronjob-tutorial/batch.tutorial.kubebuilder.io_cronjobs.yaml' },
  },
  {
    name: 'kubebuilder multi-version tutorial, v1 and v2 (descriptions dropped)',
    fixture: 'multiversion-tutorial/api',
    maxDescLen: 0,
    builtin: [CONDITIONS, ['spec', 'jobTemplate'], ['status', 'active', '[]']],
    skew: API_1_35,
    expected: {
      'batch.tutorial.kubebuilder.io_cronjobs.yaml': 'kubebuilder/multiversion-tutorial/batch.tutorial.kubebuilder.io_cronjobs.yaml',
    },
  },
];

function generate(c: ConformanceCase) {
  return generateCrds({ paths: [path.join(fixturesDir, c.fixture)], maxDescLen: c.maxDescLen });
}

describe('CRD conformance with controller-gen and kubebuilder outputs', () => {
  for (const c of CASES) {
    itShared(Object.values(c.expected).map((f) => path.join(conformanceDir, f)), `reproduces ${c.name}`, () => {
      const { crds, diagnostics } = generate(c);
      const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => `${path.relative(path.join(fixturesDir, c.fixture), d.file)}: ${d.message.replace(/^CustomResourceDefinition "[^"]*" /, '')}`);
      expect(errors.map((e, i) => (e.startsWith(c.refusedByApiServer?.[i] ?? '\0') ? c.refusedByApiServer![i] : e))).toEqual(c.refusedByApiServer ?? []);
      const byFile = new Map(crds.map((g) => [g.fileName, withoutToolVersion(g.crd as never, VERSION_ANNOTATION)]));
      for (const [fileName, conformanceFile] of Object.entries(c.expected)) {
        const [expected] = loadExpected(conformanceFile);
        const actual = byFile.get(fileName);
        expect(actual, `${fileName} was not generated (got ${[...byFile.keys()].join(', ')})`).toBeDefined();
        const paths = c.builtin ?? [];
        const diff = objectDiff(normalizeBuiltinSubtrees(applyApiSkew(expected, c.skew ?? []), paths), normalizeBuiltinSubtrees(actual, paths));
        if (diff) expect.fail(`${fileName} differs from ${conformanceFile}:\n${diff}`);
      }
    });
  }
});
