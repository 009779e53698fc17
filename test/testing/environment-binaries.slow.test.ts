// startTestEnvironment on etcd and kube-apiserver (binaryAssetsDirectory / KUBEBUILDER_ASSETS):
// how the processes are started, reported when they fail, and stopped. The tests that need the
// real binaries skip without them (npm run tools:kubernetes builds them); the others use scripts
// standing in for the binaries.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as k8s from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBinaryControlPlane } from '../../src/testing/environment/binary-control-plane.js';
import { requestJSON } from '../../src/testing/environment/api-request.js';
import { apiServerArgs } from '../../src/testing/environment/control-plane-flags.js';
import { freePort } from '../../src/testing/environment/free-port.js';
import { ControlPlaneStartError, eventually, startTestEnvironment } from '../../src/testing/index.js';
import { hasKubernetesBinaries, kubernetesAssetsDir } from '../support/kubernetes-tools.js';

const run = promisify(execFile);

let dir: string;
let savedTmp: string | undefined;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'scaffolder-binaries-'));
  savedTmp = process.env.TMPDIR;
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
});

/** A fresh directory as os.tmpdir() for the rest of the test, to see what the environment leaves there. */
async function privateTmp(name: string): Promise<string> {
  const tmp = path.join(dir, name);
  await mkdir(tmp);
  process.env.TMPDIR = tmp;
  return tmp;
}

/** Whether a process exists and is not a zombie (killed, waiting for init to reap it). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function script(assets: string, name: string, body: string): Promise<void> {
  await writeFile(path.join(assets, name), `#!/bin/sh\n${body}\n`);
  await chmod(path.join(assets, name), 0o755);
}

describe('binaries that cannot start', () => {
  it('names the binary missing and the directory it was looked for in', async () => {
    const assets = path.join(dir, 'empty-assets');
    await mkdir(assets);
    await script(assets, 'kube-apiserver', 'exit 0');
    await expect(startTestEnvironment({ binaryAssetsDirectory: assets })).rejects.toThrow(
      `no executable etcd in ${assets} (binaryAssetsDirectory, else KUBEBUILDER_ASSETS, names the directory holding etcd and kube-apiserver)`,
    );
  });

  it("reads envtest's timeout variables as Go durations, and names a value that is none", async () => {
    const assets = path.join(dir, 'timeout-assets');
    await mkdir(assets);
    // An etcd that never answers: the start timeout decides how long start waits.
    await script(assets, 'etcd', 'exec sleep 600');
    await script(assets, 'kube-apiserver', 'exit 0');
    process.env.KUBEBUILDER_CONTROLPLANE_START_TIMEOUT = 'soon';
    try {
      await expect(startTestEnvironment({ binaryAssetsDirectory: assets })).rejects.toThrow('KUBEBUILDER_CONTROLPLANE_START_TIMEOUT=soon is not a duration (examples: 20s, 1m30s, 500ms)');
      process.env.KUBEBUILDER_CONTROLPLANE_START_TIMEOUT = '0.3s';
      await expect(startTestEnvironment({ binaryAssetsDirectory: assets })).rejects.toThrow(/^etcd did not answer http:\/\/127\.0\.0\.1:\d+\/health with 200 in time \(it wrote nothing\)$/);
    } finally {
      delete process.env.KUBEBUILDER_CONTROLPLANE_START_TIMEOUT;
    }
  });

  it('reports a binary that exits during start with its last 40 output lines, and leaves no process or directory behind', async () => {
    const assets = path.join(dir, 'dying-assets');
    await mkdir(assets);
    const pids = path.join(dir, 'dying.pids');
    // etcd that starts a helper in its process group, writes 60 lines and exits.
    await script(assets, 'etcd', `sleep 600 & echo $! >> ${pids}\necho $$ >> ${pids}\ni=1; while [ $i -le 60 ]; do echo "etcd line $i"; i=$((i+1)); done\nexit 2`);
    await script(assets, 'kube-apiserver', 'exit 0');
    const tmp = await privateTmp('dying-tmp');
    const failure = await startTestEnvironment({ binaryAssetsDirectory: assets }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ControlPlaneStartError);
    const message = (failure as Error).message;
    expect(message).toMatch(/^etcd exited with code 2 while starting; its last output:\netcd line 21\n/);
    expect(message).toMatch(/\netcd line 60$/);
    expect(message).not.toContain('etcd line 20\n');
    const started = (await readFile(pids, 'utf8')).trim().split('\n').map(Number);
    expect(started).toHaveLength(2);
    // SIGKILL is delivered asynchronously: allow the kernel a moment.
    await eventually(() => started.filter(isRunning).length === 0);
    expect(await readdir(tmp)).toEqual([]);
  });
});

describe('control-plane flags', () => {
  const layout = {
    etcdURL: 'http://127.0.0.1:1', port: 2, certDir: '/c', servingCertFile: '/c/t.crt', servingKeyFile: '/c/t.key',
    tokenFile: '/c/tokens.csv', serviceAccountPublicKeyFile: '/c/sa.pub', serviceAccountSigningKeyFile: '/c/sa.key',
  };
  it('sets, repeats and removes flags as asked, keeping the other defaults', () => {
    const args = apiServerArgs(layout, { 'authorization-mode': 'RBAC,Node', '--feature-gates': ['A=true', 'B=false'], 'disable-admission-plugins': null });
    expect(args).toContain('--authorization-mode=RBAC,Node');
    expect(args).not.toContain('--authorization-mode=RBAC');
    expect(args.filter((a) => a.startsWith('--feature-gates='))).toEqual(['--feature-gates=A=true', '--feature-gates=B=false']);
    expect(args.some((a) => a.startsWith('--disable-admission-plugins'))).toBe(false);
    expect(args).toContain('--etcd-servers=http://127.0.0.1:1');
  });
});

describe.skipIf(!hasKubernetesBinaries())('etcd and kube-apiserver', () => {
  const assets = kubernetesAssetsDir();

  it('start with the flags given, copy their output when asked, and stop: processes ended, directory removed', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(chunk.toString());
      return true;
    });
    // The spy stays until stop: the processes write until they exit.
    let plane;
    try {
      const port = await freePort('127.0.0.1');
      plane = await startBinaryControlPlane(assets, { attachOutput: true, apiServerFlags: { 'service-cluster-ip-range': '10.96.7.0/24', 'secure-port': String(port) } });
      try {
        expect(plane.url).toBe(`https://127.0.0.1:${port}`);
        const core = plane.kubeConfig.makeApiClient(k8s.CoreV1Api);
        const service = await core.createNamespacedService({ namespace: 'default', body: { metadata: { name: 's' }, spec: { ports: [{ port: 80 }] } } });
        expect(service.spec?.clusterIP).toMatch(/^10\.96\.7\.\d+$/);
      } finally {
        await plane.stop();
      }
    } finally {
      spy.mockRestore();
    }
    // What etcd and kube-apiserver write at start (both log to stderr).
    expect(written.join('')).toContain('"msg":"Running: "');
    expect(written.join('')).toContain(`Serving securely on ${new URL(plane.url).host}`);
    await eventually(() => [plane.pids.etcd, plane.pids.apiServer].filter(isRunning).length === 0);
    await expect(readdir(plane.directory)).rejects.toThrow(/ENOENT/);
  });

  it('reports kube-apiserver refusing its flags with its own message, and stops etcd', async () => {
    const tmp = await privateTmp('refused-tmp');
    const failure = await startTestEnvironment({ binaryAssetsDirectory: assets, controlPlane: { apiServerFlags: { 'no-such-flag': 'x' } } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ControlPlaneStartError);
    expect((failure as Error).message).toMatch(/^kube-apiserver exited with code 1 while starting; its last output:\n[^]*unknown flag: --no-such-flag/);
    expect(await readdir(tmp)).toEqual([]);
    const { stdout } = await run('pgrep', ['-f', path.join(assets, 'etcd')]).catch(() => ({ stdout: '' }));
    // No etcd of ours runs with a data directory under this test's TMPDIR.
    for (const pid of stdout.split('\n').filter(Boolean)) {
      expect(await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).not.toContain(tmp);
    }
  });

  it('serves the CRDs as soon as it returns (their storage ready for the first request), and writes a kubeconfig kubectl verifies the server with', async () => {
    const tmp = await privateTmp('env-tmp');
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'gizmos.env.example.com' },
      spec: {
        group: 'env.example.com',
        scope: 'Namespaced',
        names: { kind: 'Gizmo', listKind: 'GizmoList', plural: 'gizmos', singular: 'gizmo' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    };
    const env = await startTestEnvironment({ binaryAssetsDirectory: assets, crdInstallOptions: { crds: [crd], pollIntervalMs: 50 } });
    try {
      expect(env.mode).toBe('binaries');
      expect(() => env.server).toThrow(/only for the in-process server/);
      // Its storage is ready as well: kube-apiserver answers a resource's first request with 429
      // (Retry-After: 1 s) until the storage it starts then is filled. requestJSON sends once.
      await expect(requestJSON(env.kubeConfig, 'GET', '/apis/env.example.com/v1/gizmos')).resolves.toMatchObject({ kind: 'GizmoList' });
      const resources = await env.kubeConfig.makeApiClient(k8s.CustomObjectsApi).getAPIResources({ group: 'env.example.com', version: 'v1' });
      expect(resources.resources.map((r) => r.name)).toContain('gizmos');
      // The CRD went as written: its x-kubernetes-preserve-unknown-fields keeps what the schema does not name.
      const objects = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
      const body = { apiVersion: 'env.example.com/v1', kind: 'Gizmo', metadata: { name: 'g' }, spec: { anything: { goes: 1 } } };
      await objects.createNamespacedCustomObject({ group: 'env.example.com', version: 'v1', namespace: 'default', plural: 'gizmos', body });
      const stored = (await objects.getNamespacedCustomObject({ group: 'env.example.com', version: 'v1', namespace: 'default', plural: 'gizmos', name: 'g' })) as typeof body;
      expect(stored.spec).toEqual({ anything: { goes: 1 } });
      // A CRD kube-apiserver never establishes (its plural is the first one's singular): the wait ends at maxTimeMs.
      const clash = { ...crd, metadata: { name: 'gizmo.env.example.com' }, spec: { ...crd.spec, names: { kind: 'Gadget', listKind: 'GadgetList', plural: 'gizmo', singular: 'gadget' } } };
      await expect(startTestEnvironment({ useExistingCluster: true, config: env.kubeConfig, crdInstallOptions: { crds: [clash], maxTimeMs: 300 } })).rejects.toThrow(
        'CustomResourceDefinition gizmo.env.example.com was not established and served within 300 ms',
      );
      const kubeconfig = path.join(dir, 'binaries.kubeconfig');
      await env.writeKubeconfig(kubeconfig);
      expect(await readFile(kubeconfig, 'utf8')).not.toContain('insecure-skip-tls-verify: true');
      const { stdout } = await run('kubectl', ['get', 'crd', 'gizmos.env.example.com', '-o', 'name'], { env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: path.join(dir, 'kubectl-cache') } });
      expect(stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io/gizmos.env.example.com');
    } finally {
      await env.stop();
    }
    expect(await readdir(tmp)).toEqual([]);
  });
});
