/**
 * A CRD in a protected group (`*.k8s.io`, `*.kubernetes.io`) without the api-approved.kubernetes.io
 * annotation: kube-apiserver refuses it, but projects add the annotation after generation (gateway-api
 * does, in a kustomize step), so `manifests` writes it with a warning, and says nothing when
 * config/crd/kustomization.yaml adds the annotation.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runManifests } from '../../src/generators/manifests/index.js';

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

const GROUP = 'gateway.networking.k8s.io';
const CRD_FILE = `config/crd/bases/${GROUP}_gateways.yaml`;

function project(files: Record<string, string> = {}, kindMarkers = ''): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'protected-group-'));
  temps.push(dir);
  const all: Record<string, string> = {
    PROJECT: 'domain: k8s.io\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: gw\nversion: "3"\n',
    'api/v1/groupversion_info.ts': `// +groupName=${GROUP}\nexport const GroupVersion = { group: '${GROUP}', version: 'v1' };\n`,
    'api/v1/gateway_types.ts': `import type { ObjectMeta } from 'kubescaffolder/runtime';\n\n// +kubebuilder:object:root=true\n${kindMarkers}\nexport interface Gateway {\n  metadata?: ObjectMeta;\n  spec?: { address?: string };\n}\n`,
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

async function manifests(dir: string, strict = false) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runManifests({ projectDir: dir, strict }, { stdout: (s) => void out.push(s), stderr: (s) => void err.push(s) });
  return { code, stderr: err.join(''), stdout: out.join('') };
}

describe('CRDs in protected groups', () => {
  it('without the approval annotation: written, with a warning that names the annotation and both ways to add it', async () => {
    const dir = project();
    const r = await manifests(dir);
    expect(r.code).toBe(0);
    expect(existsSync(path.join(dir, CRD_FILE))).toBe(true);
    expect(r.stderr).toMatch(/api\/v1\/gateway_types\.ts:\d+:\d+: warning: .*gateways\.gateway\.networking\.k8s\.io.* protected group .*api-approved\.kubernetes\.io.*\+kubebuilder:metadata:annotations=.*config\/crd\/kustomization\.yaml/);
  });

  it('under --strict the warning is an error and nothing is written', async () => {
    const dir = project();
    const r = await manifests(dir, true);
    expect(r.code).not.toBe(0);
    expect(existsSync(path.join(dir, CRD_FILE))).toBe(false);
  });

  it.each([
    ['commonAnnotations', { 'config/crd/kustomization.yaml': 'resources:\n- bases/x.yaml\ncommonAnnotations:\n  api-approved.kubernetes.io: https://github.com/kubernetes/enhancements/pull/1111\n' }],
    [
      'a strategic-merge patch file naming the CRD',
      {
        'config/crd/kustomization.yaml': 'resources:\n- bases/x.yaml\npatches:\n- path: patches/approval.yaml\n',
        'config/crd/patches/approval.yaml': `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: gateways.${GROUP}\n  annotations:\n    api-approved.kubernetes.io: "unapproved, experimental"\n`,
      },
    ],
    [
      'an inline JSON 6902 patch with a target',
      {
        'config/crd/kustomization.yaml': `patches:\n- target:\n    kind: CustomResourceDefinition\n    name: gateways.${GROUP}\n  patch: |-\n    - op: add\n      path: /metadata/annotations/api-approved.kubernetes.io\n      value: https://github.com/kubernetes-sigs/gateway-api/pull/1\n`,
      },
    ],
  ])('the annotation added by config/crd/kustomization.yaml (%s) counts: no warning', async (_name, files) => {
    const dir = project(files);
    const r = await manifests(dir, true);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('a patch for another CRD does not count', async () => {
    const dir = project({ 'config/crd/kustomization.yaml': 'patches:\n- target:\n    name: routes.gateway.networking.k8s.io\n  patch: |-\n    - op: add\n      path: /metadata/annotations/api-approved.kubernetes.io\n      value: https://example.com/1\n' });
    expect((await manifests(dir)).stderr).toContain('warning:');
  });

  it('the annotation from +kubebuilder:metadata is written; an invalid value stays an error and nothing is written', async () => {
    const ok = project({}, '// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://github.com/kubernetes/enhancements/pull/1111"');
    const r = await manifests(ok, true);
    expect(r.stderr).toBe('');
    expect((parse(readFileSync(path.join(ok, CRD_FILE), 'utf8')) as { metadata: { annotations: Record<string, string> } }).metadata.annotations['api-approved.kubernetes.io']).toBe('https://github.com/kubernetes/enhancements/pull/1111');

    const bad = project({}, '// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=later"');
    const refused = await manifests(bad);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved"');
    expect(existsSync(path.join(bad, CRD_FILE))).toBe(false);
  });
});
