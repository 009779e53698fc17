/**
 * Strategic merge patch for built-in kinds, as apimachinery's strategicpatch applies one: like a
 * JSON merge patch, except that lists with a merge key merge element by element, primitive lists
 * with the merge strategy union, and the `$patch`, `$retainKeys`, `$deleteFromPrimitiveList/`
 * and `$setElementOrder/` directives apply. A merged list puts the patch's elements in the
 * patch's order (or `$setElementOrder`'s) and slots the elements only the server had between
 * them where the server's order says.
 *
 * The merge rules come from the release schema's list types (a list-map merges by its first key,
 * a set unions), which stand for the Go types' patchStrategy and patchMergeKey tags: the API data
 * carries no patch tags, and the two agree for the lists of the common kinds.
 *
 * Malformed directives fail as kube-apiserver fails them: its patch errors that are no API errors
 * come back as a bare 500 with the error's text (Go's `%v` of the maps involved).
 */
import { deepCopy, deepEqual } from '../../kube/json-values.js';
import { goV } from '../../kube/go-format.js';
import { isPlainObject } from '../model/object.js';
import type { ListRule } from './field-set.js';
import { StatusError } from '../model/status.js';
import { badRequestStatus } from '../../kube/status.js';

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM = '$deleteFromPrimitiveList';
const ELEMENT_ORDER = '$setElementOrder';

type JSONMap = Record<string, unknown>;

/** An error of strategicpatch that kube-apiserver passes on as it is: 500, its text, no reason. */
function patchFailure(message: string): StatusError {
  return new StatusError({ code: 500, message });
}

/** mergepatch.ErrBadArgType: a directive or list of another JSON type than the one expected. */
function badArgType(expected: 'list' | 'map', actual: unknown): StatusError {
  const goType = (v: unknown) => (Array.isArray(v) ? '[]interface {}' : isPlainObject(v) ? 'map[string]interface {}' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'float64' : '%!s(<nil>)');
  return patchFailure(`expected a ${expected === 'list' ? '[]interface {}' : 'map[string]interface {}'}, but received a ${goType(actual)}`);
}

function noMergeKey(element: unknown, mergeKey: string): StatusError {
  return patchFailure(`map: ${goV(element)} does not contain declared merge key: ${mergeKey}`);
}

function badPatchType(directive: unknown, element: JSONMap): StatusError {
  return patchFailure(`unknown patch type: ${goV(directive)} in map: ${goV(element)}`);
}

export function applyStrategicMergePatch(target: unknown, patch: unknown, listRule: ListRule): unknown {
  if (!isPlainObject(patch)) throw new StatusError(badRequestStatus('strategic merge patch must be a JSON object'));
  return mergeMap(isPlainObject(target) ? deepCopy(target) : {}, deepCopy(patch), [], listRule);
}

/** Merges `patch` into `original` (both owned: changed in place) at `path`. */
function mergeMap(original: JSONMap, patch: JSONMap, path: string[], listRule: ListRule): JSONMap {
  if (DIRECTIVE in patch) {
    const directive = patch[DIRECTIVE];
    if (directive === 'replace') {
      delete patch[DIRECTIVE];
      return patch;
    }
    // A map deleted by `$patch: delete` is left empty, not removed.
    if (directive === 'delete') return {};
    throw badPatchType(directive, patch);
  }
  const retain = patch[RETAIN_KEYS];
  if (Array.isArray(retain)) {
    const keep = new Set(retain.map(String));
    for (const k of Object.keys(original)) if (!keep.has(k)) delete original[k];
  }
  mergeOrderedLists(original, patch, path, listRule);
  for (const [key, value] of Object.entries(patch)) {
    if (key === DIRECTIVE || key === RETAIN_KEYS) continue;
    if (key.startsWith(DELETE_FROM)) {
      if (!key.startsWith(`${DELETE_FROM}/`)) throw new StatusError(badRequestStatus('invalid patch format of primitive list'));
      const field = key.slice(DELETE_FROM.length + 1);
      const current = original[field];
      if (!Array.isArray(current) || !Array.isArray(value)) continue;
      // A list that does not merge takes the patch's list, deletions and all, as any patched list does.
      original[field] = mergeKeyOf([...path, field], listRule).merge ? current.filter((v) => !value.some((d) => deepEqual(d, v))) : value.map(stripDirectives);
      continue;
    }
    if (value === null) {
      delete original[key];
      continue;
    }
    const current = original[key];
    const childPath = [...path, key];
    if (isPlainObject(value) && isPlainObject(current)) original[key] = mergeMap(current, value, childPath, listRule);
    else if (Array.isArray(value) && Array.isArray(current)) original[key] = mergeListField(current, value, childPath, listRule);
    // A value of another JSON type than the server's replaces it (and fails decoding later if it does not fit).
    else original[key] = stripDirectives(value);
  }
  return original;
}

/** How the list at `path` merges: by a merge key, as a set of values, or not at all (replaced). */
function mergeKeyOf(path: string[], listRule: ListRule): { merge: false } | { merge: true; mergeKey: string } {
  const rule = listRule(path);
  if (rule?.type === 'map' && rule.keys.length > 0) return { merge: true, mergeKey: rule.keys[0] };
  if (rule?.type === 'set') return { merge: true, mergeKey: '' };
  return { merge: false };
}

function mergeListField(original: unknown[], patch: unknown[], path: string[], listRule: ListRule): unknown[] {
  const how = mergeKeyOf(path, listRule);
  if (!how.merge) return patch.map(stripDirectives);
  return mergeList(original, patch, how.mergeKey, path, listRule);
}

/** A merged list, then put in order: the patch's elements in its order, the server's own where they were. */
function mergeList(original: unknown[], patch: unknown[], mergeKey: string, path: string[], listRule: ListRule): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const maps = [...original, ...patch].some(isPlainObject);
  if (!maps) {
    const merged: unknown[] = [];
    for (const v of [...original, ...patch]) if (!merged.some((m) => deepEqual(m, v))) merged.push(v);
    return inOrder(merged, patch, original, '');
  }
  if (mergeKey === '') throw patchFailure(`cannot merge lists without merge key for ${path[path.length - 1] ?? ''}`);
  const special = withoutSpecialElements(original, patch, mergeKey);
  const merged = mergeByKey(special.original, special.patch, mergeKey, path, listRule);
  return inOrder(merged, special.patch, special.original, mergeKey);
}

/** `$patch: delete` elements remove theirs from the server's list; `$patch: replace` makes the patch's elements the list. */
function withoutSpecialElements(original: unknown[], patch: unknown[], mergeKey: string): { original: unknown[]; patch: unknown[] } {
  const plain: unknown[] = [];
  let replace = false;
  for (const element of patch) {
    if (!isPlainObject(element) || !(DIRECTIVE in element)) {
      plain.push(element);
      continue;
    }
    const directive = element[DIRECTIVE];
    if (directive === 'delete') {
      if (!(mergeKey in element)) throw noMergeKey(element, mergeKey);
      original = original.filter((o) => !(isPlainObject(o) && deepEqual(o[mergeKey], element[mergeKey])));
    } else if (directive === 'replace') {
      replace = true;
    } else if (directive === 'merge') {
      throw patchFailure('merging lists cannot yet be specified in the patch');
    } else {
      throw badPatchType(directive, element);
    }
  }
  return replace ? { original: plain.map(stripDirectives), patch: [] } : { original, patch: plain };
}

function mergeByKey(original: unknown[], patch: unknown[], mergeKey: string, path: string[], listRule: ListRule): unknown[] {
  const merged = [...original];
  for (const element of patch) {
    if (!isPlainObject(element)) throw badArgType('map', element);
    if (!(mergeKey in element)) throw noMergeKey(element, mergeKey);
    const at = merged.findIndex((o) => isPlainObject(o) && deepEqual(o[mergeKey], element[mergeKey]));
    if (at >= 0) merged[at] = mergeMap(merged[at] as JSONMap, element, path, listRule);
    else merged.push(stripDirectives(element));
  }
  return merged;
}

/** `$setElementOrder/<list>` directives: each merges its list here and orders it as the directive says. */
function mergeOrderedLists(original: JSONMap, patch: JSONMap, path: string[], listRule: ListRule): void {
  for (const [key, order] of Object.entries(patch)) {
    if (!key.startsWith(ELEMENT_ORDER)) continue;
    delete patch[key];
    if (!Array.isArray(order)) throw badArgType('list', order);
    const slash = key.indexOf('/');
    if (slash < 0 || key.slice(0, slash) !== ELEMENT_ORDER) throw new StatusError(badRequestStatus('invalid patch format of setElementOrder list'));
    const field = key.slice(slash + 1);
    const fromServer = original[field];
    const fromPatch = patch[field];
    if (fromServer !== undefined && !Array.isArray(fromServer)) throw badArgType('list', fromServer);
    if (fromPatch !== undefined && !Array.isArray(fromPatch)) throw badArgType('list', fromPatch);
    const how = mergeKeyOf([...path, field], listRule);
    const mergeKey = how.merge ? how.mergeKey : '';
    checkOrderCoversPatch(fromPatch ?? [], order, mergeKey);
    let merged: unknown[];
    if (fromServer !== undefined && fromPatch !== undefined) merged = mergeListField(fromServer, fromPatch, [...path, field], listRule);
    else if (fromPatch !== undefined) merged = fromPatch.map(stripDirectives);
    else if (fromServer !== undefined) merged = fromServer;
    else continue;
    original[field] = inOrder(merged, order, fromServer ?? [], mergeKey);
    delete patch[field];
  }
}

/** The patch's elements must appear in the `$setElementOrder` list, in its order. */
function checkOrderCoversPatch(patch: unknown[], order: unknown[], mergeKey: string): void {
  if (patch.length === 0 || order.length === 0) return;
  const elements = mergeKey === '' ? patch : patch.filter((e) => !(isPlainObject(e) && e[DIRECTIVE] === 'delete'));
  let p = 0;
  let o = 0;
  while (p < elements.length && o < order.length) {
    const element = elements[p];
    if (isPlainObject(element) && DIRECTIVE in element) {
      p++;
      continue;
    }
    if (sameElement(elements[p], order[o], mergeKey)) p++;
    o++;
  }
  if (p < elements.length) {
    throw patchFailure(`The order in patch list:\n${goV(patch)}\n doesn't match ${ELEMENT_ORDER} list:\n${goV(order)}\n`);
  }
}

function sameElement(a: unknown, b: unknown, mergeKey: string): boolean {
  if (mergeKey === '') return deepEqual(a, b);
  if (!isPlainObject(a)) throw badArgType('map', a);
  if (!isPlainObject(b)) throw badArgType('map', b);
  if (!(mergeKey in a)) throw noMergeKey(a, mergeKey);
  if (!(mergeKey in b)) throw noMergeKey(b, mergeKey);
  return deepEqual(a[mergeKey], b[mergeKey]);
}

function indexIn(list: unknown[], element: unknown, mergeKey: string): number {
  if (mergeKey === '') return list.findIndex((e) => deepEqual(e, element));
  if (!isPlainObject(element)) return -1;
  return list.findIndex((e) => isPlainObject(e) && deepEqual(e[mergeKey], element[mergeKey]));
}

/**
 * Orders a merged list: the elements named in `patchOrder` sorted by it (without those it marks
 * `$patch: delete`), the others by `serverOrder`, then the second slotted into the first where
 * the server's order puts them before a patch element.
 */
function inOrder(merged: unknown[], patchOrder: unknown[], serverOrder: unknown[], mergeKey: string): unknown[] {
  const fromPatch: unknown[] = [];
  const serverOnly: unknown[] = [];
  for (const element of merged) {
    if (mergeKey !== '') {
      if (!isPlainObject(element)) throw badArgType('map', element);
      if (!(mergeKey in element)) throw noMergeKey(element, mergeKey);
    }
    (indexIn(patchOrder, element, mergeKey) >= 0 ? fromPatch : serverOnly).push(element);
  }
  const patchSorted = sortByOrder(fromPatch, patchOrder, mergeKey);
  const serverSorted = sortByOrder(serverOnly, serverOrder, mergeKey);
  const out: unknown[] = [];
  let s = 0;
  let p = 0;
  while (s < serverSorted.length || p < patchSorted.length) {
    if (p >= patchSorted.length) out.push(serverSorted[s++]);
    else if (s >= serverSorted.length) out.push(patchSorted[p++]);
    else {
      const si = indexIn(serverOrder, serverSorted[s], mergeKey);
      const pi = indexIn(serverOrder, patchSorted[p], mergeKey);
      if (si >= 0 && pi >= 0 && si < pi) out.push(serverSorted[s++]);
      else out.push(patchSorted[p++]);
    }
  }
  return out;
}

/**
 * A stable sort by the place in `order` (Go's sort.SliceStable as strategicpatch calls it: an
 * insertion sort, in which an element missing from `order` moves before its neighbours); then
 * the elements `order` marks `$patch: delete` are dropped.
 */
function sortByOrder(list: unknown[], order: unknown[], mergeKey: string): unknown[] {
  if (mergeKey !== '') for (const e of [...list, ...order]) if (!isPlainObject(e) || !(mergeKey in e)) throw noMergeKey(e, mergeKey);
  const out = [...list];
  const before = (a: unknown, b: unknown) => {
    const ia = indexIn(order, a, mergeKey);
    const ib = indexIn(order, b, mergeKey);
    return ia >= 0 && ib >= 0 ? ia < ib : true;
  };
  for (let i = 1; i < out.length; i++) {
    for (let j = i; j > 0 && before(out[j], out[j - 1]); j--) [out[j], out[j - 1]] = [out[j - 1], out[j]];
  }
  if (mergeKey === '') return out;
  const deleted = order.filter((e) => isPlainObject(e) && e[DIRECTIVE] === 'delete');
  return out.filter((e) => !deleted.some((d) => deepEqual((d as JSONMap)[mergeKey], (e as JSONMap)[mergeKey])));
}

function stripDirectives(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripDirectives);
  if (!isPlainObject(value)) return value;
  const out: JSONMap = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('$')) continue;
    if (v === null) continue;
    out[k] = stripDirectives(v);
  }
  return out;
}
