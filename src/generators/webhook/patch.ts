/**
 * The `patch` argument of `+kubebuilder:webhook`: a JSON object merged into the generated webhook, as
 * controller-gen applies it with a strategic merge patch. For a webhook's fields (selectors, rules,
 * lists without merge keys) that is a recursive object merge where lists are replaced and null deletes.
 */

const PATCHABLE_FIELDS = new Set([
  'name',
  'clientConfig',
  'rules',
  'failurePolicy',
  'matchPolicy',
  'namespaceSelector',
  'objectSelector',
  'sideEffects',
  'timeoutSeconds',
  'admissionReviewVersions',
  'reinvocationPolicy',
  'matchConditions',
]);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function isObject(v: unknown): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function merge(target: Json | undefined, patch: Json): Json | undefined {
  if (!isObject(patch)) return patch;
  const out: { [k: string]: Json } = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else {
      const merged = merge(out[k], v);
      if (merged !== undefined) out[k] = merged;
    }
  }
  return out;
}

/** Applies a patch to a webhook; throws an Error with a readable reason when the patch is bad. */
export function applyWebhookPatch<T extends object>(webhook: T, patchText: string): T {
  const text = patchText.trim();
  if (text === '') return webhook;
  let patch: unknown;
  try {
    patch = JSON.parse(text);
  } catch (e) {
    throw new Error(`patch is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
  if (!isObject(patch)) throw new Error('patch must be a JSON object');
  for (const key of Object.keys(patch)) {
    if (!PATCHABLE_FIELDS.has(key)) throw new Error(`patch sets ${JSON.stringify(key)}, which is not a field of a webhook (${[...PATCHABLE_FIELDS].join(', ')})`);
  }
  return merge(JSON.parse(JSON.stringify(webhook)) as Json, patch) as T;
}
