/**
 * Installing a test's CRDs and webhook configurations on a real API server (binaries or an existing
 * cluster), as envtest's InstallCRDs and WebhookInstallOptions.Install do: each object created, or
 * replaced when it exists; CRDs then awaited until Established and served (discovery lists them),
 * and until their storage answers: kube-apiserver builds a custom resource's storage on its first
 * request and answers 429 (Retry-After: 1 s) until the storage's watch cache is filled, so without
 * this wait a test's first request of each resource cost it a client's retry, one second or more.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { WebhookConfiguration } from '../admission/index.js';
import type { KubeObject } from '../model/object.js';
import { APIRequestError, requestJSON } from './api-request.js';
import { pointedAtLocalServer as toLocal, type LocalWebhookServing } from '../../kube/local-webhook-client-config.js';

export interface CRDWaitOptions {
  /** How long the CRDs together may take to become Established and served (default 10 s, as envtest). */
  maxTimeMs?: number;
  /** How often they are checked meanwhile (default 100 ms, as envtest). */
  pollIntervalMs?: number;
}

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const MUTATING = '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations';
const VALIDATING = '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations';

interface CRD {
  metadata: { name: string; resourceVersion?: string };
  spec: { group: string; names: { plural: string }; versions: { name: string; served: boolean }[] };
  status?: { conditions?: { type: string; status: string }[] };
}

/** What is installed: a CRD or a webhook configuration, sent as it is. */
interface Named {
  metadata?: { name?: string; resourceVersion?: string };
}

const nameOf = (obj: Named): string => obj.metadata?.name ?? '';

const isCode = (err: unknown, code: number): boolean => err instanceof APIRequestError && err.code === code;

/**
 * Creates `obj` in the collection, or replaces the object of that name when it exists. A replace that
 * conflicts (the object changed between the read and the write: the API server set a CRD's status, or
 * another test file installed the same CRD on a shared control plane) reads it again and retries, as
 * client-go's RetryOnConflict does.
 */
async function createOrReplace(kc: KubeConfig, collection: string, obj: Named): Promise<void> {
  try {
    await requestJSON(kc, 'POST', collection, obj);
    return;
  } catch (err) {
    if (!isCode(err, 409)) throw err;
  }
  const path = `${collection}/${nameOf(obj)}`;
  for (let attempt = 1; ; attempt++) {
    const current = await requestJSON<Named>(kc, 'GET', path);
    try {
      await requestJSON(kc, 'PUT', path, { ...obj, metadata: { ...obj.metadata, resourceVersion: current.metadata?.resourceVersion } });
      return;
    } catch (err) {
      if (!isCode(err, 409) || attempt >= 5) throw err;
    }
  }
}

async function deleteIfPresent(kc: KubeConfig, collection: string, obj: Named): Promise<void> {
  await requestJSON(kc, 'DELETE', `${collection}/${nameOf(obj)}`).catch((err: unknown) => {
    if (!isCode(err, 404)) throw err;
  });
}

function isEstablished(crd: CRD): boolean {
  return (crd.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
}

/**
 * Whether a list of the resource is answered: the first one starts its storage, and kube-apiserver
 * answers 429 until the storage is ready. A user not allowed to list it (an existing cluster) is
 * not kept waiting.
 */
async function storageAnswers(kc: KubeConfig, resource: string): Promise<boolean> {
  try {
    await requestJSON(kc, 'GET', `${resource}?limit=1`);
    return true;
  } catch (err) {
    if (isCode(err, 404) || isCode(err, 429)) return false;
    if (isCode(err, 403)) return true;
    throw err;
  }
}

/** Whether discovery lists the CRD's resource in each of its served versions, and its storage answers. */
async function isServed(kc: KubeConfig, crd: CRD): Promise<boolean> {
  for (const version of crd.spec.versions.filter((v) => v.served)) {
    const groupVersion = `/apis/${crd.spec.group}/${version.name}`;
    try {
      const list = await requestJSON<{ resources?: { name: string }[] }>(kc, 'GET', groupVersion);
      if (!(list.resources ?? []).some((r) => r.name === crd.spec.names.plural)) return false;
    } catch (err) {
      if (isCode(err, 404)) return false;
      throw err;
    }
    if (!(await storageAnswers(kc, `${groupVersion}/${crd.spec.names.plural}`))) return false;
  }
  return true;
}

export async function installCRDsThroughAPI(kc: KubeConfig, crds: KubeObject[], wait: CRDWaitOptions = {}): Promise<void> {
  for (const crd of crds) await createOrReplace(kc, CRDS, crd);
  const maxTimeMs = wait.maxTimeMs ?? 10_000;
  const deadline = Date.now() + maxTimeMs;
  for (const crd of crds) {
    for (;;) {
      const current = await requestJSON<CRD>(kc, 'GET', `${CRDS}/${nameOf(crd)}`);
      if (isEstablished(current) && (await isServed(kc, current))) break;
      if (Date.now() > deadline) throw new Error(`CustomResourceDefinition ${nameOf(crd)} was not established and served within ${maxTimeMs} ms`);
      await new Promise((r) => setTimeout(r, wait.pollIntervalMs ?? 100));
    }
  }
}

/** Deletes CRDs installed by installCRDsThroughAPI (envtest's CleanUpAfterUse); absent ones are fine. */
export async function uninstallCRDsThroughAPI(kc: KubeConfig, crds: KubeObject[]): Promise<void> {
  for (const crd of crds) await deleteIfPresent(kc, CRDS, crd);
}

export interface WebhookConfigurations {
  mutating: WebhookConfiguration[];
  validating: WebhookConfiguration[];
}

/** The configurations pointed at the local webhook server, as envtest does for a real API server. */
export function pointedAtLocalServer(configs: WebhookConfigurations, serving: LocalWebhookServing): WebhookConfigurations {
  return { mutating: configs.mutating.map((c) => toLocal(c, serving)), validating: configs.validating.map((c) => toLocal(c, serving)) };
}

export async function installWebhooksThroughAPI(kc: KubeConfig, configs: WebhookConfigurations): Promise<void> {
  for (const config of configs.mutating) await createOrReplace(kc, MUTATING, config);
  for (const config of configs.validating) await createOrReplace(kc, VALIDATING, config);
}

/**
 * Deletes the webhook configurations a test installed: on a cluster that outlives the test they
 * would otherwise send every matching write to a webhook server that is gone.
 */
export async function uninstallWebhooksThroughAPI(kc: KubeConfig, configs: WebhookConfigurations): Promise<void> {
  for (const config of configs.mutating) await deleteIfPresent(kc, MUTATING, config);
  for (const config of configs.validating) await deleteIfPresent(kc, VALIDATING, config);
}
