/**
 * Custom resource conversion as apiextensions-apiserver does it: strategy None rewrites
 * apiVersion; strategy Webhook posts a ConversionReview v1 with the objects not already at the
 * desired version, checks the answer (uid, count, kind, apiVersion, name/namespace/uid unchanged)
 * and keeps the original metadata except labels and annotations.
 */
import { randomUUID } from 'node:crypto';
import { postJSON, webhookURL, WebhookCallError } from './webhook-client.js';
import type { ConversionResponse, ConversionReview } from '../../kube/conversion-review.js';
import type { CustomResourceDefinitionSpec } from '../../kube/custom-resource-definition.js';
import type { ServiceResolver } from './types.js';
import { StatusError } from '../model/status.js';
import { internalErrorStatus } from '../../kube/status.js';

/** What conversion reads of a CustomResourceDefinition. */
type ConvertibleCRD = { spec: Pick<CustomResourceDefinitionSpec, 'group' | 'names' | 'conversion'> };

export interface ConversionOptions {
  /** Accept any server certificate (tests only). */
  insecureSkipTLSVerify?: boolean;
  /** Seconds to wait for the webhook (kube-apiserver's own request deadline applies there). */
  timeoutSeconds?: number;
}

type Obj = Record<string, unknown> & { apiVersion?: string; kind?: string; metadata?: Record<string, unknown> };

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `group/version, Kind=Kind`, as Go prints a GroupVersionKind. */
function gvkString(obj: Obj): string {
  return `${obj.apiVersion ?? ''}, Kind=${obj.kind ?? ''}`;
}

function restoreMetadata(original: Obj, converted: Obj): void {
  const responseMeta = converted.metadata;
  if (!isObj(responseMeta)) throw new Error(responseMeta === undefined ? 'missing metadata in converted object' : 'invalid metadata in converted object');
  const meta: Record<string, unknown> = isObj(original.metadata) ? structuredClone(original.metadata) : {};
  for (const field of ['labels', 'annotations'] as const) {
    const value = responseMeta[field];
    if (value === undefined || value === null) {
      delete meta[field];
      continue;
    }
    if (!isObj(value)) throw new Error(`invalid metadata.${field} of type ${Array.isArray(value) ? '[]interface {}' : typeof value} in converted object`);
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string') throw new Error(`metadata.${field}[${k}] must be a string, but is ${typeof v} in converted object`);
    }
    meta[field] = value;
  }
  converted.metadata = meta;
}

function checkSameObject(original: Obj, converted: Obj): void {
  const om = original.metadata ?? {};
  const cm = isObj(converted.metadata) ? converted.metadata : {};
  if (original.kind !== converted.kind) throw new Error(`must have the same kind: ${original.kind} != ${converted.kind}`);
  for (const field of ['name', 'namespace', 'uid'] as const) {
    if ((om[field] ?? '') !== (cm[field] ?? '')) {
      const label = field === 'uid' ? 'UID' : field;
      throw new Error(`must have the same ${label}: ${(om[field] as string | undefined) ?? ''} != ${(cm[field] as string | undefined) ?? ''}`);
    }
  }
}

async function callWebhook(
  crd: ConvertibleCRD,
  toConvert: Obj[],
  desiredAPIVersion: string,
  resolveService: ServiceResolver,
  options: ConversionOptions,
): Promise<Obj[]> {
  const webhook = crd.spec.conversion?.webhook;
  const clientConfig = webhook?.clientConfig;
  if (!clientConfig) throw new Error('spec.conversion.webhook.clientConfig is required when strategy is Webhook');
  if (webhook.conversionReviewVersions && !webhook.conversionReviewVersions.includes('v1')) {
    throw new Error('no supported conversion review versions');
  }
  const uid = randomUUID();
  const review: ConversionReview = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid, desiredAPIVersion, objects: toConvert } };
  let answer: unknown;
  try {
    answer = await postJSON(webhookURL(clientConfig, resolveService), review, {
      ...(clientConfig.caBundle ? { caBundle: clientConfig.caBundle } : {}),
      insecureSkipTLSVerify: options.insecureSkipTLSVerify ?? false,
      timeoutSeconds: options.timeoutSeconds ?? 30,
      timeoutInQuery: false,
    });
  } catch (err) {
    throw new Error(err instanceof WebhookCallError ? err.message : String(err), { cause: err });
  }
  // The webhook's answer, which may lack any of what a ConversionReview response must hold.
  const body = answer as { apiVersion?: string; kind?: string; response?: Partial<Omit<ConversionResponse, 'result'>> & { result?: Partial<ConversionResponse['result']> } };
  if (!isObj(body) || body.apiVersion !== 'apiextensions.k8s.io/v1' || body.kind !== 'ConversionReview') {
    throw new Error(`expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got ${body?.apiVersion ?? ''}, Kind=${body?.kind ?? ''}`);
  }
  const response = body.response;
  if (!response) throw new Error('no response provided');
  if (response.uid !== uid) throw new Error(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(response.uid ?? '')}`);
  if (response.result?.status !== 'Success') {
    const detail = response.result?.message ? `: ${response.result.message}` : '';
    throw new Error(`response.result.status was '${response.result?.status ?? ''}', not 'Success'${detail}`);
  }
  return (response.convertedObjects ?? []);
}

/**
 * Converts custom resources to `desiredAPIVersion` as the CRD's spec.conversion says.
 * Throws StatusError (500 InternalError, `conversion webhook for <gvk> failed: ...`) on failure.
 */
export async function convertObjects(
  crd: ConvertibleCRD,
  objects: unknown[],
  desiredAPIVersion: string,
  resolveService: ServiceResolver,
  options: ConversionOptions = {},
): Promise<unknown[]> {
  const inputs = objects.map((o) => {
    if (!isObj(o)) throw new StatusError(internalErrorStatus('CR conversion failed: object is not a JSON object'));
    return o;
  });
  if (crd.spec.conversion?.strategy !== 'Webhook') {
    return inputs.map((o) => ({ ...structuredClone(o), apiVersion: desiredAPIVersion }));
  }
  const pending = inputs.map((o, i) => ({ o, i })).filter(({ o }) => o.apiVersion !== desiredAPIVersion);
  if (pending.length === 0) return inputs.map((o) => structuredClone(o));
  const first = pending[0].o;
  const fail = (why: string): never => {
    throw new StatusError(internalErrorStatus(`conversion webhook for ${gvkString(first)} failed: ${why}`));
  };
  let converted: Obj[] = [];
  try {
    converted = await callWebhook(crd, pending.map(({ o }) => o), desiredAPIVersion, resolveService, options);
  } catch (err) {
    fail((err as Error).message);
  }
  if (converted.length !== pending.length) {
    throw new StatusError(internalErrorStatus(`conversion webhook for ${gvkString(first)} returned ${converted.length} objects, expected ${pending.length}`));
  }
  const out = inputs.map((o) => structuredClone<Obj>(o));
  pending.forEach(({ o, i }, index) => {
    const c = converted[index];
    const invalidAt = (why: string) =>
      new StatusError(internalErrorStatus(`conversion webhook for ${gvkString(o)} returned invalid converted object at index ${index}: ${why}`));
    if (!isObj(c)) throw invalidAt('invalid type, expected=Unstructured');
    if (c.apiVersion !== desiredAPIVersion) throw invalidAt(`invalid groupVersion (expected ${desiredAPIVersion}, received ${c.apiVersion ?? ''})`);
    if (c.kind !== o.kind) throw invalidAt(`invalid kind (expected ${o.kind ?? ''}, received ${c.kind ?? ''})`);
    try {
      checkSameObject(o, c);
    } catch (err) {
      throw invalidAt((err as Error).message);
    }
    try {
      restoreMetadata(o, c);
    } catch (err) {
      throw new StatusError(internalErrorStatus(`conversion webhook for ${gvkString(o)} returned invalid metadata in object at index ${index}: ${(err as Error).message}`));
    }
    out[i] = c;
  });
  return out;
}
