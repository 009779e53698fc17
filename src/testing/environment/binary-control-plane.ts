/**
 * KUBEBUILDER_ASSETS: starts etcd and kube-apiserver from that directory, as envtest does,
 * with a static admin token for authentication and a generated service-account key.
 *
 * This path cannot run on machines without those binaries (the project's CI has none);
 * it is kept small and follows envtest's flags.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeConfigFor } from './kubeconfig.js';
import { freePort } from './free-port.js';

export interface BinaryControlPlane {
  kubeConfig: KubeConfig;
  stop(): Promise<void>;
}

function binary(assets: string, name: string): string {
  const file = path.join(assets, name);
  if (!existsSync(file)) throw new Error(`KUBEBUILDER_ASSETS=${assets} has no ${name} binary`);
  return file;
}

async function waitReady(url: string, token: string, timeoutMs: number, processes: ChildProcess[]): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // kube-apiserver serves a self-signed certificate it generated itself.
  const agent = new Agent({ rejectUnauthorized: false });
  for (;;) {
    for (const p of processes) if (p.exitCode !== null) throw new Error(`${p.spawnfile} exited with code ${p.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const req = request(`${url}/readyz`, { agent, headers: { Authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`kube-apiserver at ${url} was not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startBinaryControlPlane(assets: string, options: { startTimeoutMs?: number } = {}): Promise<BinaryControlPlane> {
  const etcdBin = binary(assets, 'etcd');
  const apiserverBin = binary(assets, 'kube-apiserver');
  const dir = await mkdtemp(path.join(tmpdir(), 'scaffolder-envtest-'));
  const [etcdClient, etcdPeer, securePort] = [await freePort('127.0.0.1'), await freePort('127.0.0.1'), await freePort('127.0.0.1')];
  const token = randomBytes(24).toString('hex');
  await writeFile(path.join(dir, 'tokens.csv'), `${token},admin,admin,system:masters\n`, { mode: 0o600 });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await writeFile(path.join(dir, 'sa.key'), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  await writeFile(path.join(dir, 'sa.pub'), publicKey.export({ type: 'spki', format: 'pem' }));

  const etcd = spawn(etcdBin, [
    `--data-dir=${path.join(dir, 'etcd')}`,
    `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
    `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
    `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
    '--unsafe-no-fsync=true',
  ], { stdio: 'ignore' });
  const apiserver = spawn(apiserverBin, [
    `--etcd-servers=http://127.0.0.1:${etcdClient}`,
    `--cert-dir=${path.join(dir, 'certs')}`,
    `--secure-port=${securePort}`,
    '--bind-address=127.0.0.1',
    `--token-auth-file=${path.join(dir, 'tokens.csv')}`,
    '--authorization-mode=RBAC',
    `--service-account-key-file=${path.join(dir, 'sa.pub')}`,
    `--service-account-signing-key-file=${path.join(dir, 'sa.key')}`,
    '--service-account-issuer=https://127.0.0.1',
    '--service-cluster-ip-range=10.0.0.0/24',
    '--allow-privileged=true',
    '--disable-admission-plugins=ServiceAccount',
  ], { stdio: 'ignore' });
  const url = `https://127.0.0.1:${securePort}`;
  const stop = async (): Promise<void> => {
    for (const p of [apiserver, etcd]) {
      if (p.exitCode === null) {
        const exited = new Promise((r) => p.once('exit', r));
        p.kill('SIGTERM');
        await exited;
      }
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, token, options.startTimeoutMs ?? 60_000, [etcd, apiserver]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { kubeConfig: kubeConfigFor(url, { token, skipTLSVerify: true }), stop };
}
