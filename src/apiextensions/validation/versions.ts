/**
 * spec.scope, spec.versions, spec.conversion and spec.preserveUnknownFields (apiextensions
 * validation): each version a DNS-1035 label with a schema, a valid deprecation warning,
 * subresources, printer columns, selectable fields and a schema the API server accepts (status
 * root, structural, defaults, OpenAPI rules, patterns and CEL rules compile), those alike in every
 * version checked once at the top level (internal-spec.ts); names unique; exactly one storage
 * version; a conversion strategy and its webhook.
 */
import { forbidden, invalid, notSupported, required, fieldErrorBody, type FieldCause } from '../../kube/field-errors.js';
import { validateStructuralSchema } from '../schema/structural.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import { asArray, asObject, asString, isEstablished, specOf } from './crd-object.js';
import { hasAnyStatusEnabled, hasStatusEnabled, internalSpec, subresourcesForVersion } from './internal-spec.js';
import { statusRootErrors } from './status-root.js';
import { internalVersionsJSON } from './go-schema-value.js';
import { isValidCABundle, webhookClientConfigErrors } from './webhook-client-config.js';
import { isDNS1035Label } from '../../kube/dns-names.js';
import { validatePrinterColumn, validateSubresources } from './printer-columns.js';
import { validateSelectableFields } from './selectable-fields.js';

export function validateScope(crd: unknown): FieldCause[] {
  const scope = asString(specOf(crd).scope);
  if (scope === '') return [required('spec.scope')];
  if (scope !== 'Cluster' && scope !== 'Namespaced') return [notSupported('spec.scope', scope, ['Cluster', 'Namespaced'])];
  return [];
}

/**
 * Schema checks remembered by schema text and path: test suites install the same CRDs in many
 * environments, and compiling a large schema's CEL rules is most of the cost.
 */
const checkedSchemas = new Map<string, FieldCause[]>();

export function schemaErrors(schema: JSONSchemaProps, path: string): FieldCause[] {
  const key = `${path}\n${JSON.stringify(schema)}`;
  let causes = checkedSchemas.get(key);
  if (!causes) {
    causes = validateStructuralSchema(schema, path);
    if (checkedSchemas.size >= 500) checkedSchemas.delete(checkedSchemas.keys().next().value!);
    checkedSchemas.set(key, causes);
  }
  return causes.map((c) => ({ ...c }));
}

function deprecationWarningErrors(version: Record<string, unknown>): string[] {
  const warning = version.deprecationWarning;
  if (warning === undefined || warning === null) return [];
  if (version.deprecated !== true) return ['can only be set for deprecated versions'];
  const text = asString(warning);
  const errs: string[] = [];
  if (Buffer.byteLength(text) > 256) errs.push('must be <= 256 characters long');
  if (text === '') errs.push('must not be an empty string');
  let index = 0;
  for (const ch of text) {
    if (/\p{Cc}/u.test(ch)) {
      errs.push(`must only contain printable UTF-8 characters; control character found at index ${index}`);
      break;
    }
    index += Buffer.byteLength(ch);
  }
  return errs;
}

/**
 * validateCustomResourceDefinitionValidation: a schema's root when the status subresource is on
 * (only fields that survive extracting properties[status]), then the schema families.
 */
function validationErrors(validation: unknown, statusEnabled: boolean, path: string): FieldCause[] {
  const schema = asObject(validation).openAPIV3Schema;
  if (typeof schema !== 'object' || schema === null) return [];
  const out: FieldCause[] = [];
  if (statusEnabled) out.push(...statusRootErrors(schema, `${path}.openAPIV3Schema`));
  out.push(...schemaErrors(schema, `${path}.openAPIV3Schema`));
  return out;
}

/** selectableFields checked against the schema they select from (version's or top-level). */
function selectableFieldErrors(fields: unknown[] | undefined, validation: unknown, path: string, missingSchema: string): FieldCause[] {
  if (!fields || fields.length === 0) return [];
  const schema = asObject(validation).openAPIV3Schema;
  if (validation === undefined || schema === undefined || schema === null) return [invalid(path, '', missingSchema)];
  return validateSelectableFields(fields, schema, path);
}

/** specHasDefaults: a `default` anywhere in a schema (properties, items, additionalProperties, allOf/anyOf/oneOf/not). */
function hasDefault(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as JSONSchemaProps;
  if (s.default !== undefined) return true;
  const children: unknown[] = [
    ...Object.values(s.properties ?? {}),
    s.items,
    s.additionalProperties,
    s.not,
    ...(s.allOf ?? []),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
  ];
  return children.some(hasDefault);
}

/**
 * The per-version part of validateCustomResourceDefinitionSpec: schemas present, each version's
 * name, deprecation warning and the fields that differ between versions (those identical in every
 * version are checked at the top level, see validateSharedVersionFields); names unique; exactly
 * one storage version.
 */
export function validateVersions(crd: unknown): FieldCause[] {
  const spec = internalSpec(crd);
  const out: FieldCause[] = [];
  if (spec.top.schema === undefined || asObject(spec.top.schema).openAPIV3Schema == null) {
    spec.versions.forEach((v, i) => {
      if (asObject(v.raw.schema).openAPIV3Schema == null) out.push(required(`spec.versions[${i}].schema.openAPIV3Schema`));
    });
  }
  if (specOf(crd).preserveUnknownFields === true && spec.versions.some((v) => hasDefault(asObject(v.raw.schema).openAPIV3Schema))) {
    out.push(invalid('spec.preserveUnknownFields', true, 'must be false in order to use defaults in the schema'));
  }
  const seen = new Set<string>();
  let unique = true;
  let storage = 0;
  spec.versions.forEach((v, i) => {
    const path = `spec.versions[${i}]`;
    const name = asString(v.raw.name);
    if (v.raw.storage === true) storage++;
    if (seen.has(name)) unique = false;
    seen.add(name);
    const nameErrs = isDNS1035Label(name);
    if (nameErrs.length > 0) out.push(invalid(`${path}.name`, name, nameErrs.join(',')));
    for (const e of deprecationWarningErrors(v.raw)) out.push(invalid(`${path}.deprecationWarning`, v.raw.deprecationWarning, e));
    out.push(...validationErrors(v.schema, hasStatusEnabled(subresourcesForVersion(spec, v)), `${path}.schema`));
    out.push(...validateSubresources(v.subresources, `${path}.subresources`));
    (v.additionalPrinterColumns ?? []).forEach((c, j) => out.push(...validatePrinterColumn(c, `${path}.additionalPrinterColumns[${j}]`)));
    out.push(...selectableFieldErrors(v.selectableFields, v.schema, `${path}.selectableFields`, 'may only be set when `version.schema.openAPIV3Schema` is not included'));
  });
  const names = spec.versions.map((v) => asString(v.raw.name));
  const versionsValue = () => internalVersionsJSON(spec.versions);
  if (!unique) out.push({ reason: 'FieldValueInvalid', field: 'spec.versions', message: fieldErrorBody('FieldValueInvalid', 'must contain unique version names', versionsValue) });
  if (storage !== 1) out.push({ reason: 'FieldValueInvalid', field: 'spec.versions', message: fieldErrorBody('FieldValueInvalid', 'must have exactly one version marked as storage version', versionsValue) });
  // The internal form's spec.version is the first version's name, and is checked again under its own path.
  const version = names[0] ?? '';
  if (version !== '') {
    const versionErrs = isDNS1035Label(version);
    if (versionErrs.length > 0) out.push(invalid('spec.version', version, versionErrs.join(',')));
  }
  return out;
}

/**
 * The fields every version has alike, which kube-apiserver checks once at the top level of the
 * internal spec: `spec.validation` (status root rule with any version's status subresource),
 * `spec.subresources`, `spec.additionalPrinterColumns`, `spec.selectableFields`.
 */
export function validateSharedVersionFields(crd: unknown): FieldCause[] {
  const spec = internalSpec(crd);
  const { top } = spec;
  const out: FieldCause[] = [];
  out.push(...validationErrors(top.schema, hasAnyStatusEnabled(spec), 'spec.validation'));
  out.push(...validateSubresources(top.subresources, 'spec.subresources'));
  (top.additionalPrinterColumns ?? []).forEach((c, j) => out.push(...validatePrinterColumn(c, `spec.additionalPrinterColumns[${j}]`)));
  out.push(...selectableFieldErrors(top.selectableFields, top.schema, 'spec.selectableFields', 'may only be set when validations.schema is included'));
  return out;
}

const ACCEPTED_REVIEW_VERSIONS = ['v1', 'v1beta1'];

/** allowInvalidCABundle: on create, before the stored CRD is established, or when its bundle was invalid too. */
function allowInvalidCABundle(old: unknown): boolean {
  if (old === undefined || !isEstablished(old)) return true;
  const caBundle = asString(asObject(asObject(asObject(specOf(old).conversion).webhook).clientConfig).caBundle);
  return caBundle !== '' && !isValidCABundle(caBundle);
}

/**
 * validateCustomResourceConversion on the internal form (webhook.clientConfig is
 * `webhookClientConfig`, webhook.conversionReviewVersions `conversionReviewVersions`); `old` is
 * the stored CRD on update.
 */
export function validateConversion(crd: unknown, old?: unknown): FieldCause[] {
  const conversion = specOf(crd).conversion;
  if (conversion === undefined || conversion === null) return [];
  const c = asObject(conversion);
  const path = 'spec.conversion';
  const strategy = asString(c.strategy);
  const out: FieldCause[] = [];
  if (strategy !== 'None' && specOf(crd).preserveUnknownFields === true) out.push(invalid(`${path}.strategy`, strategy, 'must be None if spec.preserveUnknownFields is true'));
  if (strategy === '') return [...out, required(`${path}.strategy`)];
  if (strategy !== 'None' && strategy !== 'Webhook') return [...out, notSupported(`${path}.strategy`, strategy, ['None', 'Webhook'])];
  const webhook = asObject(c.webhook);
  if (strategy === 'Webhook') {
    if (webhook.clientConfig === undefined || webhook.clientConfig === null) out.push(required(`${path}.webhookClientConfig`, 'required when strategy is set to Webhook'));
    else out.push(...webhookClientConfigErrors(webhook.clientConfig, `${path}.webhookClientConfig`, !allowInvalidCABundle(old)));
    const versions = asArray(webhook.conversionReviewVersions).map(asString);
    const reviewPath = `${path}.conversionReviewVersions`;
    if (versions.length === 0) out.push(required(reviewPath));
    else {
      const seen = new Set<string>();
      versions.forEach((v, i) => {
        if (seen.has(v)) {
          out.push(invalid(`${reviewPath}[${i}]`, v, 'duplicate version'));
          return;
        }
        seen.add(v);
        for (const e of isDNS1035Label(v)) out.push(invalid(`${reviewPath}[${i}]`, v, e));
      });
      if (!versions.some((v) => ACCEPTED_REVIEW_VERSIONS.includes(v))) out.push(invalid(reviewPath, versions, `must include at least one of ${ACCEPTED_REVIEW_VERSIONS.join(', ')}`));
    }
  } else {
    // Only a clientConfig becomes the internal webhookClientConfig.
    if (webhook.clientConfig !== undefined && webhook.clientConfig !== null) out.push(forbidden(`${path}.webhookClientConfig`, 'should not be set when strategy is not set to Webhook'));
    if (asArray(webhook.conversionReviewVersions).length > 0) out.push(forbidden(`${path}.conversionReviewVersions`, 'should not be set when strategy is not set to Webhook'));
  }
  return out;
}

/** validatePreserveUnknownFields: apiextensions v1 prunes; spec.preserveUnknownFields may not be true. */
export function validatePreserveUnknownFields(crd: unknown): FieldCause[] {
  if (specOf(crd).preserveUnknownFields !== true) return [];
  return [invalid('spec.preserveUnknownFields', true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead')];
}
