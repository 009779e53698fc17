/**
 * One JSON request to either control plane (in-process or kube-apiserver) through a kubeconfig
 * (requestJSON: raw JSON, as client-node's typed APIs would drop a CRD schema's keys), answered as
 * a code and a body: the object when accepted (code 200 for any 2xx), the Status when refused.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { APIRequestError, requestJSON } from '../../src/testing/environment/api-request.js';

export interface Answer {
  code: number;
  body: Record<string, unknown>;
}

export async function statusRequest(kc: KubeConfig, method: string, urlPath: string, body?: unknown): Promise<Answer> {
  try {
    return { code: 200, body: await requestJSON(kc, method, urlPath, body) };
  } catch (err) {
    if (err instanceof APIRequestError && err.status) return { code: err.code, body: err.status };
    throw err;
  }
}
