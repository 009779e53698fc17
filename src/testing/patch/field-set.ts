/**
 * Field sets as server-side apply tracks them: the set of leaf paths an object sets, where a
 * keyed list element is addressed by its keys (`k:{"name":"web"}`), a set element by its value
 * (`v:"x"`) and a struct field by name (`f:spec`). Serialised as FieldsV1 in managedFields.
 */
import { deepEqual } from '../../kube/json-values.js';
import { isPlainObject, type JSONObject, type KubeObject } from '../model/object.js';
import type { ListMergeRule } from '../model/resource-type.js';

/** One path element in FieldsV1 spelling. */
export type PathElement = string;
export type FieldPath = PathElement[];
export type ListRule = (path: readonly string[]) => ListMergeRule | undefined;

/** A set of paths; members are stored as their JSON form. */
export class FieldSet {
  private readonly members = new Set<string>();

  static of(paths: Iterable<FieldPath>): FieldSet {
    const set = new FieldSet();
    for (const p of paths) set.add(p);
    return set;
  }

  add(path: FieldPath): void {
    this.members.add(JSON.stringify(path));
  }
  has(path: FieldPath): boolean {
    return this.members.has(JSON.stringify(path));
  }
  delete(path: FieldPath): void {
    this.members.delete(JSON.stringify(path));
  }
  get size(): number {
    return this.members.size;
  }
  *paths(): IterableIterator<FieldPath> {
    for (const m of this.members) yield JSON.parse(m) as FieldPath;
  }
  union(other: FieldSet): FieldSet {
    const out = FieldSet.of(this.paths());
    for (const p of other.paths()) out.add(p);
    return out;
  }
  minus(other: FieldSet): FieldSet {
    return FieldSet.of([...this.paths()].filter((p) => !other.has(p)));
  }
  intersect(other: FieldSet): FieldSet {
    return FieldSet.of([...this.paths()].filter((p) => other.has(p)));
  }

  /** FieldsV1 JSON: nested `f:`/`k:`/`v:` keys, `.` marking a member that also has children. */
  toFieldsV1(): JSONObject {
    const root: JSONObject = {};
    const sorted = [...this.paths()].sort((a, b) => a.length - b.length);
    for (const path of sorted) {
      let node = root;
      path.forEach((pe, i) => {
        let child = node[pe] as JSONObject | undefined;
        if (!child) {
          child = {};
          node[pe] = child;
        }
        if (i === path.length - 1 && Object.keys(child).length > 0) child['.'] = {};
        node = child;
      });
    }
    // A member seen before its children (shorter path first) needs its `.` marker.
    const mark = (node: JSONObject, prefix: FieldPath): void => {
      for (const [pe, child] of Object.entries(node)) {
        if (pe === '.') continue;
        const p = [...prefix, pe];
        const c = child as JSONObject;
        if (Object.keys(c).length > 0 && this.has(p)) c['.'] = {};
        mark(c, p);
      }
    };
    mark(root, []);
    return root;
  }

  static fromFieldsV1(fields: unknown): FieldSet {
    const set = new FieldSet();
    const walk = (node: unknown, prefix: FieldPath): void => {
      if (!isPlainObject(node)) return;
      for (const [pe, child] of Object.entries(node)) {
        if (pe === '.') {
          set.add(prefix);
          continue;
        }
        const p = [...prefix, pe];
        if (isPlainObject(child) && Object.keys(child).length === 0) set.add(p);
        else walk(child, p);
      }
    };
    walk(fields, []);
    return set;
  }
}

/** Fields the server owns: never tracked in managedFields (generateName is the writer's, and tracked). */
const IGNORED_METADATA = new Set(['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'selfLink']);

export type FieldScope = 'main' | 'status' | 'all';

/**
 * The paths `obj` sets: its leaves (atomic lists and maps are leaves) and list elements. `scope`
 * drops status (main resource) or all but status (status subresource). `withNodes` adds the maps
 * and associative lists that hold them (an Update owns a map or list it brings into being).
 */
export function fieldsOf(obj: KubeObject, listRule: ListRule, scope: FieldScope, withNodes = false): FieldSet {
  const out = new FieldSet();
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'apiVersion' || key === 'kind' || value === undefined) continue;
    if (scope === 'main' && key === 'status') continue;
    if (scope === 'status' && key !== 'status') continue;
    if (key === 'metadata' && isPlainObject(value)) {
      for (const [mk, mv] of Object.entries(value)) {
        if (IGNORED_METADATA.has(mk) || mv === undefined) continue;
        walkValue(mv, ['metadata', mk], [`f:metadata`, `f:${mk}`], listRule, out, withNodes);
      }
      continue;
    }
    walkValue(value, [key], [`f:${key}`], listRule, out, withNodes);
  }
  return out;
}

export function listElementKey(item: unknown, keys: string[], keyDefaults: Record<string, unknown> = {}): PathElement | undefined {
  if (!isPlainObject(item)) return undefined;
  const key: Record<string, unknown> = {};
  for (const k of [...keys].sort()) {
    const value = item[k] ?? keyDefaults[k];
    if (value !== undefined) key[k] = value;
  }
  return `k:${JSON.stringify(key)}`;
}

function walkValue(value: unknown, names: string[], path: FieldPath, listRule: ListRule, out: FieldSet, withNodes: boolean): void {
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    const rule = listRule(names)?.type;
    // An empty map, and a map of x-kubernetes-map-type atomic, are owned whole.
    if (entries.length === 0 || rule === 'atomic') {
      out.add(path);
      return;
    }
    if (withNodes || rule === 'deduced') out.add(path);
    for (const [k, v] of entries) walkValue(v, [...names, k], [...path, `f:${k}`], listRule, out, withNodes);
    return;
  }
  if (Array.isArray(value)) {
    const rule = listRule(names);
    if (rule?.type === 'map' && value.every(isPlainObject)) {
      if (withNodes) out.add(path);
      for (const item of value) {
        const pe = listElementKey(item, rule.keys, rule.keyDefaults)!;
        const elementPath = [...path, pe];
        out.add(elementPath);
        // kube-apiserver's field manager tracks an ownerReference as its key alone, not its fields.
        if (names.length === 2 && names[0] === 'metadata' && names[1] === 'ownerReferences') continue;
        for (const [k, v] of Object.entries(item)) {
          if (v !== undefined) walkValue(v, [...names, k], [...elementPath, `f:${k}`], listRule, out, withNodes);
        }
      }
      return;
    }
    if (rule?.type === 'set') {
      if (withNodes) out.add(path);
      for (const item of value) out.add([...path, `v:${JSON.stringify(item)}`]);
      return;
    }
  }
  out.add(path);
}

/**
 * The first list of `obj` that names an element twice, as server-side apply's typed conversion
 * refuses it (`.spec.ports: duplicate entries for key [name="http"]`, a set's `[="a"]`), or
 * undefined.
 */
export function duplicateListEntry(obj: KubeObject, listRule: ListRule): string | undefined {
  const walk = (value: unknown, names: string[], path: FieldPath): string | undefined => {
    if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        const found = walk(v, [...names, k], [...path, `f:${k}`]);
        if (found) return found;
      }
      return undefined;
    }
    if (!Array.isArray(value)) return undefined;
    const rule = listRule(names);
    const elements = rule?.type === 'map' && value.every(isPlainObject) ? value.map((item) => listElementKey(item, rule.keys, rule.keyDefaults)!) : rule?.type === 'set' ? value.map((item) => `v:${JSON.stringify(item)}`) : undefined;
    const twice = elements?.find((pe, i) => elements.indexOf(pe) !== i);
    if (twice) return `${formatPath(path)}: duplicate entries for key ${formatPath([twice])}`;
    if (rule?.type !== 'map') return undefined;
    for (const item of value) {
      const found = walk(item, names, [...path, listElementKey(item, rule.keys, rule.keyDefaults)!]);
      if (found) return found;
    }
    return undefined;
  };
  const { apiVersion: _a, kind: _k, ...rest } = obj;
  return walk(rest, [], []);
}

/**
 * Key fields with a scheme default (a port's protocol): an element that leaves one out matches
 * the defaulted key, as the stored object has it defaulted.
 */
const KEY_FIELD_DEFAULTS: Record<string, unknown> = { protocol: 'TCP' };

function matchesKey(item: unknown, key: Record<string, unknown>): boolean {
  return isPlainObject(item) && Object.entries(key).every(([k, v]) => deepEqual(item[k] ?? KEY_FIELD_DEFAULTS[k], v));
}

/** The value at a path; `undefined` when absent. A set member's value is `true` when present. */
export function valueAt(obj: unknown, path: FieldPath): unknown {
  let cur: unknown = obj;
  for (const pe of path) {
    if (pe.startsWith('f:')) {
      if (!isPlainObject(cur)) return undefined;
      cur = cur[pe.slice(2)];
    } else if (pe.startsWith('k:')) {
      if (!Array.isArray(cur)) return undefined;
      const key = JSON.parse(pe.slice(2)) as Record<string, unknown>;
      cur = cur.find((item) => matchesKey(item, key));
    } else if (pe.startsWith('v:')) {
      if (!Array.isArray(cur)) return undefined;
      const v = JSON.parse(pe.slice(2)) as unknown;
      return cur.some((item) => deepEqual(item, v)) ? true : undefined;
    } else return undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Removes the member at `path` from `obj` (a field, a keyed element, a set value). */
export function removeAt(obj: unknown, path: FieldPath): void {
  if (path.length === 0) return;
  const parent = valueAt(obj, path.slice(0, -1));
  const pe = path[path.length - 1];
  if (pe.startsWith('f:') && isPlainObject(parent)) {
    delete parent[pe.slice(2)];
  } else if (pe.startsWith('k:') && Array.isArray(parent)) {
    const key = JSON.parse(pe.slice(2)) as Record<string, unknown>;
    const i = parent.findIndex((item) => matchesKey(item, key));
    if (i >= 0) parent.splice(i, 1);
  } else if (pe.startsWith('v:') && Array.isArray(parent)) {
    const v = JSON.parse(pe.slice(2)) as unknown;
    const i = parent.findIndex((item) => deepEqual(item, v));
    if (i >= 0) parent.splice(i, 1);
  }
}

/** SMD's order of path elements: fields, then keys, then values, each by their text. */
function compareElements(a: PathElement, b: PathElement): number {
  const rank = (pe: PathElement) => ['f:', 'k:', 'v:'].indexOf(pe.slice(0, 2));
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The order in which fieldpath.Set iterates its paths: at each level the members (paths that end
 * there) first, then the children, each in element order.
 */
export function compareFieldPaths(a: FieldPath, b: FieldPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const aMember = i === a.length - 1;
    const bMember = i === b.length - 1;
    if (aMember !== bMember) return aMember ? -1 : 1;
    const c = compareElements(a[i], b[i]);
    if (c !== 0 || aMember) return c;
  }
  return a.length - b.length;
}

/** fieldpath.Path's String(): `.spec.containers[name="web"].image`, `.metadata.finalizers[="x"]`. */
export function formatPath(path: FieldPath): string {
  return path
    .map((pe) => {
      if (pe.startsWith('f:')) return `.${pe.slice(2)}`;
      if (pe.startsWith('k:')) {
        const key = JSON.parse(pe.slice(2)) as Record<string, unknown>;
        return `[${Object.entries(key).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',')}]`;
      }
      if (pe.startsWith('v:')) return `[=${pe.slice(2)}]`;
      return `[${pe.slice(2)}]`;
    })
    .join('');
}
