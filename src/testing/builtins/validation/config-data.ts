/**
 * ValidateConfigMap and ValidateSecret (with their updates): data keys are config keys
 * (IsConfigMapKey), a ConfigMap's key may not be in both data and binaryData, a Secret's type
 * never changes and the typed Secrets carry their keys; immutable ConfigMaps and Secrets keep
 * their data. (The 1 MiB bound on the data is not checked here.)
 */
import { forbidden, invalid, required, type FieldCause } from '../../../kube/field-errors.js';
import { deepEqual } from '../../../kube/json-values.js';
import { isConfigMapKey } from '../../../kube/dns-names.js';
import { isPlainObject, type KubeObject } from '../../model/object.js';

const keysOf = (v: unknown): string[] => (isPlainObject(v) ? Object.keys(v) : []);

function keyErrors(field: string, keys: string[]): FieldCause[] {
  return keys.flatMap((key) => isConfigMapKey(key).map((m) => invalid(`${field}[${key}]`, key, m)));
}

/** An immutable object keeps `fields` and stays immutable (the updates' immutable checks). */
function immutableErrors(obj: KubeObject, old: KubeObject, fields: string[]): FieldCause[] {
  if (old.immutable !== true) return [];
  const errors: FieldCause[] = [];
  if (obj.immutable !== true) errors.push(forbidden('immutable', 'field is immutable when `immutable` is set'));
  for (const field of fields) if (!deepEqual(obj[field], old[field])) errors.push(forbidden(field, 'field is immutable when `immutable` is set'));
  return errors;
}

export function configMapErrors(obj: KubeObject, old: KubeObject | undefined): FieldCause[] {
  const errors = old ? immutableErrors(obj, old, ['data', 'binaryData']) : [];
  const binary = new Set(keysOf(obj.binaryData));
  for (const key of keysOf(obj.data)) {
    errors.push(...keyErrors('data', [key]));
    if (binary.has(key)) errors.push(invalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
  }
  errors.push(...keyErrors('binaryData', [...binary]));
  return errors;
}

/** The keys a typed Secret must hold (both of a pair, or one of them: basic-auth needs either). */
const REQUIRED_KEYS: Record<string, { all?: string[]; either?: string[] }> = {
  'kubernetes.io/tls': { all: ['tls.crt', 'tls.key'] },
  'kubernetes.io/ssh-auth': { all: ['ssh-privatekey'] },
  'kubernetes.io/basic-auth': { either: ['username', 'password'] },
  'kubernetes.io/dockercfg': { all: ['.dockercfg'] },
  'kubernetes.io/dockerconfigjson': { all: ['.dockerconfigjson'] },
};

export function secretErrors(obj: KubeObject, old: KubeObject | undefined): FieldCause[] {
  const errors: FieldCause[] = [];
  if (old && obj.type !== old.type) errors.push(invalid('type', obj.type, 'field is immutable'));
  if (old) errors.push(...immutableErrors(obj, old, ['data']));
  const keys = keysOf(obj.data);
  errors.push(...keyErrors('data', keys));
  const requiredKeys = REQUIRED_KEYS[String(obj.type)];
  if (requiredKeys?.either && !requiredKeys.either.some((k) => keys.includes(k))) errors.push(...requiredKeys.either.map((k) => required(`data[${k}]`, '')));
  // ssh-auth needs a non-empty key; the others only its presence.
  const present = (key: string) => keys.includes(key) && (obj.type !== 'kubernetes.io/ssh-auth' || (obj.data as Record<string, unknown>)[key] !== '');
  for (const key of requiredKeys?.all ?? []) if (!present(key)) errors.push(required(`data[${key}]`, ''));
  if (obj.type === 'kubernetes.io/service-account-token' && !(isPlainObject(obj.metadata?.annotations) && obj.metadata.annotations['kubernetes.io/service-account.name'])) {
    errors.push(required('metadata.annotations[kubernetes.io/service-account.name]', ''));
  }
  return errors;
}
