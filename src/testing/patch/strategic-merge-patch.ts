/**
 * Strategic merge patch for built-in kinds: like a JSON merge patch, except that lists with
 * a merge key merge element by element, primitive lists with the merge strategy union, and
 * the `$patch`, `$retainKeys`, `$deleteFromPrimitiveList/` and `$setElementOrder/` directives apply.
 */
import { deepCopy, deepEqual } from '../../kube/json-values.js';
import { isPlainObject } from '../model/object.js';
import type { ListRule } from './field-set.js';
import { StatusError } from '../model/status.js';
import { badRequestStatus } from '../../kube/status.js';

const DELETE_FROM = '$deleteFromPrimitiveList/';
const ELEMENT_ORDER = '$setElementOrder/';

export function applyStrategicMergePatch(target: unknown, patch: unknown, listRule: ListRule): unknown {
  if (!isPlainObject(patch)) throw new StatusError(badRequestStatus('strategic merge patch must be a JSON object'));
  return mergeMap(isPlainObject(target) ? target : {}, patch, [], listRule);
}

function mergeMap(target: Record<string, unknown>, patch: Record<string, unknown>, path: string[], listRule: ListRule): Record<string, unknown> | undefined {
  const directive = patch.$patch;
  if (directive === 'delete') return undefined;
  if (directive === 'replace') {
    const { $patch: _p, ...rest } = patch;
    return stripDirectives(rest) as Record<string, unknown>;
  }
  let out: Record<string, unknown> = { ...target };
  const retain = patch.$retainKeys;
  if (Array.isArray(retain)) {
    const keep = new Set(retain.map(String));
    out = Object.fromEntries(Object.entries(out).filter(([k]) => keep.has(k)));
  }
  for (const [key, value] of Object.entries(patch)) {
    if (key === '$patch' || key === '$retainKeys' || key.startsWith(ELEMENT_ORDER)) continue;
    if (key.startsWith(DELETE_FROM)) {
      const field = key.slice(DELETE_FROM.length);
      const current = out[field];
      if (Array.isArray(current) && Array.isArray(value)) out[field] = current.filter((v) => !value.some((d) => deepEqual(d, v)));
      continue;
    }
    const childPath = [...path, key];
    if (value === null) {
      delete out[key];
    } else if (isPlainObject(value)) {
      const merged = mergeMap(isPlainObject(out[key]) ? (out[key]) : {}, value, childPath, listRule);
      if (merged === undefined) delete out[key];
      else out[key] = merged;
    } else if (Array.isArray(value)) {
      out[key] = mergeList(Array.isArray(out[key]) ? (out[key] as unknown[]) : [], value, childPath, listRule);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function mergeList(target: unknown[], patch: unknown[], path: string[], listRule: ListRule): unknown[] {
  if (patch.some((item) => isPlainObject(item) && item.$patch === 'replace')) {
    return patch.filter((item) => !(isPlainObject(item) && item.$patch === 'replace')).map(stripDirectives);
  }
  const rule = listRule(path);
  if (rule?.type === 'set') {
    const out = [...target];
    for (const item of patch) if (!out.some((e) => deepEqual(e, item))) out.push(item);
    return out;
  }
  if (rule?.type === 'map' && rule.keys.length > 0) {
    const mergeKey = rule.keys[0];
    const out = [...target];
    for (const item of patch) {
      if (!isPlainObject(item)) continue;
      const index = out.findIndex((e) => isPlainObject(e) && deepEqual(e[mergeKey], item[mergeKey]));
      if (item.$patch === 'delete') {
        if (index >= 0) out.splice(index, 1);
        continue;
      }
      if (index >= 0) {
        const merged = mergeMap(out[index] as Record<string, unknown>, item, path, listRule);
        if (merged === undefined) out.splice(index, 1);
        else out[index] = merged;
      } else {
        out.push(stripDirectives(item));
      }
    }
    return out;
  }
  return patch.map(stripDirectives);
}

function stripDirectives(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripDirectives);
  if (!isPlainObject(value)) return deepCopy(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('$')) continue;
    if (v === null) continue;
    out[k] = stripDirectives(v);
  }
  return out;
}
