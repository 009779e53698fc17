/**
 * ServiceAccounts on kube-apiserver (it signs their tokens; the in-process server's tokens are its
 * own): one created with a token, and a kubeconfig that authenticates as it, for tests of what RBAC
 * lets a manager or a scraper do.
 */
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';

/** Creates the ServiceAccount `namespace/name` and returns a kubeconfig carrying a token of it. */
export async function serviceAccountKubeConfig(admin: KubeConfig, namespace: string, name: string): Promise<KubeConfig> {
  const core = admin.makeApiClient(CoreV1Api);
  await core.createNamespacedServiceAccount({ namespace, body: { metadata: { name } } });
  const { status } = await core.createNamespacedServiceAccountToken({ namespace, name, body: { spec: { audiences: [], expirationSeconds: 3600 } } });
  const cluster = admin.getCurrentCluster()!;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'cluster', server: cluster.server, caData: cluster.caData, skipTLSVerify: cluster.skipTLSVerify }],
    users: [{ name, token: status!.token }],
    contexts: [{ name, cluster: 'cluster', user: name }],
    currentContext: name,
  });
  return kubeConfig;
}
