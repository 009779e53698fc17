/**
 * Names of a CRD (apiextensions validation): metadata.name is `<plural>.<group>` and a DNS
 * subdomain, the group a DNS subdomain with a dot, spec.names DNS-1035 labels (kind and listKind
 * in any case) with kind != listKind.
 */
import { invalid, required, type FieldCause } from '../../kube/field-errors.js';
import { asArray, asObject, asString, specOf } from './crd-object.js';
import { isDNS1035Label, isDNS1123Subdomain } from '../../kube/dns-names.js';

/** ValidateObjectMeta's name check with the CRD's name function. */
export function validateCrdName(crd: unknown): FieldCause[] {
  const name = asString(asObject(asObject(crd).metadata).name);
  const spec = specOf(crd);
  if (name === '') return [required('metadata.name', 'name or generateName is required')];
  const reasons = isDNS1123Subdomain(name);
  if (name !== `${asString(asObject(spec.names).plural)}.${asString(spec.group)}`) reasons.push('must be spec.names.plural+"."+spec.group');
  return reasons.map((r) => invalid('metadata.name', name, r));
}

export function validateGroup(crd: unknown): FieldCause[] {
  const group = asString(specOf(crd).group);
  if (group === '') return [required('spec.group')];
  const errs = isDNS1123Subdomain(group);
  if (errs.length > 0) return [invalid('spec.group', group, errs.join(','))];
  if (group.split('.').length < 2) return [invalid('spec.group', group, 'should be a domain with at least one dot')];
  return [];
}

/** The required names, then ValidateCustomResourceDefinitionNames on spec.names. */
export function validateNames(crd: unknown): FieldCause[] {
  const names = asObject(specOf(crd).names);
  const path = 'spec.names';
  const out: FieldCause[] = [];
  for (const key of ['plural', 'singular', 'kind', 'listKind']) if (asString(names[key]) === '') out.push(required(`${path}.${key}`));
  const plural = asString(names.plural);
  const singular = asString(names.singular);
  const kind = asString(names.kind);
  const listKind = asString(names.listKind);
  const label = (value: string, key: string, mixedCase: boolean) => {
    if (value === '') return;
    const errs = isDNS1035Label(mixedCase ? value.toLowerCase() : value);
    if (errs.length > 0) out.push(invalid(`${path}.${key}`, value, (mixedCase ? 'may have mixed case, but should otherwise match: ' : '') + errs.join(',')));
  };
  label(plural, 'plural', false);
  label(singular, 'singular', false);
  label(kind, 'kind', true);
  label(listKind, 'listKind', true);
  asArray(names.shortNames).forEach((n, i) => {
    const errs = isDNS1035Label(asString(n));
    if (errs.length > 0) out.push(invalid(`${path}.shortNames[${i}]`, n, errs.join(',')));
  });
  if (kind !== '' && kind === listKind) out.push(invalid(`${path}.listKind`, listKind, 'kind and listKind may not be the same'));
  asArray(names.categories).forEach((c, i) => {
    const errs = isDNS1035Label(asString(c));
    if (errs.length > 0) out.push(invalid(`${path}.categories[${i}]`, c, errs.join(',')));
  });
  return out;
}
