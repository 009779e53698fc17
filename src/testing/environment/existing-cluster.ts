/**
 * USE_EXISTING_CLUSTER=true: the tests run against the cluster of the given kubeconfig (envtest's
 * Environment.Config), else of the current kubeconfig context.
 */
import { KubeConfig } from '@kubernetes/client-node';

export function existingClusterKubeConfig(given?: KubeConfig): KubeConfig {
  if (given) return given;
  const kc = new KubeConfig();
  kc.loadFromDefault();
  if (!kc.getCurrentCluster()) throw new Error('USE_EXISTING_CLUSTER=true but the kubeconfig has no current cluster');
  return kc;
}
