/**
 * The gen case written out by the manifests YAML writer is byte-identical to controller-gen's file
 * (the tool-version annotation line aside), with and without maxDescLen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { VERSION_ANNOTATION } from '../../src/generators/crd/index.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { writeYamlDocuments } from '../../src/generators/manifests/index.js';
import { conformanceDir, describeShared } from '../support/shared.js';
import { fixturesDir } from './conformance-harness.js';

function written(maxDescLen?: number): Map<string, string> {
  const { crds } = generateCrds({ paths: [path.join(fixturesDir, 'gen')], maxDescLen, toolVersion: '(devel)' });
  return new Map(crds.map((c) => [c.fileName, writeYamlDocuments([c.crd]).replace(`${VERSION_ANNOTATION}: (devel)`, 'controller-gen.kubebuilder.io/version: (devel)')]));
}

describeShared(path.join(conformanceDir, 'controller-gen', 'crd'), 'CRD YAML as controller-gen writes it', () => {
  it('gen/bar.example.com_foos.yaml and zoo/bar.example.com_zoos.yaml are byte-identical', () => {
    const files = written();
    expect(files.get('bar.example.com_foos.yaml')).toBe(readFileSync(path.join(conformanceDir, 'controller-gen/crd/gen_bar.example.com_foos.yaml'), 'utf8'));
    expect(files.get('bar.example.com_zoos.yaml')).toBe(readFileSync(path.join(conformanceDir, 'controller-gen/crd/gen_zoo_bar.example.com_zoos.yaml'), 'utf8'));
  });

  it('maxDescLen 50 truncates descriptions as controller-gen does, byte for byte', () => {
    const files = written(50);
    expect(files.get('bar.example.com_foos.yaml')).toBe(
      readFileSync(path.join(conformanceDir, 'controller-gen/crd/gen_bar.example.com_foos_maxdesclen.yaml'), 'utf8'),
    );
  });
});
