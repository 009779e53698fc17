/**
 * Installing a test's CRDs and webhook configurations on a real API server (binaries or an existing
 * cluster), as envtest's InstallCRDs and WebhookInstallOptions.Install do: each object created, or
 * replaced when it exists; CRDs then awaited until Established and served (discovery lists them).
 */
import {
  AdmissionregistrationV1Api,
  ApiException,
  ApiextensionsV1Api,
  CustomObjectsApi,
  type KubeConfig,
  type V1CustomResourceDefinition,
  type V1MutatingWebhookConfiguration,
  type V1ValidatingWebhookConfiguration,
} from '@kubernetes/client-node';
import type { WebhookConfiguration } from '../admission/index.js';
import type { KubeObject } from '../resources/object.js';

export interface CRDWaitOptions {
  /** How long the CRDs together may take to become Established and served (default 10 s, as envtest). */
  maxTimeMs?: number;
  /** How often they are checked meanwhile (default 100 ms, as envtest). */
  pollIntervalMs?: number;
}

interface Named {
  metadata?: { name?: string; resourceVersion?: string };
}

/** Creates `body`, or replaces the object of that name when it exists. */
async function createOrReplace<T extends Named>(
  body: T,
  api: { create(body: T): Promise<unknown>; read(name: string): Promise<Named>; replace(name: string, body: T): Promise<unknown> },
): Promise<void> {
  try {
    await api.create(body);
  } catch (err) {
    if (!(err instanceof ApiException && err.code === 409)) throw err;
    const name = body.metadata?.name ?? '';
    const current = await api.read(name);
    await api.replace(name, { ...body, metadata: { ...body.metadata, resourceVersion: current.metadata?.resourceVersion } });
  }
}

function isEstablished(crd: V1CustomResourceDefinition): boolean {
  return (crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
}

/** Whether discovery lists the CRD's resource in each of its served versions. */
async function isServed(discovery: CustomObjectsApi, crd: V1CustomResourceDefinition): Promise<boolean> {
  for (const version of crd.spec.versions.filter((v) => v.served)) {
    try {
      const list = await discovery.getAPIResources({ group: crd.spec.group, version: version.name });
      if (!list.resources.some((r) => r.name === crd.spec.names.plural)) return false;
    } catch (err) {
      if (err instanceof ApiException && err.code === 404) return false;
      throw err;
    }
  }
  return true;
}

export async function installCRDsThroughAPI(kc: KubeConfig, crds: KubeObject[], wait: CRDWaitOptions = {}): Promise<void> {
  const api = kc.makeApiClient(ApiextensionsV1Api);
  const discovery = kc.makeApiClient(CustomObjectsApi);
  for (const crd of crds) {
    await createOrReplace(crd as unknown as V1CustomResourceDefinition, {
      create: (body) => api.createCustomResourceDefinition({ body }),
      read: (name) => api.readCustomResourceDefinition({ name }),
      replace: (name, body) => api.replaceCustomResourceDefinition({ name, body }),
    });
  }
  const maxTimeMs = wait.maxTimeMs ?? 10_000;
  const deadline = Date.now() + maxTimeMs;
  for (const crd of crds) {
    for (;;) {
      const current = await api.readCustomResourceDefinition({ name: crd.metadata!.name! });
      if (isEstablished(current) && (await isServed(discovery, current))) break;
      if (Date.now() > deadline) throw new Error(`CustomResourceDefinition ${crd.metadata!.name} was not established and served within ${maxTimeMs} ms`);
      await new Promise((r) => setTimeout(r, wait.pollIntervalMs ?? 100));
    }
  }
}

/** Deletes CRDs installed by installCRDsThroughAPI (envtest's CleanUpAfterUse); absent ones are fine. */
export async function uninstallCRDsThroughAPI(kc: KubeConfig, crds: KubeObject[]): Promise<void> {
  const api = kc.makeApiClient(ApiextensionsV1Api);
  for (const crd of crds) {
    await api.deleteCustomResourceDefinition({ name: crd.metadata!.name! }).catch((err: unknown) => {
      if (!(err instanceof ApiException && err.code === 404)) throw err;
    });
  }
}

export interface WebhookConfigurations {
  mutating: WebhookConfiguration[];
  validating: WebhookConfiguration[];
}

/**
 * The configurations pointed at the local webhook server: service references become URLs with
 * the serving certificate as caBundle, as envtest does for a real API server.
 */
export function pointedAtLocalServer(configs: WebhookConfigurations, serving: { host: string; port: number; caCert: string }): WebhookConfigurations {
  const caBundle = Buffer.from(serving.caCert).toString('base64');
  const host = serving.host.includes(':') && !serving.host.startsWith('[') ? `[${serving.host}]` : serving.host;
  const local = (config: WebhookConfiguration): WebhookConfiguration => ({
    ...config,
    webhooks: (config.webhooks ?? []).map((w) => ({
      ...w,
      clientConfig: { url: w.clientConfig.url ?? `https://${host}:${serving.port}${w.clientConfig.service?.path ?? '/'}`, caBundle },
    })),
  });
  return { mutating: configs.mutating.map(local), validating: configs.validating.map(local) };
}

export async function installWebhooksThroughAPI(kc: KubeConfig, configs: WebhookConfigurations): Promise<void> {
  const api = kc.makeApiClient(AdmissionregistrationV1Api);
  for (const config of configs.mutating) {
    await createOrReplace(config as unknown as V1MutatingWebhookConfiguration, {
      create: (body) => api.createMutatingWebhookConfiguration({ body }),
      read: (name) => api.readMutatingWebhookConfiguration({ name }),
      replace: (name, body) => api.replaceMutatingWebhookConfiguration({ name, body }),
    });
  }
  for (const config of configs.validating) {
    await createOrReplace(config as unknown as V1ValidatingWebhookConfiguration, {
      create: (body) => api.createValidatingWebhookConfiguration({ body }),
      read: (name) => api.readValidatingWebhookConfiguration({ name }),
      replace: (name, body) => api.replaceValidatingWebhookConfiguration({ name, body }),
    });
  }
}

/**
 * Deletes the webhook configurations a test installed: on a cluster that outlives the test they
 * would otherwise send every matching write to a webhook server that is gone.
 */
export async function uninstallWebhooksThroughAPI(kc: KubeConfig, configs: WebhookConfigurations): Promise<void> {
  const api = kc.makeApiClient(AdmissionregistrationV1Api);
  const ignoreNotFound = (err: unknown) => {
    if (!(err instanceof ApiException && err.code === 404)) throw err;
  };
  for (const config of configs.mutating) await api.deleteMutatingWebhookConfiguration({ name: config.metadata?.name ?? '' }).catch(ignoreNotFound);
  for (const config of configs.validating) await api.deleteValidatingWebhookConfiguration({ name: config.metadata?.name ?? '' }).catch(ignoreNotFound);
}
