import type { Client } from '../client/types.js';
import { isNotFound } from '../client/errors.js';
import type { Kind } from '../scheme/kind.js';
import { createMergePatch, jsonClone, jsonEqual, replaceContents } from './json.js';
import { describeObject, type MetaObject } from './object.js';

/** What `createOrUpdate` did. */
export type OperationResult = 'created' | 'updated' | 'unchanged';
/** What `createOrPatch` did; it patches the status subresource separately, as controller-runtime does. */
export type PatchOperationResult = OperationResult | 'updatedStatus' | 'updatedStatusOnly';

/** Sets the desired state on the object (which holds the current state, or only its name when it is new). */
export type MutateFn<T> = (obj: T) => void | Promise<void>;

function keyOf(obj: MetaObject, fn: string): { namespace?: string; name: string } {
  const name = obj.metadata?.name;
  if (!name) throw new Error(`${fn}: the object needs metadata.name`);
  const namespace = obj.metadata?.namespace;
  return namespace ? { namespace, name } : { name };
}

async function mutateKeepingKey<T extends MetaObject>(obj: T, mutate: MutateFn<T>, fn: string): Promise<void> {
  const before = keyOf(obj, fn);
  await mutate(obj);
  const after = keyOf(obj, fn);
  if (before.name !== after.name || (before.namespace ?? '') !== (after.namespace ?? '')) {
    throw new Error(`${fn}: the mutate function cannot change the object's name or namespace (${describeObject({ metadata: before })} -> ${describeObject({ metadata: after })})`);
  }
}

/** Reads the object named by `obj` into `obj` itself; false when it does not exist. */
async function readInto<T extends MetaObject>(client: Client, kind: Kind<T>, obj: T, fn: string): Promise<boolean> {
  try {
    const current = await client.get(kind, keyOf(obj, fn));
    replaceContents(obj, jsonClone(current));
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/**
 * Creates the object or updates it to the state `mutate` sets, as controller-runtime's
 * CreateOrUpdate: reads the object named by `obj` into `obj`, applies `mutate`, then creates it
 * (when absent) or updates it (when `mutate` changed it). `obj` ends up as the server stored it.
 */
export async function createOrUpdate<T extends MetaObject>(
  client: Client,
  kind: Kind<T>,
  obj: T,
  mutate: MutateFn<T>,
): Promise<OperationResult> {
  if (!(await readInto(client, kind, obj, 'createOrUpdate'))) {
    await mutateKeepingKey(obj, mutate, 'createOrUpdate');
    replaceContents(obj, jsonClone(await client.create(kind, obj)));
    return 'created';
  }
  const existing = jsonClone(obj);
  await mutateKeepingKey(obj, mutate, 'createOrUpdate');
  if (jsonEqual(existing, obj)) return 'unchanged';
  replaceContents(obj, jsonClone(await client.update(kind, obj)));
  return 'updated';
}

/**
 * As `createOrUpdate`, but sends JSON merge patches of what `mutate` changed instead of the whole
 * object: one for the object without its status, one for the status subresource.
 */
export async function createOrPatch<T extends MetaObject>(
  client: Client,
  kind: Kind<T>,
  obj: T,
  mutate: MutateFn<T>,
): Promise<PatchOperationResult> {
  if (!(await readInto(client, kind, obj, 'createOrPatch'))) {
    await mutateKeepingKey(obj, mutate, 'createOrPatch');
    // Create drops status. controller-runtime's CreateOrPatch leaves it unwritten; we write it with a
    // status patch so the mutate function's status is not lost (the result is 'created' either way).
    const status = (obj as { status?: unknown }).status;
    let created = jsonClone(await client.create(kind, obj));
    if (status !== undefined && !jsonEqual((created as { status?: unknown }).status, status)) {
      created = jsonClone(await client.status().patch(kind, created, { status: jsonClone(status) as Record<string, unknown> }));
    }
    replaceContents(obj, created);
    return 'created';
  }
  const before = jsonClone(obj) as Record<string, unknown>;
  await mutateKeepingKey(obj, mutate, 'createOrPatch');
  const after = jsonClone(obj) as Record<string, unknown>;

  const { status: statusBefore, ...mainBefore } = before;
  const { status: statusAfter, ...mainAfter } = after;
  const mainPatch = createMergePatch(mainBefore, mainAfter);
  const statusPatch = createMergePatch({ status: statusBefore ?? {} }, { status: statusAfter ?? {} });
  const mainChanged = Object.keys(mainPatch).length > 0;
  const statusChanged = Object.keys(statusPatch).length > 0;
  if (!mainChanged && !statusChanged) return 'unchanged';

  let current: T = obj;
  if (mainChanged) current = jsonClone(await client.patch(kind, obj, mainPatch, { type: 'merge' }));
  if (statusChanged) current = jsonClone(await client.status().patch(kind, current, statusPatch, { type: 'merge' }));
  replaceContents(obj, current);
  if (mainChanged && statusChanged) return 'updatedStatus';
  return mainChanged ? 'updated' : 'updatedStatusOnly';
}
