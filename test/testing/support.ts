/** Shared set-up for the test API server's tests: paths, clients, and error bodies. */
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { expect } from 'vitest';
import { conformanceDir as conformance, repoRoot } from '../support/shared.js';

export { conformance, repoRoot };
export const cronjobCRDDir = path.join(conformance, 'kubebuilder', 'cronjob-tutorial');
export const multiversionCRD = path.join(conformance, 'kubebuilder', 'multiversion-tutorial', 'batch.tutorial.kubebuilder.io_cronjobs.yaml');

export const CRONJOB_GROUP = 'batch.tutorial.kubebuilder.io';

/**
 * The Status body of a failed client-node call (its `body` is the raw JSON text); a path no handler
 * serves answers Go's plain-text `404 page not found`, given here as `{ text }`.
 */
export async function statusOf(call: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof k8s.ApiException) {
      const raw = err.body as unknown;
      const body = typeof raw !== 'string' ? (raw as Record<string, unknown>) : raw.startsWith('{') ? (JSON.parse(raw) as Record<string, unknown>) : { text: raw };
      return { code: err.code, body };
    }
    throw err;
  }
  throw new Error('expected the call to fail');
}

export interface InvalidStatus {
  message: string;
  causes: { field: string; reason: string; message?: string }[];
}

/**
 * The 422 Invalid Status a call is refused with: its message and its causes (field and reason, and
 * with `causeMessages` each cause's message too).
 */
export async function invalidStatus(call: Promise<unknown>, options: { causeMessages?: boolean } = {}): Promise<InvalidStatus> {
  const { code, body } = await statusOf(call);
  expect(code).toBe(422);
  expect(body.reason).toBe('Invalid');
  const details = body.details as { causes: { field: string; reason: string; message: string }[] };
  const causes = details.causes.map(({ field, reason, message }) => (options.causeMessages ? { field, reason, message } : { field, reason }));
  return { message: body.message as string, causes };
}

/** Options for client-node calls that send a given patch content type. */
export function patchAs(type: k8s.PatchStrategy): ReturnType<typeof k8s.setHeaderOptions> {
  return k8s.setHeaderOptions('Content-Type', type);
}

/** Collects watch events until `until` says stop (or the watch ends). */
export function collectEvents(
  kc: k8s.KubeConfig,
  path: string,
  query: Record<string, string | number | boolean>,
  until: (events: { type: string; object: Record<string, unknown> }[]) => boolean,
): { done: Promise<{ type: string; object: Record<string, unknown> }[]>; abort: () => void } {
  const events: { type: string; object: Record<string, unknown> }[] = [];
  let controller: AbortController | undefined;
  const done = new Promise<{ type: string; object: Record<string, unknown> }[]>((resolve, reject) => {
    const watch = new k8s.Watch(kc);
    watch
      .watch(
        path,
        query,
        (type, object) => {
          events.push({ type, object: object as Record<string, unknown> });
          if (until(events)) {
            controller?.abort();
            resolve(events);
          }
        },
        (err) => {
          if (err && (err as Error).name !== 'AbortError') reject(err as Error);
          else resolve(events);
        },
      )
      .then((c) => {
        controller = c;
      }, reject);
  });
  return { done, abort: () => controller?.abort() };
}

export const projectV4CRDDir = path.join(conformance, 'kubebuilder', 'project-v4');

/** The header a raw request to the test API server carries (it answers 401 without it). */
export function credentials(server: { token: string }): { authorization: string } {
  return { authorization: `Bearer ${server.token}` };
}
