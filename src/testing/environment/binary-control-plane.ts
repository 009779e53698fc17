/**
 * KUBEBUILDER_ASSETS / binaryAssetsDirectory: etcd and kube-apiserver started from that directory
 * as envtest starts them (control-plane-flags.ts), each in its own process group
 * (supervised-process.ts), ready once etcd's /health and kube-apiserver's /readyz answer
 * (control-plane-readiness.ts). Stop ends both and removes their temporary directory.
 */
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { apiServerArgs, etcdArgs, type FlagOverrides } from './control-plane-flags.js';
import { writeControlPlaneCredentials } from './control-plane-credentials.js';
import { ControlPlaneStartError, waitUntilServing } from './control-plane-readiness.js';
import { freePort } from './free-port.js';
import { kubeConfigFor } from './kubeconfig.js';
import { startSupervisedProcess, type SupervisedProcess } from './supervised-process.js';

export interface BinaryControlPlaneOptions {
  /** Copy etcd's and kube-apiserver's output to this process's stdout and stderr (envtest's AttachControlPlaneOutput). */
  attachOutput?: boolean;
  /** How long etcd and kube-apiserver together may take to serve (default 60 s). */
  startTimeoutMs?: number;
  /** How long each may take to exit after SIGTERM before it is killed (default 20 s). */
  stopTimeoutMs?: number;
  /** Changes to kube-apiserver's flags (see FlagOverrides). */
  apiServerFlags?: FlagOverrides;
  /** Changes to etcd's flags (see FlagOverrides). */
  etcdFlags?: FlagOverrides;
}

export interface BinaryControlPlane {
  kubeConfig: KubeConfig;
  /** The URL kube-apiserver serves at (HTTPS). */
  url: string;
  /** Process ids of etcd and kube-apiserver, each the leader of its process group. */
  pids: { etcd: number; apiServer: number };
  /** The temporary directory holding etcd's data and the credentials; removed by stop. */
  directory: string;
  stop(): Promise<void>;
}

/** The binaries a control plane needs in its assets directory. */
export const CONTROL_PLANE_BINARIES = ['etcd', 'kube-apiserver'] as const;

async function binary(assets: string, name: string): Promise<string> {
  const file = path.join(assets, name);
  try {
    await access(file, constants.X_OK);
  } catch {
    throw new ControlPlaneStartError(
      `no executable ${name} in ${assets} (binaryAssetsDirectory, else KUBEBUILDER_ASSETS, names the directory holding ${CONTROL_PLANE_BINARIES.join(' and ')})`,
    );
  }
  return file;
}

const portTaken = /address already in use/i;

async function startOnce(etcdBin: string, apiServerBin: string, options: BinaryControlPlaneOptions): Promise<BinaryControlPlane> {
  const directory = await mkdtemp(path.join(tmpdir(), 'scaffolder-envtest-'));
  const started: SupervisedProcess[] = [];
  const stopTimeout = options.stopTimeoutMs ?? 20_000;
  const stop = async (): Promise<void> => {
    // kube-apiserver first: it holds connections to etcd.
    for (const proc of started.reverse()) await proc.stop(stopTimeout);
    await rm(directory, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
    const [clientPort, peerPort] = [await freePort('127.0.0.1'), await freePort('127.0.0.1')];
    // A port the user set among the flags is the one kube-apiserver serves at, and the one awaited.
    const port = Number(options.apiServerFlags?.['secure-port'] ?? 0) || (await freePort('127.0.0.1'));
    const credentials = await writeControlPlaneCredentials(path.join(directory, 'credentials'));
    const etcd = await startSupervisedProcess('etcd', etcdBin, etcdArgs({ dataDir: path.join(directory, 'etcd'), clientPort, peerPort }, options.etcdFlags), {
      attachOutput: options.attachOutput,
      cwd: directory,
    });
    started.push(etcd);
    const etcdURL = `http://127.0.0.1:${clientPort}`;
    await waitUntilServing(etcd, { url: `${etcdURL}/health` }, deadline);
    const apiServer = await startSupervisedProcess(
      'kube-apiserver',
      apiServerBin,
      apiServerArgs({ etcdURL, port, certDir: path.join(directory, 'certs'), ...credentials }, options.apiServerFlags),
      { attachOutput: options.attachOutput, cwd: directory },
    );
    started.push(apiServer);
    const url = `https://127.0.0.1:${port}`;
    await waitUntilServing(apiServer, { url: `${url}/readyz`, ca: credentials.caCert, token: credentials.token }, deadline);
    return {
      kubeConfig: kubeConfigFor(url, { caData: Buffer.from(credentials.caCert).toString('base64'), token: credentials.token }),
      url,
      pids: { etcd: etcd.pid, apiServer: apiServer.pid },
      directory,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function startBinaryControlPlane(assets: string, options: BinaryControlPlaneOptions = {}): Promise<BinaryControlPlane> {
  const etcdBin = await binary(assets, 'etcd');
  const apiServerBin = await binary(assets, 'kube-apiserver');
  // A free port can be taken between choosing it and binding it (envtest retries too).
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(etcdBin, apiServerBin, options);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof ControlPlaneStartError && portTaken.test(err.message))) throw err;
    }
  }
}
