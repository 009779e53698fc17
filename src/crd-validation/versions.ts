/**
 * spec.scope and spec.versions (apiextensions validation): each version a DNS-1035 label with a
 * schema, a valid deprecation warning, subresources, printer columns, selectable fields and a schema the API server
 * accepts (structural, defaults, OpenAPI rules, patterns and CEL rules compile); names unique;
 * exactly one storage version.
 */
import { forbidden, invalid, notSupported, required } from '../testing/schema/field-error.js';
import { validateStructuralSchema } from '../testing/schema/structural.js';
import type { FieldCause } from '../kube/field-errors.js';
import type { JSONSchemaProps } from '../kube/json-schema-props.js';
import { asArray, asObject, asString, specOf, versionsOf } from './crd-object.js';
import { isDNS1035Label } from '../kube/dns-names.js';
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

export function validateVersions(crd: unknown): FieldCause[] {
  const versions = versionsOf(crd);
  const out: FieldCause[] = [];
  versions.forEach((v, i) => {
    const schema = asObject(v.schema).openAPIV3Schema;
    if (schema === undefined || schema === null) out.push(required(`spec.versions[${i}].schema.openAPIV3Schema`));
  });
  const seen = new Set<string>();
  let unique = true;
  let storage = 0;
  versions.forEach((v, i) => {
    const path = `spec.versions[${i}]`;
    const name = asString(v.name);
    if (v.storage === true) storage++;
    if (seen.has(name)) unique = false;
    seen.add(name);
    const nameErrs = isDNS1035Label(name);
    if (nameErrs.length > 0) out.push(invalid(`${path}.name`, name, nameErrs.join(',')));
    for (const e of deprecationWarningErrors(v)) out.push(invalid(`${path}.deprecationWarning`, v.deprecationWarning, e));
    const schema = asObject(v.schema).openAPIV3Schema;
    if (typeof schema === 'object' && schema !== null) out.push(...schemaErrors(schema as JSONSchemaProps, `${path}.schema.openAPIV3Schema`));
    out.push(...validateSubresources(v.subresources, `${path}.subresources`));
    asArray(v.additionalPrinterColumns).forEach((c, j) => out.push(...validatePrinterColumn(c, `${path}.additionalPrinterColumns[${j}]`)));
    out.push(...validateSelectableFields(v, `${path}.selectableFields`));
  });
  const names = versions.map((v) => asString(v.name));
  if (!unique) out.push(invalid('spec.versions', names, 'must contain unique version names'));
  if (storage !== 1) out.push(invalid('spec.versions', names, 'must have exactly one version marked as storage version'));
  return out;
}

const ACCEPTED_REVIEW_VERSIONS = ['v1', 'v1beta1'];

/** validateCustomResourceConversion (paths of the internal type, as the API server reports them). */
export function validateConversion(crd: unknown): FieldCause[] {
  const conversion = specOf(crd).conversion;
  if (conversion === undefined || conversion === null) return [];
  const c = asObject(conversion);
  const path = 'spec.conversion';
  const strategy = asString(c.strategy);
  if (strategy === '') return [required(`${path}.strategy`)];
  if (strategy !== 'None' && strategy !== 'Webhook') return [notSupported(`${path}.strategy`, strategy, ['None', 'Webhook'])];
  const webhook = asObject(c.webhook);
  const out: FieldCause[] = [];
  if (strategy === 'Webhook') {
    if (c.webhook === undefined || webhook.clientConfig === undefined) out.push(required(`${path}.webhookClientConfig`, 'required when strategy is set to Webhook'));
    else {
      const cc = asObject(webhook.clientConfig);
      if ((cc.url === undefined) === (cc.service === undefined)) out.push(required(`${path}.webhookClientConfig`, 'exactly one of url or service is required'));
    }
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
  } else if (c.webhook !== undefined && c.webhook !== null) {
    out.push(forbidden(`${path}.webhookClientConfig`, 'should not be set when strategy is not set to Webhook'));
    if (asArray(webhook.conversionReviewVersions).length > 0) out.push(forbidden(`${path}.conversionReviewVersions`, 'should not be set when strategy is not set to Webhook'));
  }
  return out;
}

/** validatePreserveUnknownFields: apiextensions v1 prunes; spec.preserveUnknownFields may not be true. */
export function validatePreserveUnknownFields(crd: unknown): FieldCause[] {
  if (specOf(crd).preserveUnknownFields !== true) return [];
  return [invalid('spec.preserveUnknownFields', true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead')];
}
