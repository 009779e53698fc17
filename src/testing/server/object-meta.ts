/** Metadata rules the generic registry applies to every object: names, timestamps, validation. */
import { randomBytes } from 'node:crypto';
import type { KubeObject, ObjectMeta } from '../api/object.js';
import { invalidField, requiredField, forbiddenField } from '../api/status.js';
import {
  dns1123LabelPattern as DNS1123_LABEL,
  dns1123SubdomainPattern as DNS1123_SUBDOMAIN,
  labelValuePattern as LABEL_VALUE,
  qualifiedNamePattern as QUALIFIED_NAME,
} from '../../kube/dns-names.js';
import type { FieldCause } from '../../kube/field-errors.js';

/** RFC 3339 with second precision, as metav1.Time marshals. */
export function now(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
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

function subdomainError(field: string, value: string): FieldCause {
  return invalidField(field, value, "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");
}

function labelError(field: string, value: string): FieldCause {
  return invalidField(field, value, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')");
}

function qualifiedKeyErrors(field: string, key: string): FieldCause[] {
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : '';
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  const errors: FieldCause[] = [];
  if (slash >= 0 && (!DNS1123_SUBDOMAIN.test(prefix) || prefix.length > 253)) errors.push(subdomainError(field, prefix));
  if (!QUALIFIED_NAME.test(name) || name.length > 63) {
    errors.push(invalidField(field, key, "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"));
  }
  return errors;
}

/** ValidateObjectMeta's checks that matter to operators: name format, labels, annotations keys. */
export function validateObjectMeta(meta: ObjectMeta, options: { nameIsLabel: boolean; namespaced: boolean }): FieldCause[] {
  const errors: FieldCause[] = [];
  const name = meta.name ?? '';
  if (name === '') {
    errors.push(requiredField('metadata.name', 'name or generateName is required'));
  } else if (options.nameIsLabel ? !DNS1123_LABEL.test(name) || name.length > 63 : !DNS1123_SUBDOMAIN.test(name) || name.length > 253) {
    errors.push(options.nameIsLabel ? labelError('metadata.name', name) : subdomainError('metadata.name', name));
  }
  for (const [key, value] of Object.entries(meta.labels ?? {})) {
    errors.push(...qualifiedKeyErrors('metadata.labels', key));
    if (typeof value !== 'string' || !LABEL_VALUE.test(value) || value.length > 63) {
      errors.push(invalidField('metadata.labels', value, "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"));
    }
  }
  for (const key of Object.keys(meta.annotations ?? {})) errors.push(...qualifiedKeyErrors('metadata.annotations', key.toLowerCase()));
  for (const [i, ref] of (meta.ownerReferences ?? []).entries()) {
    if (!ref.uid) errors.push(invalidField(`metadata.ownerReferences[${i}].uid`, ref.uid ?? '', 'uid must not be empty'));
    if (!ref.name) errors.push(invalidField(`metadata.ownerReferences[${i}].name`, ref.name ?? '', 'name must not be empty'));
  }
  const controllers = (meta.ownerReferences ?? []).filter((r) => r.controller === true);
  if (controllers.length > 1) {
    errors.push(invalidField('metadata.ownerReferences', meta.ownerReferences, `Only one reference can have Controller set to true. Found "true" in references for ${controllers.map((c) => `${c.kind}/${c.name}`).join(' and ')}`));
  }
  return errors;
}

/** An update may not add finalizers to an object that is being deleted. */
export function validateFinalizersOnDelete(oldMeta: ObjectMeta, newMeta: ObjectMeta): FieldCause[] {
  if (!oldMeta.deletionTimestamp) return [];
  const old = new Set(oldMeta.finalizers ?? []);
  const added = (newMeta.finalizers ?? []).filter((f) => !old.has(f));
  if (added.length === 0) return [];
  return [forbiddenField('metadata.finalizers', `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`)];
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
