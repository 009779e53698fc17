/**
 * status.storedVersions of a CRD being created: the server sets it to the first storage version
 * (PrepareForCreate), then checks it against spec.versions (ValidateCustomResourceDefinitionStoredVersions):
 * none is an error, and so is any other version marked as storage. `manifests` leaves this out:
 * it reports a wrong storage-version count with its own words, at the markers.
 */
import { invalid } from '../testing/schema/field-error.js';
import type { FieldCause } from '../kube/field-errors.js';
import { asString, versionsOf } from './crd-object.js';

const PATH = 'status.storedVersions';

export function validateStoredVersionsOnCreate(crd: unknown): FieldCause[] {
  const versions = versionsOf(crd);
  const first = versions.find((v) => v.storage === true);
  if (!first) return [invalid(PATH, null, 'must have at least one stored version')];
  const stored = [asString(first.name)];
  const pending = new Set(stored);
  const out: FieldCause[] = [];
  for (const v of versions) {
    const name = asString(v.name);
    if (v.storage === true && !pending.has(name)) out.push(invalid(PATH, stored, `must have the storage version ${name}`));
    pending.delete(name);
  }
  return out;
}
