import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readProjectSettings } from '../../src/generators/manifests/index.js';

const valid = 'domain: example.com\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: shop\nnamespaced: true\nkubernetesVersion: "1.35"\nversion: "3"\n';

describe('readProjectSettings (what manifests takes from PROJECT)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'project-settings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the project name, namespaced and the Kubernetes release; defaults without PROJECT', () => {
    expect(readProjectSettings(dir)).toEqual({ namespaced: false });
    writeFileSync(path.join(dir, 'PROJECT'), valid);
    expect(readProjectSettings(dir)).toEqual({ projectName: 'shop', namespaced: true, kubernetesVersion: '1.35' });
    expect(readProjectSettings(dir, valid.replace('shop', 'planned'))).toMatchObject({ projectName: 'planned' });
  });

  it('refuses what every other command refuses, naming the file and line', () => {
    writeFileSync(path.join(dir, 'PROJECT'), valid.replace('"1.35"', '"1.20"'));
    expect(() => readProjectSettings(dir)).toThrow(/PROJECT:5: kubernetesVersion "1.20" is not one scaffolder ships/);
    writeFileSync(path.join(dir, 'PROJECT'), valid.replace('typescript.scaffolder.dev/v1', 'go.kubebuilder.io/v4'));
    expect(() => readProjectSettings(dir)).toThrow(/PROJECT:2: project layout "go.kubebuilder.io\/v4" is not typescript.scaffolder.dev\/v1/);
  });
});
