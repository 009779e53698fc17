import type { MetaObject } from './object.js';

/** Adds a finalizer; returns whether the object changed (false when it was already there). */
export function addFinalizer(obj: MetaObject, finalizer: string): boolean {
  const metadata = (obj.metadata ??= {});
  const finalizers = (metadata.finalizers ??= []);
  if (finalizers.includes(finalizer)) return false;
  finalizers.push(finalizer);
  return true;
}

/** Removes every occurrence of a finalizer; returns whether the object changed. */
export function removeFinalizer(obj: MetaObject, finalizer: string): boolean {
  const finalizers = obj.metadata?.finalizers;
  if (!finalizers?.includes(finalizer)) return false;
  obj.metadata!.finalizers = finalizers.filter((f) => f !== finalizer);
  return true;
}

export function containsFinalizer(obj: MetaObject, finalizer: string): boolean {
  return obj.metadata?.finalizers?.includes(finalizer) ?? false;
}
