/**
 * What kube-apiserver checks in addition on a CRD update (ValidateCustomResourceDefinitionUpdate):
 * group and plural never change, scope and kind not once the CRD is established (status.storedVersions:
 * stored-versions.ts).
 */
import { invalid, type FieldCause } from '../../kube/field-errors.js';
import { asObject, asString, isEstablished, specOf } from './crd-object.js';

const immutable = (field: string, value: unknown): FieldCause => invalid(field, value, 'field is immutable');

export function validateUpdateRules(crd: unknown, old: unknown): FieldCause[] {
  const spec = specOf(crd);
  const oldSpec = specOf(old);
  const names = asObject(spec.names);
  const oldNames = asObject(oldSpec.names);
  const out: FieldCause[] = [];
  if (isEstablished(old)) {
    if (asString(spec.scope) !== asString(oldSpec.scope)) out.push(immutable('spec.scope', asString(spec.scope)));
    if (asString(names.kind) !== asString(oldNames.kind)) out.push(immutable('spec.names.kind', asString(names.kind)));
  }
  if (asString(spec.group) !== asString(oldSpec.group)) out.push(immutable('spec.group', asString(spec.group)));
  if (asString(names.plural) !== asString(oldNames.plural)) out.push(immutable('spec.names.plural', asString(names.plural)));
  return out;
}
