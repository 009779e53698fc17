/**
 * USE_EXISTING_CLUSTER=true: the tests run against the cluster of the current kubeconfig
 * context. CRDs are installed (created or replaced) and awaited until Established.
 */
import {
  AdmissionregistrationV1Api,
  ApiException,
  ApiextensionsV1Api,
  KubeConfig,
  type V1CustomResourceDefinition,
  type V1MutatingWebhookConfiguration,
  type V1ValidatingWebhookConfiguration,
} from '@kubernetes/client-node';
import type { WebhookConfiguration } from '../admission/index.js';
import type { KubeObject } from '../resources/object.js';

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

/**
 * Installs webhook configurations pointed at the local webhook server (service references become
 * URLs with the serving certificate as caBundle), as envtest does for a real API server.
 */
export async function installWebhooksThroughAPI(
  kc: KubeConfig,
  configs: { mutating: WebhookConfiguration[]; validating: WebhookConfiguration[] },
  serving: { host: string; port: number; caCert: string },
): Promise<void> {
  const api = kc.makeApiClient(AdmissionregistrationV1Api);
  const caBundle = Buffer.from(serving.caCert).toString('base64');
  const local = (config: WebhookConfiguration): WebhookConfiguration => ({
    ...config,
    webhooks: (config.webhooks ?? []).map((w) => ({
      ...w,
      clientConfig: { url: w.clientConfig.url ?? `https://${serving.host}:${serving.port}${w.clientConfig.service?.path ?? '/'}`, caBundle },
    })),
  });
  for (const config of configs.mutating.map(local)) {
    const body = config as unknown as V1MutatingWebhookConfiguration;
    const name = config.metadata?.name ?? '';
    try {
      await api.createMutatingWebhookConfiguration({ body });
    } catch (err) {
      if (!(err instanceof ApiException && err.code === 409)) throw err;
      const current = await api.readMutatingWebhookConfiguration({ name });
      await api.replaceMutatingWebhookConfiguration({ name, body: { ...body, metadata: { ...body.metadata, resourceVersion: current.metadata?.resourceVersion } } });
    }
  }
  for (const config of configs.validating.map(local)) {
    const body = config as unknown as V1ValidatingWebhookConfiguration;
    const name = config.metadata?.name ?? '';
    try {
      await api.createValidatingWebhookConfiguration({ body });
    } catch (err) {
      if (!(err instanceof ApiException && err.code === 409)) throw err;
      const current = await api.readValidatingWebhookConfiguration({ name });
      await api.replaceValidatingWebhookConfiguration({ name, body: { ...body, metadata: { ...body.metadata, resourceVersion: current.metadata?.resourceVersion } } });
    }
  }
}
