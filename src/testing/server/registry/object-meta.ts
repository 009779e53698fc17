/** Metadata rules the generic registry applies to every object: names, timestamps, validation. */
import { randomBytes } from 'node:crypto';
import type { KubeObject, ObjectMeta } from '../../model/object.js';
import { isDNS1123Subdomain } from '../../../kube/dns-names.js';
import { annotationErrors, finalizerErrors, labelErrors, ownerReferenceErrors } from '../../../kube/object-meta-rules.js';
import { forbidden, invalid, required, type FieldCause } from '../../../kube/field-errors.js';
import { metaTime } from '../../../kube/meta-time.js';

/** RFC 3339 with second precision, as metav1.Time marshals. */
export function now(): string {
  return metaTime();
}

/** The alphabet and length of names.SimpleNameGenerator (no vowels, no look-alike digits). */
const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

export function generateName(prefix: string): string {
  const base = prefix.length > 58 ? prefix.slice(0, 58) : prefix;
  const bytes = randomBytes(5);
  let suffix = '';
  for (const b of bytes) suffix += NAME_ALPHABET[b % NAME_ALPHABET.length];
  return base + suffix;
}

/**
 * ValidateObjectMeta's checks that matter to operators: name and generateName format (`nameRule`,
 * the kind's name validation: a DNS-1123 subdomain unless the kind says otherwise), labels, annotations keys,
 * finalizer names (stricter on built-in kinds), owner references.
 */
export function validateObjectMeta(meta: ObjectMeta, options: { nameRule?: (name: string) => string[]; namespaced: boolean; builtin: boolean }): FieldCause[] {
  const errors: FieldCause[] = [];
  const rule = options.nameRule ?? isDNS1123Subdomain;
  const prefix = meta.generateName ?? '';
  // A prefix may end in '-' (the random suffix follows it): checked as if that were a letter.
  const masked = prefix.length > 1 && prefix.endsWith('-') ? `${prefix.slice(0, -1)}a` : prefix;
  if (prefix !== '') for (const m of rule(masked)) errors.push(invalid('metadata.generateName', prefix, m));
  const name = meta.name ?? '';
  if (name === '') {
    errors.push(required('metadata.name', 'name or generateName is required'));
  } else {
    for (const m of rule(name)) errors.push(invalid('metadata.name', name, m));
  }
  errors.push(...labelErrors(meta.labels ?? {}, 'metadata.labels'));
  errors.push(...annotationErrors(meta.annotations ?? {}, 'metadata.annotations'));
  errors.push(...ownerReferenceErrors((meta.ownerReferences ?? []) as unknown as Record<string, unknown>[], 'metadata.ownerReferences'));
  errors.push(...finalizerErrors(meta.finalizers ?? [], 'metadata.finalizers', options.builtin));
  return errors;
}

/** An update may not add finalizers to an object that is being deleted. */
export function validateFinalizersOnDelete(oldMeta: ObjectMeta, newMeta: ObjectMeta): FieldCause[] {
  if (!oldMeta.deletionTimestamp) return [];
  const old = new Set(oldMeta.finalizers ?? []);
  const added = (newMeta.finalizers ?? []).filter((f) => !old.has(f));
  if (added.length === 0) return [];
  return [forbidden('metadata.finalizers', `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`)];
}

/**
 * Whether two objects differ outside metadata (and status, when status is a subresource): what
 * bumps metadata.generation. Without a status subresource a status change is a change like any other.
 */
export function specChanged(a: KubeObject, b: KubeObject, equal: (x: unknown, y: unknown) => boolean, statusSeparate = true): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (k === 'metadata' || k === 'apiVersion' || k === 'kind' || (statusSeparate && k === 'status')) continue;
    if (!equal(a[k], b[k])) return true;
  }
  return false;
}

/** ObjectMeta's maps and lists are omitempty: an empty one is not stored (labels: {} reads back as absent). */
export function dropEmptyMetadataFields(meta: ObjectMeta): void {
  const fields = meta as Record<string, unknown>;
  for (const key of ['labels', 'annotations', 'finalizers', 'ownerReferences', 'managedFields']) {
    const value = fields[key];
    if ((Array.isArray(value) && value.length === 0) || (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)) delete fields[key];
  }
}
