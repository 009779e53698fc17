/**
 * Where a manager finds its cluster, in controller-runtime's order: an explicit path
 * (--kubeconfig), $KUBECONFIG, in-cluster service account, ~/.kube/config. Unlike client-node's
 * loadFromDefault, finding nothing is an error rather than a silent http://localhost:8080.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

export function loadKubeConfig(explicitPath?: string): KubeConfig {
  const kc = new KubeConfig();
  if (explicitPath) {
    if (!existsSync(explicitPath)) throw new Error(`kubeconfig ${explicitPath} (--kubeconfig) does not exist`);
    kc.loadFromFile(explicitPath);
    return kc;
  }
  if (process.env.KUBECONFIG) {
    kc.loadFromDefault();
    return kc;
  }
  if (process.env.KUBERNETES_SERVICE_HOST && existsSync(path.join(SERVICE_ACCOUNT_DIR, 'token'))) {
    kc.loadFromCluster();
    return kc;
  }
  const home = path.join(homedir(), '.kube', 'config');
  if (existsSync(home)) {
    kc.loadFromFile(home);
    return kc;
  }
  throw new Error(
    'no kubeconfig found: set KUBECONFIG or --kubeconfig, create ~/.kube/config, or run in a pod with a service account',
  );
}

/** The namespace a pod runs in, from its service account mount; undefined outside a cluster. */
export function inClusterNamespace(): string | undefined {
  try {
    return readFileSync(path.join(SERVICE_ACCOUNT_DIR, 'namespace'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
