/** KubeConfigs for the environments: one cluster, one user, one context named `envtest`. */
import { writeFile } from 'node:fs/promises';
import { KubeConfig } from '@kubernetes/client-node';

export function kubeConfigFor(server: string, options: { token?: string; caData?: string; skipTLSVerify?: boolean } = {}): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'envtest', server, skipTLSVerify: options.skipTLSVerify ?? false, caData: options.caData }],
    users: [{ name: 'envtest', token: options.token }],
    contexts: [{ name: 'envtest', cluster: 'envtest', user: 'envtest', namespace: 'default' }],
    currentContext: 'envtest',
  });
  return kc;
}

/** Writes a kubeconfig file that kubectl and client libraries read (JSON is valid YAML). */
export async function writeKubeConfigFile(kc: KubeConfig, file: string): Promise<void> {
  await writeFile(file, kc.exportConfig(), { mode: 0o600 });
}
