/**
 * kube-apiserver's validation of a CustomResourceDefinition (apiextensions.k8s.io/v1), shared by
 * `scaffolder manifests` (which refuses to write a CRD the server would refuse) and the test API
 * server (which answers 422 as kube-apiserver does). Each rule family takes the CRD as JSON and
 * returns field errors with the API server's paths and messages
 * (`spec.versions[0].additionalPrinterColumns[0].type: Invalid value: "int": must be one of ...`).
 * The schema families (structural, defaults, OpenAPI rules, patterns as RE2, CEL) live with the
 * schema engine in src/apiextensions/schema and are reached through validateVersions and
 * validateSharedVersionFields (a v1 CRD is validated as its internal form: fields identical in
 * every version at the top level, internal-spec.ts).
 */
import type { FieldCause } from '../../kube/field-errors.js';
import { validateCrdName, validateGroup, validateNames } from './names.js';
import { validateUpdateRules } from './update.js';
import { validateConversion, validatePreserveUnknownFields, validateScope, validateSharedVersionFields, validateVersions } from './versions.js';
import { validateAPIApproval } from './api-approval.js';
import { validateStoredVersions } from './stored-versions.js';

/** One family of rules: the errors it finds in a CRD (JSON as sent). */
export type CrdRuleFamily = (crd: unknown) => FieldCause[];

/** The families in the order kube-apiserver reports their errors. */
export const CRD_RULE_FAMILIES: readonly CrdRuleFamily[] = [
  validateCrdName,
  validateGroup,
  validateScope,
  validateVersions,
  validateNames,
  validateSharedVersionFields,
  validateConversion,
  validateAPIApproval,
  validatePreserveUnknownFields,
];

/** The families of a write on the API server: with the status.storedVersions it sets, checked after the spec. */
export const CRD_SERVER_RULE_FAMILIES: readonly CrdRuleFamily[] = CRD_RULE_FAMILIES.flatMap((f) =>
  f === validateAPIApproval ? [validateStoredVersions, f] : [f],
);

/** Every error kube-apiserver would report creating `crd`; empty when it would accept it. */
export function validateCustomResourceDefinition(crd: unknown, families: readonly CrdRuleFamily[] = CRD_RULE_FAMILIES): FieldCause[] {
  return families.flatMap((family) => family(crd));
}

/** Every error kube-apiserver would report updating `old` to `crd` (create rules, then update rules). */
export function validateCustomResourceDefinitionUpdate(crd: unknown, old: unknown, families: readonly CrdRuleFamily[] = CRD_RULE_FAMILIES): FieldCause[] {
  // An approval state the stored CRD already had is never an error on update; a caBundle is
  // checked only once the stored CRD is established.
  // The storedVersions checked are the stored CRD's, with the new storage version added.
  const withOld = new Map<CrdRuleFamily, CrdRuleFamily>([
    [validateAPIApproval, (c) => validateAPIApproval(c, old)],
    [validateConversion, (c) => validateConversion(c, old)],
    [validateStoredVersions, (c) => validateStoredVersions(c, old)],
  ]);
  const onUpdate = families.map((f) => withOld.get(f) ?? f);
  return [...validateCustomResourceDefinition(crd, onUpdate), ...validateUpdateRules(crd, old)];
}

export { PRINTER_COLUMN_FORMATS, PRINTER_COLUMN_TYPES } from './printer-columns.js';
export { isDNS1035Label, isDNS1123Subdomain } from '../../kube/dns-names.js';
