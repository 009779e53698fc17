/**
 * status.storedVersions of a CRD being written: the server keeps the stored CRD's list (none on
 * create) and adds the first version marked as storage (PrepareForCreate / PrepareForUpdate), then
 * checks it against spec.versions (ValidateCustomResourceDefinitionStoredVersions): it must not be
 * empty, must hold every version marked as storage, and each version it holds must still be in
 * spec.versions. `manifests` leaves this out: it reports a wrong storage-version count with its own
 * words, at the markers.
 */
import { invalid, type FieldCause } from '../../kube/field-errors.js';
import { asArray, asObject, asString, versionsOf } from './crd-object.js';

const PATH = 'status.storedVersions';

/** The errors of `crd`'s storedVersions, given the stored CRD `old` on update. */
export function validateStoredVersions(crd: unknown, old?: unknown): FieldCause[] {
  const versions = versionsOf(crd);
  const stored = old === undefined ? [] : asArray(asObject(asObject(old).status).storedVersions).map(asString);
  const first = versions.find((v) => v.storage === true);
  if (first && !stored.includes(asString(first.name))) stored.push(asString(first.name));
  if (stored.length === 0) return [invalid(PATH, null, 'must have at least one stored version')];
  const pending = new Map(stored.map((v, i) => [v, i]));
  const out: FieldCause[] = [];
  for (const v of versions) {
    const name = asString(v.name);
    if (v.storage === true && !pending.has(name)) out.push(invalid(PATH, stored, `must have the storage version ${name}`));
    pending.delete(name);
  }
  for (const [v, i] of pending) {
    out.push(
      invalid(
        `${PATH}[${i}]`,
        v,
        `missing from spec.versions; ${v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${v} and removes ${v} from status.storedVersions`,
      ),
    );
  }
  return out;
}
