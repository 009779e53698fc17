/**
 * Which Kubernetes release's built-in types a CRD embeds: `manifests --kubernetes-version`, else
 * PROJECT's kubernetesVersion (init writes the newest shipped, `edit --kubernetes-version` changes
 * it), else the newest; a type the chosen release lacks is an error naming the field and the
 * releases that have it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type JSONSchemaProps } from '../../src/generators/crd/index.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { noInstall, noMake, ok, runCli, tempProjectDir } from '../cli/run-cli.js';
import { generateFrom } from './api-sandbox.js';

const GROUP = `// +groupName=test.example.com\nexport const GroupVersion = { group: 'test.example.com', version: 'v1' };\n`;

const podTypes = `import type { V1PodSpec } from '@kubernetes/client-node';
import type { ObjectMeta } from 'kubescaffolder/runtime';

// +kubebuilder:object:root=true

/** Runner runs a pod. */
export interface Runner {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: V1PodSpec;
}
`;

// scheduling.k8s.io/v1alpha2 PodGroup exists in Kubernetes 1.36 only.
const podGroupTypes = `import type { V1alpha2PodGroupSpec } from '@kubernetes/client-node';
import type { ObjectMeta } from 'kubescaffolder/runtime';

export interface GangSpec {
  /** The group to schedule together. */
  group?: V1alpha2PodGroupSpec;
}

// +kubebuilder:object:root=true

/** Gang schedules pods together. */
export interface Gang {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: GangSpec;
}
`;

const podSpecOf = (crd: { spec: { versions: { schema?: { openAPIV3Schema?: JSONSchemaProps } }[] } }) =>
  crd.spec.versions[0].schema!.openAPIV3Schema!.properties!.spec;

describe('the Kubernetes release of built-in types', () => {
  it('embeds the chosen release: PodSpec.schedulingGroup from 1.36, workloadRef in 1.35 only', () => {
    const files = { 'api/v1/groupversion_info.ts': GROUP, 'api/v1/runner_types.ts': podTypes };
    const byVersion = (kubernetesVersion?: string) => {
      const dir = generateFrom(files).dir;
      const { crds, diagnostics } = generateCrds({ paths: [dir], toolVersion: 'test', kubernetesVersion });
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      return Object.keys(podSpecOf(crds[0].crd).properties!);
    };
    expect(byVersion()).toContain('schedulingGroup');
    expect(byVersion('1.36')).not.toContain('workloadRef');
    expect(byVersion('1.35')).toContain('workloadRef');
    expect(byVersion('1.35')).not.toContain('schedulingGroup');
    expect(byVersion('1.34')).not.toContain('workloadRef');
  });

  it('refuses a type the chosen release lacks, naming the field, the file:line and the releases that have it', () => {
    const dir = generateFrom({ 'api/v1/groupversion_info.ts': GROUP, 'api/v1/gang_types.ts': podGroupTypes }).dir;
    const r = generateCrds({ paths: [dir], toolVersion: 'test', kubernetesVersion: '1.34' });
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.file.slice(dir.length + 1)}:${d.line}: ${d.message}`)).toEqual([
      'api/v1/gang_types.ts:6: field group: V1alpha2PodGroupSpec is not in Kubernetes 1.34: it is in 1.36 (choose one with --kubernetes-version or PROJECT\'s kubernetesVersion)',
    ]);
    const ok136 = generateCrds({ paths: [dir], toolVersion: 'test', kubernetesVersion: '1.36' });
    expect(ok136.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(podSpecOf(ok136.crds[0].crd).properties!.group.required).toEqual(['schedulingPolicy']);
  });
});

describe('init, edit and manifests choose the release', () => {
  let dir: string;
  let cleanup: () => void;
  const project = () => parse(readFileSync(join(dir, 'PROJECT'), 'utf8')) as Record<string, unknown>;
  const crdFile = () => join(dir, 'config', 'crd', 'bases', 'test.example.com_runners.yaml');

  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('project'));
    await ok(dir, ['init', '--domain', 'example.com', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'test', '--version', 'v1', '--kind', 'Runner', '--controller=false', ...noMake]);
    writeFileSync(join(dir, 'api', 'v1', 'runner_types.ts'), readFileSync(join(dir, 'api', 'v1', 'runner_types.ts'), 'utf8')
      .replace(/export interface RunnerSpec \{[\s\S]*?\n\}/, 'export interface RunnerSpec {\n  pod?: V1PodSpec;\n}')
      .replace(/^/, "import type { V1PodSpec } from '@kubernetes/client-node';\n"));
  });
  afterEach(() => cleanup());

  const pod = () => podSpecOf(parse(readFileSync(crdFile(), 'utf8'))).properties!.pod;

  it('init writes the newest release into PROJECT; manifests uses PROJECT, --kubernetes-version overrides it', async () => {
    expect(project().kubernetesVersion).toBe('1.36');
    await ok(dir, ['manifests']);
    expect(Object.keys(pod().properties!)).toContain('schedulingGroup');
    await ok(dir, ['manifests', '--kubernetes-version', '1.35']);
    expect(Object.keys(pod().properties!)).toContain('workloadRef');
  });

  it('edit --kubernetes-version changes PROJECT, and manifests follows; a PROJECT without the field uses the newest', async () => {
    await ok(dir, ['edit', '--kubernetes-version', '1.35']);
    expect(project().kubernetesVersion).toBe('1.35');
    await ok(dir, ['manifests']);
    expect(Object.keys(pod().properties!)).toContain('workloadRef');
    writeFileSync(join(dir, 'PROJECT'), readFileSync(join(dir, 'PROJECT'), 'utf8').replace(/^kubernetesVersion: .*\n/m, ''));
    await ok(dir, ['manifests']);
    expect(Object.keys(pod().properties!)).toContain('schedulingGroup');
  });

  it('refuses a release it does not ship, and writes nothing', async () => {
    const bad = await runCli(dir, ['manifests', '--kubernetes-version', '1.20']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('invalid --kubernetes-version "1.20": must be one of 1.34, 1.35, 1.36');
    expect(existsSync(crdFile())).toBe(false);
    const edit = await runCli(dir, ['edit', '--kubernetes-version', '1.20']);
    expect(edit.code).not.toBe(0);
    expect(edit.stderr).toContain('invalid --kubernetes-version "1.20": must be one of 1.34, 1.35, 1.36');
    writeFileSync(join(dir, 'PROJECT'), readFileSync(join(dir, 'PROJECT'), 'utf8').replace(/^kubernetesVersion: .*$/m, 'kubernetesVersion: "1.20"'));
    const fromProject = await runCli(dir, ['manifests']);
    expect(fromProject.code).not.toBe(0);
    // manifests reads PROJECT as every command does: the error names its line.
    expect(fromProject.stderr).toMatch(/PROJECT:\d+: kubernetesVersion "1.20" is not one scaffolder ships \(1.34, 1.35, 1.36\)/);
    expect(existsSync(crdFile())).toBe(false);
  });
});
