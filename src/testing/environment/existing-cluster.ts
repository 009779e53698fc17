/**
 * USE_EXISTING_CLUSTER=true: the tests run against the cluster of the current kubeconfig
 * context. CRDs are installed (created or replaced) and awaited until Established.
 */
import { ApiException, ApiextensionsV1Api, KubeConfig, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { KubeObject } from '../api/object.js';

export function existingClusterKubeConfig(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  if (!kc.getCurrentCluster()) throw new Error('USE_EXISTING_CLUSTER=true but the kubeconfig has no current cluster');
  return kc;
}

function isEstablished(crd: V1CustomResourceDefinition): boolean {
  return (crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
}

/** Installs CRDs through the API and waits (polling, up to `timeoutMs`) until each is established. */
export async function installCRDsThroughAPI(kc: KubeConfig, crds: KubeObject[], timeoutMs = 10_000): Promise<void> {
  const api = kc.makeApiClient(ApiextensionsV1Api);
  for (const crd of crds) {
    const body = crd as unknown as V1CustomResourceDefinition;
    try {
      await api.createCustomResourceDefinition({ body });
    } catch (err) {
      if (!(err instanceof ApiException && err.code === 409)) throw err;
      const current = await api.readCustomResourceDefinition({ name: crd.metadata!.name! });
      await api.replaceCustomResourceDefinition({ name: crd.metadata!.name!, body: { ...body, metadata: { ...body.metadata, resourceVersion: current.metadata?.resourceVersion } } });
    }
  }
  const deadline = Date.now() + timeoutMs;
  for (const crd of crds) {
    for (;;) {
      const current = await api.readCustomResourceDefinition({ name: crd.metadata!.name! });
      if (isEstablished(current)) break;
      if (Date.now() > deadline) throw new Error(`CustomResourceDefinition ${crd.metadata!.name} was not established within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
