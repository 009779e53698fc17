/**
 * The conformance goal: TypeScript fixtures written after controller-tools' and kubebuilder's
 * Go test inputs reproduce the CRDs those tools generate (../shared/conformance), compared as
 * parsed objects (the tool-version annotation aside).
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { VERSION_ANNOTATION } from '../../src/generators/crd/index.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { itShared } from '../support/shared.js';
import { alignDescriptions, asReleasedOneOfRules, conformanceDir, type DescriptionDifferences, fixturesDir, loadExpected, objectDiff, withoutToolVersion } from './conformance-harness.js';

interface ConformanceCase {
  name: string;
  /** Fixture folder(s) under test/fixtures/crd. */
  fixture: string;
  /** Generated file name -> conformance file. */
  expected: Record<string, string>;
  maxDescLen?: number;
  /**
   * How many descriptions differ from controller-gen's, by kind, in all files of the case: only
   * built-in types' texts, which come from @kubernetes/client-node (see DescriptionDifferences).
   * Every other key of every schema must match exactly.
   */
  descriptions?: DescriptionDifferences;
  /**
   * Errors kube-apiserver gives for CRDs controller-gen writes all the same (`manifests` refuses
   * them; the CRD is still generated and compared): `<file>: <field>: <message>` endings.
   */
  refusedByApiServer?: readonly string[];
}

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
    // All in testdata.kubebuilder.io_cronjobs, which embeds V1JobTemplateSpec and
    // V1ObjectReference, described by the kubernetes-models devDependency (Kubernetes 1.36's
    // OpenAPI texts: each field's own doc), whose lines are joined as OpenAPI joins the Go
    // comment's (789); the Capability items' doc is Go-only prose, in no OpenAPI document (6).
    // Without the package (client-node's docs): 639, 214 with the field type's doc, 39 missing.
    descriptions: { lineBreaks: 789, otherText: 0, missing: 6 },
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
    // metav1.Condition's field docs, in five kinds, joined onto one line by client-node.
    descriptions: { lineBreaks: 24, otherText: 0, missing: 0 },
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
    expected: { 'batch.tutorial.kubebuilder.io_cronjobs.yaml': 'kubebuilder/cronjob-tutorial/batch.tutorial.kubebuilder.io_cronjobs.yaml' },
  },
  {
    name: 'kubebuilder multi-version tutorial, v1 and v2 (descriptions dropped)',
    fixture: 'multiversion-tutorial/api',
    maxDescLen: 0,
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
      const total: DescriptionDifferences = { lineBreaks: 0, otherText: 0, missing: 0 };
      for (const [fileName, conformanceFile] of Object.entries(c.expected)) {
        const [expected] = loadExpected(conformanceFile).map(asReleasedOneOfRules);
        const actual = byFile.get(fileName);
        expect(actual, `${fileName} was not generated (got ${[...byFile.keys()].join(', ')})`).toBeDefined();
        const aligned = alignDescriptions(expected, actual);
        const diff = objectDiff(expected, aligned.actual);
        if (diff) expect.fail(`${fileName} differs from ${conformanceFile}:\n${diff}`);
        for (const k of Object.keys(total) as (keyof DescriptionDifferences)[]) total[k] += aligned.differences[k];
      }
      expect(total).toEqual(c.descriptions ?? { lineBreaks: 0, otherText: 0, missing: 0 });
    });
  }
});
