/**
 * JSON patch (RFC 6902) with the bounds kube-apiserver puts on it. `copy` duplicates a value, so a
 * patch of a few kB that copies a subtree into itself twenty times doubles the object twenty
 * times; kube-apiserver stops that with evanphx/json-patch's AccumulatedCopySizeLimit, which
 * genericapiserver arms from its JSONPatchMaxCopyBytes (3 MiB, twice etcd's 1.5 MB request limit).
 * The same library refuses the patch once the bytes copied so far pass the limit, counting each
 * copied value as its compact JSON; the patch handler answers that 422 (and a patch of more than
 * 10,000 operations 413) before anything is applied.
 */
import jsonpatch from 'fast-json-patch';
import { nestingDepthError } from '../../kube/json-nesting.js';
import { StatusError } from '../model/status.js';
import { requestEntityTooLargeStatus } from '../../kube/status.js';

/** genericapiserver's JSONPatchMaxCopyBytes: what the `copy` operations of one patch may add, in bytes. */
export const JSON_PATCH_MAX_COPY_BYTES = 3 * 1024 * 1024;

/** The patch handler's maxJSONPatchOperations. */
export const MAX_JSON_PATCH_OPERATIONS = 10_000;

/** evanphx/json-patch's AccumulatedCopySizeError, with its message. */
export class AccumulatedCopySizeError extends Error {
  constructor(limit: number, accumulated: number) {
    super(`Unable to complete the copy, the accumulated size increase of copy is ${accumulated}, exceeding the limit ${limit}`);
  }
}

/** The value `copy` would duplicate, or undefined when `from` names nothing (applying then reports it). */
function copiedValue(document: unknown, from: string): unknown {
  try {
    return jsonpatch.getValueByPointer(document, from);
  } catch {
    return undefined;
  }
}

/**
 * Applies `operations` to `document` as evanphx/json-patch reads them (asEvanphx; changed in place,
 * the result is returned, as the root may be replaced), stopping with AccumulatedCopySizeError before a copy takes the bytes copied past `limit`,
 * or with fast-json-patch's error for an operation that does not apply.
 */
export function applyJsonPatchOperations(document: unknown, operations: readonly jsonpatch.Operation[], limit = JSON_PATCH_MAX_COPY_BYTES): unknown {
  let doc = document;
  let copied = 0;
  for (const [index, given] of operations.entries()) {
    const operation = asEvanphx(doc, given);
    if (operation?.op === 'copy' && typeof operation.from === 'string') {
      const value = copiedValue(doc, operation.from);
      // Go's encoder writes the same compact JSON (it escapes <, > and & longer; bytes, not characters).
      if (value !== undefined) copied += Buffer.byteLength(JSON.stringify(value));
      if (copied > limit) throw new AccumulatedCopySizeError(limit, copied);
    }
    doc = jsonpatch.applyOperation(doc, operation, true, true, true, index).newDocument;
  }
  return doc;
}

/** A JSON patch request body applied to `document` (a copy the caller owns), failing as kube-apiserver's patch handler does. */
export function applyJsonPatch(document: unknown, patch: unknown[]): unknown {
  if (patch.length > MAX_JSON_PATCH_OPERATIONS) {
    throw new StatusError(requestEntityTooLargeStatus(`The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${patch.length}`));
  }
  let message: string | undefined;
  try {
    const patched = applyJsonPatchOperations(document, patch as jsonpatch.Operation[]);
    // Copies can nest the object deeper than any body could (kube-apiserver then fails to decode it, 422).
    const depthError = nestingDepthError(patched);
    if (depthError === undefined) return patched;
    message = depthError;
  } catch (err) {
    // fast-json-patch copies values through JSON.stringify, which runs out of stack a few thousand levels down.
    if (err instanceof RangeError && /call stack/.test(err.message)) message = `invalid character '{' exceeded max depth`;
    else if (err instanceof AccumulatedCopySizeError) message = err.message;
    // An operation that does not apply (a missing path, a failed test, an unknown op) is answered
    // without the library's words: kube-apiserver 1.36 sends details {}.
  }
  throw new StatusError({
    message: `the server rejected our request due to an error in our request`,
    reason: 'Invalid',
    details: message === undefined ? {} : { causes: [{ reason: 'UnexpectedServerResponse', message }] },
    code: 422,
  });
}

/**
 * An operation as evanphx/json-patch (v4, kube-apiserver's) reads it: a path is split at `/` and
 * its first part dropped, leading slash or not (`data/b` names `/b`); a replace of a key an
 * object lacks adds it.
 */
function asEvanphx(document: unknown, op: jsonpatch.Operation): jsonpatch.Operation {
  if (typeof op !== 'object' || op === null || typeof op.path !== 'string') return op;
  const path = evanphxPath(op.path);
  let operation = { ...op, path } as jsonpatch.Operation;
  if (operation.op === 'replace' && path.lastIndexOf('/') >= 0) {
    const parentPath = path.slice(0, path.lastIndexOf('/'));
    const key = jsonpatch.unescapePathComponent(path.slice(path.lastIndexOf('/') + 1));
    const parent = copiedValue(document, parentPath);
    if (typeof parent === 'object' && parent !== null && !Array.isArray(parent) && !Object.hasOwn(parent, key)) operation = { ...operation, op: 'add' } as jsonpatch.Operation;
  }
  return operation;
}

/** A pointer as evanphx/json-patch splits it: at `/`, the first part dropped. */
function evanphxPath(path: string): string {
  return path !== '' && !path.startsWith('/') && path.includes('/') ? `/${path.split('/').slice(1).join('/')}` : path;
}

/**
 * The containers a JSON patch's operations reach, as key and index paths (the root included):
 * those on the way to each `path` and `from`, and what a `test` compares. evanphx/json-patch
 * decodes each into a map or list, re-encoded with keys sorted; what it does not reach stays as
 * the stored object encoded it.
 */
export function jsonPatchReach(operations: readonly unknown[]): string[][] {
  const reach: string[][] = [[]];
  const add = (pointer: unknown, whole: boolean) => {
    if (typeof pointer !== 'string') return;
    const tokens = evanphxPath(pointer).split('/').slice(1).map((t) => jsonpatch.unescapePathComponent(t));
    for (let n = 1; n < tokens.length + (whole ? 1 : 0); n++) reach.push(tokens.slice(0, n));
  };
  for (const op of operations) {
    if (typeof op !== 'object' || op === null) continue;
    const { op: name, path, from } = op as { op?: unknown; path?: unknown; from?: unknown };
    add(path, name === 'test');
    if (name === 'move' || name === 'copy') add(from, false);
  }
  return reach;
}
