/**
 * managedFields bookkeeping: Update operations take ownership of the fields they change;
 * Apply (server-side apply) merges a configuration, removes fields the applier stopped
 * setting, and reports conflicts with other managers unless forced.
 */
import { deepCopy, deepEqual } from '../../kube/json-values.js';
import { isPlainObject, type KubeObject, type ManagedFieldsEntry } from '../model/object.js';
import { StatusError } from '../model/status.js';
import { compareFieldPaths, fieldsOf, FieldSet, formatPath, listElementKey, removeAt, valueAt, type FieldPath, type FieldScope, type ListRule } from './field-set.js';
import { metaTime } from '../../kube/meta-time.js';

export interface ManagerContext {
  manager: string;
  apiVersion: string;
  listRule: ListRule;
  /** `status` for writes through the status subresource. */
  subresource?: string;
  /** Whether status is a separate subresource (then the main resource does not own status). */
  statusSeparate: boolean;
  /** The kind's zero value (builtins/zero-values.ts): what a create does not bring into being. */
  zero?: KubeObject;
}

function time(): string {
  return metaTime();
}

function scopeOf(ctx: ManagerContext): FieldScope {
  if (!ctx.statusSeparate) return 'all';
  return ctx.subresource === 'status' ? 'status' : 'main';
}

function sameEntry(e: ManagedFieldsEntry, manager: string, operation: 'Apply' | 'Update', subresource: string | undefined): boolean {
  return e.manager === manager && e.operation === operation && (e.subresource ?? '') === (subresource ?? '');
}

export function entrySet(e: ManagedFieldsEntry): FieldSet {
  return FieldSet.fromFieldsV1(e.fieldsV1 ?? {});
}

function isLeafChanged(oldObj: KubeObject | undefined, newObj: KubeObject, path: FieldPath): boolean {
  const last = path[path.length - 1];
  const before = oldObj ? valueAt(oldObj, path) : undefined;
  const after = valueAt(newObj, path);
  // A keyed element is "changed" only by appearing; its fields are tracked on their own.
  if (last.startsWith('k:') || last.startsWith('v:')) return before === undefined;
  return !deepEqual(before, after);
}

/**
 * kube-apiserver's order of managedFields (sortEncodedManagedFields): Apply before Update, then by
 * time in whole seconds (no time first), manager, subresource.
 */
function entryOrder(a: ManagedFieldsEntry, b: ManagedFieldsEntry): number {
  const op = (e: ManagedFieldsEntry) => e.operation ?? '';
  if (op(a) !== op(b)) return op(a) < op(b) ? -1 : 1;
  const seconds = (e: ManagedFieldsEntry) => (e.time ? Math.floor(Date.parse(e.time) / 1000) : 0);
  if (seconds(a) !== seconds(b)) return seconds(a) - seconds(b);
  if ((a.manager ?? '') !== (b.manager ?? '')) return (a.manager ?? '') < (b.manager ?? '') ? -1 : 1;
  return (a.subresource ?? '') < (b.subresource ?? '') ? -1 : (a.subresource ?? '') > (b.subresource ?? '') ? 1 : 0;
}

/** Sets `obj`'s managedFields to `entries` without the empty ones, in kube-apiserver's order. */
export function writeEntries(obj: KubeObject, entries: ManagedFieldsEntry[]): void {
  const kept = entries.filter((e) => e.fieldsV1 && Object.keys(e.fieldsV1).length > 0).sort(entryOrder);
  if (kept.length === 0) delete obj.metadata!.managedFields;
  else obj.metadata!.managedFields = kept;
}

/**
 * Whether an update of a stored object is tracked. kube-apiserver's field manager takes the
 * entries the request brings (the main resource only), else the stored ones; with none at all (an
 * object whose create set no field, e.g. a bare ServiceAccount) it does not start tracking on an
 * update: only a create or an apply does.
 */
function tracksUpdates(oldObj: KubeObject, newObj: KubeObject, ctx: ManagerContext): boolean {
  const requested = ctx.subresource ? undefined : newObj.metadata?.managedFields;
  const entries = requested && requested.length > 0 ? requested : oldObj.metadata?.managedFields;
  return (entries ?? []).length > 0;
}

/**
 * Records an Update by `ctx.manager` that turned `oldObj` into `newObj`, on `newObj`'s metadata.
 * The manager takes the leaves it changed and the maps and associative lists it brought into
 * being (those absent from `oldObj` and from the kind's zero value, `ctx.zero`).
 */
export function recordUpdate(oldObj: KubeObject | undefined, newObj: KubeObject, ctx: ManagerContext): void {
  if (oldObj && !tracksUpdates(oldObj, newObj, ctx)) {
    delete newObj.metadata!.managedFields;
    return;
  }
  const scope = scopeOf(ctx);
  const before = oldObj ? fieldsOf(oldObj, ctx.listRule, scope, true) : new FieldSet();
  const after = fieldsOf(newObj, ctx.listRule, scope, true);
  const leaves = fieldsOf(newObj, ctx.listRule, scope);
  const base = oldObj ?? ctx.zero;
  const absentBefore = (p: FieldPath) =>
    (oldObj === undefined || valueAt(oldObj, p) === undefined) && (ctx.zero === undefined || valueAt(ctx.zero, p) === undefined);
  const changed = FieldSet.of([...after.paths()].filter((p) => (leaves.has(p) ? isLeafChanged(base, newObj, p) : absentBefore(p))));
  const removed = before.minus(after);
  const entries: ManagedFieldsEntry[] = deepCopy(oldObj?.metadata?.managedFields ?? newObj.metadata?.managedFields ?? []);
  if (changed.size === 0 && removed.size === 0 && oldObj) {
    writeEntries(newObj, entries);
    return;
  }
  const result: ManagedFieldsEntry[] = [];
  let mine: FieldSet = changed;
  for (const e of entries) {
    const set = entrySet(e).minus(removed);
    if (sameEntry(e, ctx.manager, 'Update', ctx.subresource)) {
      mine = set.union(changed);
      continue;
    }
    const remaining = set.minus(changed);
    result.push({ ...e, fieldsV1: remaining.toFieldsV1() });
  }
  const entry: ManagedFieldsEntry = { manager: ctx.manager, operation: 'Update', apiVersion: ctx.apiVersion, time: time(), fieldsType: 'FieldsV1', fieldsV1: mine.toFieldsV1() };
  if (ctx.subresource) entry.subresource = ctx.subresource;
  result.push(entry);
  writeEntries(newObj, result);
}

export interface ApplyOptions extends ManagerContext {
  force: boolean;
  group: string;
  resource: string;
  name: string;
}

/** The manager named as kube-apiserver names it in a conflict. */
function describeManager(e: ManagedFieldsEntry): string {
  let out = JSON.stringify(e.manager ?? '');
  if (e.subresource) out += ` with subresource ${JSON.stringify(e.subresource)}`;
  // kube-apiserver 1.36 names an Update manager's apiVersion, not its time.
  if (e.operation === 'Update') out += ` using ${e.apiVersion}`;
  return out;
}

function conflictError(conflicts: { entry: ManagedFieldsEntry; path: FieldPath }[]): StatusError {
  let message: string;
  if (conflicts.length === 1) {
    message = `Apply failed with 1 conflict: conflict with ${describeManager(conflicts[0].entry)}: ${formatPath(conflicts[0].path)}`;
  } else {
    // Each manager's fields in the order its field set iterates them.
    const byManager = new Map<string, FieldPath[]>();
    for (const c of conflicts) {
      const m = describeManager(c.entry);
      byManager.set(m, [...(byManager.get(m) ?? []), c.path].sort(compareFieldPaths));
    }
    const lines: string[] = [];
    for (const m of [...byManager.keys()].sort()) {
      lines.push(`conflicts with ${m}:`);
      for (const p of byManager.get(m)!) lines.push(`- ${formatPath(p)}`);
    }
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return new StatusError({
    message,
    reason: 'Conflict',
    details: { causes: conflicts.map((c) => ({ reason: 'FieldManagerConflict', message: `conflict with ${describeManager(c.entry)}`, field: formatPath(c.path) })) },
    code: 409,
  });
}

/** Deep-merges an applied configuration into `target`, lists by their merge rules. */
function mergeInto(target: Record<string, unknown>, config: Record<string, unknown>, names: string[], listRule: ListRule): void {
  for (const [key, value] of Object.entries(config)) {
    const path = [...names, key];
    const existing = target[key];
    if (isPlainObject(value) && isPlainObject(existing)) {
      mergeInto(existing, value, path, listRule);
    } else if (Array.isArray(value) && Array.isArray(existing)) {
      const rule = listRule(path);
      if (rule?.type === 'map') {
        const merged = [...(existing as unknown[])];
        for (const item of value) {
          const k = listElementKey(item, rule.keys, rule.keyDefaults);
          const i = merged.findIndex((e) => listElementKey(e, rule.keys, rule.keyDefaults) === k);
          if (i >= 0 && isPlainObject(merged[i]) && isPlainObject(item)) {
            const copy = deepCopy(merged[i]);
            mergeInto(copy, item, path, listRule);
            merged[i] = copy;
          } else merged.push(deepCopy(item));
        }
        target[key] = merged;
      } else if (rule?.type === 'set') {
        const merged = [...(existing as unknown[])];
        for (const item of value) if (!merged.some((e) => deepEqual(e, item))) merged.push(item);
        target[key] = merged;
      } else target[key] = deepCopy(value);
    } else {
      target[key] = deepCopy(value);
    }
  }
}

/**
 * Server-side apply of `config` by `opts.manager` onto `current` (undefined when creating).
 * Returns the new object with its managedFields; throws 409 on conflicts unless forced.
 */
export function applyConfiguration(current: KubeObject | undefined, config: KubeObject, opts: ApplyOptions): KubeObject {
  const scope = scopeOf(opts);
  const applied = fieldsOf(config, opts.listRule, scope);
  const entries: ManagedFieldsEntry[] = deepCopy(current?.metadata?.managedFields ?? []);
  const base: KubeObject = current ? deepCopy(current) : { apiVersion: config.apiVersion, kind: config.kind, metadata: {} };

  let previous = new FieldSet();
  const others: { entry: ManagedFieldsEntry; set: FieldSet }[] = [];
  for (const e of entries) {
    if (sameEntry(e, opts.manager, 'Apply', opts.subresource)) previous = entrySet(e);
    else others.push({ entry: e, set: entrySet(e) });
  }
  const live = deepCopy(base);

  // Fields this applier set before, no longer applies, and nobody else owns: removed (deepest first).
  const ownedByOthers = others.reduce((acc, o) => acc.union(o.set), new FieldSet());
  const dropped = [...previous.minus(applied).paths()].filter((p) => !ownedByOthers.has(p));
  // A dropped list element goes whole; its fields are not removed one by one first (that would lose its key).
  const droppedSet = FieldSet.of(dropped);
  const hasDroppedAncestor = (p: FieldPath): boolean => p.some((_, i) => i < p.length - 1 && droppedSet.has(p.slice(0, i + 1)));
  for (const p of dropped.filter((p) => !hasDroppedAncestor(p))) removeAt(base, p);

  const { metadata: configMeta, ...configRest } = config;
  mergeInto(base, configRest, [], opts.listRule);
  if (isPlainObject(configMeta)) {
    const meta = base.metadata as Record<string, unknown>;
    for (const [k, v] of Object.entries(configMeta)) {
      if (k === 'managedFields' || k === 'resourceVersion' || k === 'uid' || k === 'creationTimestamp' || k === 'generation') continue;
      if (isPlainObject(v) && isPlainObject(meta[k])) mergeInto(meta[k], v, ['metadata', k], opts.listRule);
      else if (Array.isArray(v) && Array.isArray(meta[k])) mergeInto(meta, { [k]: v }, ['metadata'], opts.listRule);
      else meta[k] = deepCopy(v);
    }
  }

  // A conflict is a field another manager owns that the apply changes; a map that stays a map
  // is not changed itself (an empty map applied over a full one, a map of an untyped subtree),
  // unless it is atomic.
  const conflicts: { entry: ManagedFieldsEntry; path: FieldPath }[] = [];
  for (const { entry: e, set } of others) {
    for (const p of set.intersect(applied).paths()) {
      const last = p[p.length - 1];
      if (last.startsWith('k:') || last.startsWith('v:')) continue;
      const before = valueAt(live, p);
      const after = valueAt(base, p);
      const names = p.filter((pe) => pe.startsWith('f:')).map((pe) => pe.slice(2));
      if (isPlainObject(before) && isPlainObject(after) && opts.listRule(names)?.type !== 'atomic') continue;
      if (!deepEqual(before, after)) conflicts.push({ entry: e, path: p });
    }
  }
  if (conflicts.length > 0 && !opts.force) throw conflictError(conflicts);

  const conflicting = FieldSet.of(conflicts.map((c) => c.path));
  const result: ManagedFieldsEntry[] = others.map(({ entry, set }) => ({ ...entry, fieldsV1: set.minus(conflicting).toFieldsV1() }));
  const entry: ManagedFieldsEntry = { manager: opts.manager, operation: 'Apply', apiVersion: opts.apiVersion, time: time(), fieldsType: 'FieldsV1', fieldsV1: applied.toFieldsV1() };
  if (opts.subresource) entry.subresource = opts.subresource;
  // An apply that changes nothing else leaves the time as it was (none for a new manager).
  if (current && unchangedApartFromManagedFields(current, base)) {
    const previousTime = entries.find((e) => sameEntry(e, opts.manager, 'Apply', opts.subresource))?.time;
    if (previousTime) entry.time = previousTime;
    else delete entry.time;
  }
  result.push(entry);
  writeEntries(base, result);
  return base;
}

function unchangedApartFromManagedFields(a: KubeObject, b: KubeObject): boolean {
  const strip = (o: KubeObject) => ({ ...o, metadata: { ...o.metadata, managedFields: undefined } });
  return deepEqual(strip(a), strip(b));
}
