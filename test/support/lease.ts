/**
 * Another replica writing a leader-election Lease, as tests stage it: read, change the spec,
 * replace, and read again on a conflict. The elector renews right after it wins and then every
 * retry period (as client-go's does), so a single read-then-replace can lose to a renewal.
 */
import { CoordinationV1Api, type KubeConfig, type V1LeaseSpec } from '@kubernetes/client-node';

export async function overwriteLease(kubeConfig: KubeConfig, namespace: string, name: string, spec: V1LeaseSpec): Promise<void> {
  const api = kubeConfig.makeApiClient(CoordinationV1Api);
  for (let attempt = 1; ; attempt++) {
    const current = await api.readNamespacedLease({ name, namespace });
    current.spec = { ...current.spec, ...spec };
    try {
      await api.replaceNamespacedLease({ name, namespace, body: current });
      return;
    } catch (err) {
      if ((err as { code?: unknown }).code !== 409 || attempt === 10) throw err;
    }
  }
}
