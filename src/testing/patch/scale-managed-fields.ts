/**
 * managedFields of writes through the scale subresource, as kube-apiserver's scale handler keeps
 * them: the object's entries that own the replicas become entries of the Scale owning its
 * spec.replicas, the write is managed on the Scale, and the result is mapped back. A manager of
 * the Scale that did not own the replicas before gets an entry of its own on the object
 * (subresource `scale`, the replicas alone, and no time: the handler takes times from the
 * object's entries, which had none for it); an entry of the object whose replicas the write took
 * loses them.
 */
import { deepCopy, deepEqual } from '../../kube/json-values.js';
import type { KubeObject, ManagedFieldsEntry } from '../model/object.js';
import { simpleJSONPathFields } from '../model/simple-json-path.js';
import { applyConfiguration, entrySet, writeEntries } from './managed-fields.js';
import { fieldsOf, FieldSet, valueAt, type FieldPath } from './field-set.js';

const SCALE_API_VERSION = 'autoscaling/v1';
const SCALE_REPLICAS: FieldPath = ['f:spec', 'f:replicas'];

/** A scale subresource's replicas path (`.spec.replicas`) as a field path. */
export function replicasFieldPath(specReplicasPath: string): FieldPath {
  return simpleJSONPathFields(specReplicasPath).map((name) => `f:${name}`);
}

interface ScaleWrite {
  manager: string;
  /** The object's apiVersion (the version the request names). */
  apiVersion: string;
  replicasPath: FieldPath;
}

/** Entries are told apart by manager, operation and subresource. */
const entryKey = (e: ManagedFieldsEntry) => `${e.manager ?? ''}\u0000${e.operation ?? ''}\u0000${e.subresource ?? ''}`;

/**
 * Records an Update through /scale that turned `oldObj` into `newObj`: when the replicas changed,
 * the writer's entry takes them from every other entry; otherwise the entries stay as they were.
 */
export function recordScaleUpdate(oldObj: KubeObject, newObj: KubeObject, ctx: ScaleWrite): void {
  const entries: ManagedFieldsEntry[] = deepCopy(oldObj.metadata?.managedFields ?? []);
  if (deepEqual(valueAt(oldObj, ctx.replicasPath), valueAt(newObj, ctx.replicasPath))) {
    writeEntries(newObj, entries);
    return;
  }
  const replicas = FieldSet.of([ctx.replicasPath]);
  const result = entries.map((e) => ({ ...e, fieldsV1: entrySet(e).minus(replicas).toFieldsV1() }));
  result.push({ manager: ctx.manager, operation: 'Update', apiVersion: ctx.apiVersion, fieldsType: 'FieldsV1', fieldsV1: replicas.toFieldsV1(), subresource: 'scale' });
  writeEntries(newObj, result);
}

/**
 * Server-side apply of a Scale configuration to `current` (seen as `scale`): returns the applied
 * Scale, and sets the object's managedFields, mapped back, on `next` (the object with the new
 * replicas). Throws 409 on a conflict unless forced, naming the Scale's managers.
 */
export function applyToScale(
  current: KubeObject,
  scale: KubeObject,
  config: KubeObject,
  ctx: ScaleWrite & { force: boolean; group: string; resource: string; name: string },
): { applied: KubeObject; record(next: KubeObject): void } {
  const parentEntries = current.metadata?.managedFields ?? [];
  const onScale: ManagedFieldsEntry[] = parentEntries
    .filter((e) => entrySet(e).has(ctx.replicasPath))
    .map((e) => ({ ...e, apiVersion: SCALE_API_VERSION, fieldsV1: FieldSet.of([SCALE_REPLICAS]).toFieldsV1() }));
  if (onScale.length === 0) {
    // A Scale nobody manages yet: what it holds is taken to be set by an Update of "before-first-apply".
    const held = [...fieldsOf(scale, () => undefined, 'all').paths()].filter((p) => { const v = valueAt(scale, p); return v !== 0 && v !== ''; });
    if (held.length > 0) onScale.push({ manager: 'before-first-apply', operation: 'Update', apiVersion: SCALE_API_VERSION, fieldsType: 'FieldsV1', fieldsV1: FieldSet.of(held).toFieldsV1(), subresource: 'scale' });
  }
  const applied = applyConfiguration({ ...deepCopy(scale), metadata: { ...deepCopy(scale.metadata), managedFields: onScale } }, config, {
    manager: ctx.manager,
    apiVersion: SCALE_API_VERSION,
    listRule: () => undefined,
    subresource: 'scale',
    statusSeparate: false,
    force: ctx.force,
    group: ctx.group,
    resource: ctx.resource,
    name: ctx.name,
  });
  const afterApply = applied.metadata?.managedFields ?? [];
  return {
    applied,
    record(next) {
      const onScaleNow = new Set(afterApply.map(entryKey));
      const replicas = FieldSet.of([ctx.replicasPath]);
      const result: ManagedFieldsEntry[] = [];
      for (const e of parentEntries) {
        const set = entrySet(e);
        // Kept whole while the Scale still has it; otherwise the write took its replicas.
        if (!set.has(ctx.replicasPath) || onScaleNow.has(entryKey(e))) result.push(e);
        else result.push({ ...e, fieldsV1: set.minus(replicas).toFieldsV1() });
      }
      const present = new Set(result.map(entryKey));
      for (const e of afterApply) {
        if (!entrySet(e).has(SCALE_REPLICAS) || present.has(entryKey(e))) continue;
        const { time: _time, ...entry } = e;
        result.push({ ...entry, apiVersion: ctx.apiVersion, fieldsV1: replicas.toFieldsV1() });
      }
      writeEntries(next, result);
    },
  };
}
