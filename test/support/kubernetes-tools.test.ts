import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasKubernetesBinaries, kubernetesAssetsDir, REQUIRE_KUBERNETES_ENV, toolsRoot, toolVersions } from './kubernetes-tools.js';

describe('hasKubernetesBinaries', () => {
  const saved = { require: process.env[REQUIRE_KUBERNETES_ENV], tools: process.env.SCAFFOLDER_TOOLS_DIR };
  beforeEach(() => {
    delete process.env[REQUIRE_KUBERNETES_ENV];
    // A tools directory that has nothing, wherever this runs.
    process.env.SCAFFOLDER_TOOLS_DIR = path.join('/nonexistent', `tools-${process.pid}`);
  });
  afterEach(() => {
    for (const [name, value] of [[REQUIRE_KUBERNETES_ENV, saved.require], ['SCAFFOLDER_TOOLS_DIR', saved.tools]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    vi.restoreAllMocks();
  });

  it('looks in SCAFFOLDER_TOOLS_DIR for the first Kubernetes release of versions.json', () => {
    expect(kubernetesAssetsDir()).toBe(path.join(toolsRoot(), `kubernetes-${toolVersions().kubernetes[0]}`));
    expect(toolsRoot()).toBe(process.env.SCAFFOLDER_TOOLS_DIR);
  });

  it('is false without the binaries, and says in one line, once, what is missing and how to build it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(hasKubernetesBinaries()).toBe(false);
    expect(hasKubernetesBinaries()).toBe(false);
    expect(warn.mock.calls).toEqual([[`skipped: needs ${kubernetesAssetsDir()}/{kube-apiserver,etcd} (build them: npm run tools:kubernetes)`]]);
  });

  it(`throws instead when ${REQUIRE_KUBERNETES_ENV} is set (CI)`, () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    process.env[REQUIRE_KUBERNETES_ENV] = '1';
    expect(() => hasKubernetesBinaries('1.0.0')).toThrow(`${REQUIRE_KUBERNETES_ENV} is set but ${kubernetesAssetsDir('1.0.0')}/{kube-apiserver,etcd} is missing`);
    expect(warn).not.toHaveBeenCalled();
  });
});
