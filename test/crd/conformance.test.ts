/**
 * The conformance goal: TypeScript fixtures written after controller-tools' and kubebuilder's
 * Go test inputs reproduce the CRDs those tools generate (../shared/conformance), compared as
 * parsed objects (the tool-version annotation aside).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCrds, VERSION_ANNOTATION } from '../../src/crd/index.js';
import { fixturesDir, loadExpected, objectDiff, withoutToolVersion } from './conformance-harness.js';

interface ConformanceCase {
  name: string;
  /** Fixture folder(s) under test/fixtures/crd. */
  fixture: string;
  /** Generated file name -> conformance file. */
  expected: Record<string, string>;
  maxDescLen?: number;
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
    name: 'controller-tools testdata (all packages but the big cronjob v1)',
    fixture: 'testdata',
    expected: Object.fromEntries(
      ['plural.example.com_testquotas', 'testdata.kubebuilder.io_jobs', 'testdata.kubebuilder.io_oneofs', 'testdata.kubebuilder.io_enums',
       'testdata.kubebuilder.io_immutabletypes', 'testdata.kubebuilder.io_externaldocs', 'testdata.kubebuilder.io_versionedresources',
       '_cronjobs'].map((n) => [`${n}.yaml`, n === 'plural.example.com_testquotas' ? `controller-gen/crd/plural_${n}.yaml` : n === 'testdata.kubebuilder.io_versionedresources' ? `controller-gen/crd/multiple_versions_${n}.yaml` : n === '_cronjobs' ? 'controller-gen/crd/testdata._cronjobs.yaml' : `controller-gen/crd/${n}.yaml`]),
    ),
  },
];

function generate(c: ConformanceCase) {
  return generateCrds({ paths: [path.join(fixturesDir, c.fixture)], maxDescLen: c.maxDescLen });
}

describe('CRD conformance with controller-gen and kubebuilder outputs', () => {
  for (const c of CASES) {
    it(`reproduces ${c.name}`, () => {
      const { crds, diagnostics } = generate(c);
      expect(diagnostics.filter((d) => d.severity === 'error' && !/no storage version/.test(d.message))).toEqual([]);
      const byFile = new Map(crds.map((g) => [g.fileName, withoutToolVersion(g.crd as never, VERSION_ANNOTATION)]));
      for (const [fileName, conformanceFile] of Object.entries(c.expected)) {
        const [expected] = loadExpected(conformanceFile);
        const actual = byFile.get(fileName);
        expect(actual, `${fileName} was not generated (got ${[...byFile.keys()].join(', ')})`).toBeDefined();
        const diff = objectDiff(expected, actual);
        expect(diff, `${fileName} differs from ${conformanceFile}:\n${diff}`).toBe('');
      }
    });
  }
});
