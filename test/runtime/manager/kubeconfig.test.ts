import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadKubeConfig } from '../../../src/runtime/index.js';

const kubeconfigText = (server: string) => `apiVersion: v1
kind: Config
clusters: [{ name: c, cluster: { server: "${server}" } }]
users: [{ name: u, user: { token: t } }]
contexts: [{ name: x, context: { cluster: c, user: u } }]
current-context: x
`;

const saved = { KUBECONFIG: process.env.KUBECONFIG, HOME: process.env.HOME, KUBERNETES_SERVICE_HOST: process.env.KUBERNETES_SERVICE_HOST };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('loadKubeConfig', () => {
  it('prefers an explicit path, then $KUBECONFIG, then ~/.kube/config', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kc-'));
    const explicit = path.join(dir, 'explicit');
    const fromEnv = path.join(dir, 'env');
    writeFileSync(explicit, kubeconfigText('https://explicit:6443'));
    writeFileSync(fromEnv, kubeconfigText('https://env:6443'));
    mkdirSync(path.join(dir, '.kube'));
    writeFileSync(path.join(dir, '.kube', 'config'), kubeconfigText('https://home:6443'));
    process.env.HOME = dir;
    delete process.env.KUBERNETES_SERVICE_HOST;

    process.env.KUBECONFIG = fromEnv;
    expect(loadKubeConfig(explicit).getCurrentCluster()?.server).toBe('https://explicit:6443');
    expect(loadKubeConfig().getCurrentCluster()?.server).toBe('https://env:6443');
    delete process.env.KUBECONFIG;
    expect(loadKubeConfig().getCurrentCluster()?.server).toBe('https://home:6443');
  });

  it('fails with a message that says where it looked, instead of defaulting to localhost', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kc-empty-'));
    process.env.HOME = dir;
    delete process.env.KUBECONFIG;
    delete process.env.KUBERNETES_SERVICE_HOST;
    expect(() => loadKubeConfig()).toThrow(/no kubeconfig found: set KUBECONFIG or --kubeconfig/);
    expect(() => loadKubeConfig(path.join(dir, 'missing'))).toThrow(/missing \(--kubeconfig\) does not exist/);
  });
});
