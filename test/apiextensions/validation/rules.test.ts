/**
 * Rules of kube-apiserver's CRD validation that markers cannot produce (a hand-written or edited
 * CRD can): each mutation of a valid CRD gives exactly the API server's error(s), and the valid
 * CRD gives none.
 */
import { describe, expect, it } from 'vitest';
import { makeCertificate } from '../../support/tls.js';
import { CRD_RULE_FAMILIES, validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../../src/apiextensions/validation/index.js';

type CRD = {
  metadata: { name: string };
  spec: Record<string, unknown> & { names: Record<string, unknown>; versions: Record<string, unknown>[] };
};

function valid(): CRD {
  return {
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } },
        },
      ],
    },
  };
}

// One version: its schema is validated at the top level of the internal spec (spec.validation).
const SCHEMA = 'spec.validation.openAPIV3Schema';
// The internal versions as the API server prints them (JSON, Go field names); the schema they share is at the top level.
const STORED_V1 = '{"Name":"v1","Served":true,"Storage":true,"Deprecated":false,"DeprecationWarning":null,"Schema":null,"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null}';
const TWO_STORED = `[${STORED_V1},${STORED_V1}]`;
const specSchema = (c: CRD) => (c.spec.versions[0].schema as { openAPIV3Schema: { properties: { spec: Record<string, unknown> } } }).openAPIV3Schema.properties.spec;

const CASES: [string, (c: CRD) => void, string[]][] = [
  ['metadata.name that is not <plural>.<group>', (c) => (c.metadata.name = 'gadgets.example.com'), ['metadata.name: Invalid value: "gadgets.example.com": must be spec.names.plural+"."+spec.group']],
  ['scope outside Cluster and Namespaced', (c) => (c.spec.scope = 'Global'), ['spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"']],
  ['no scope', (c) => delete c.spec.scope, ['spec.scope: Required value']],
  ['kind equal to listKind', (c) => (c.spec.names.listKind = 'Widget'), ['spec.names.listKind: Invalid value: "Widget": kind and listKind may not be the same']],
  ['no listKind', (c) => delete c.spec.names.listKind, ['spec.names.listKind: Required value']],
  ['no storage version', (c) => (c.spec.versions[0].storage = false), ['spec.versions: Invalid value: [{"Name":"v1","Served":true,"Storage":false,"Deprecated":false,"DeprecationWarning":null,"Schema":null,"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null}]: must have exactly one version marked as storage version']],
  [
    'two versions with one name, both stored',
    (c) => c.spec.versions.push({ ...c.spec.versions[0] }),
    [
      `spec.versions: Invalid value: ${TWO_STORED}: must contain unique version names`,
      `spec.versions: Invalid value: ${TWO_STORED}: must have exactly one version marked as storage version`,
    ],
  ],
  ['a version without a schema', (c) => delete c.spec.versions[0].schema, ['spec.versions[0].schema.openAPIV3Schema: Required value']],
  ['deprecationWarning on a version that is not deprecated', (c) => (c.spec.versions[0].deprecationWarning = 'old'), ['spec.versions[0].deprecationWarning: Invalid value: "old": can only be set for deprecated versions']],
  ['nullable root', (c) => ((c.spec.versions[0].schema as { openAPIV3Schema: Record<string, unknown> }).openAPIV3Schema.nullable = true), [`${SCHEMA}.nullable: Forbidden: nullable cannot be true at the root`]],
  ['x-kubernetes-preserve-unknown-fields: false', (c) => (specSchema(c)['x-kubernetes-preserve-unknown-fields'] = false), [`${SCHEMA}.properties[spec].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined`]],
  ['x-kubernetes-map-type outside atomic and granular', (c) => (specSchema(c)['x-kubernetes-map-type'] = 'merge'), [`${SCHEMA}.properties[spec].x-kubernetes-map-type: Unsupported value: "merge": supported values: "atomic", "granular"`]],
  ['$ref', (c) => (specSchema(c).$ref = '#/definitions/x'), [`${SCHEMA}.properties[spec].$ref: Forbidden: $ref is not supported`]],
  [
    'default in top-level metadata',
    (c) => ((c.spec.versions[0].schema as { openAPIV3Schema: { properties: Record<string, unknown> } }).openAPIV3Schema.properties.metadata = { type: 'object', properties: { name: { type: 'string', default: 'x' } } }),
    [`${SCHEMA}.properties[metadata].properties[name].default: Forbidden: must not be set in top-level metadata`],
  ],
  [
    'x-kubernetes-validations with an empty rule, a blank message, an unknown reason',
    (c) => (specSchema(c)['x-kubernetes-validations'] = [{ rule: ' ' }, { rule: 'true', message: '  ' }, { rule: 'true', reason: 'FieldValueNope' }]),
    [
      `${SCHEMA}.properties[spec].x-kubernetes-validations[0].rule: Required value: rule is not specified`,
      `${SCHEMA}.properties[spec].x-kubernetes-validations[1].message: Invalid value: "  ": must be non-empty if specified`,
      `${SCHEMA}.properties[spec].x-kubernetes-validations[2].reason: Unsupported value: "FieldValueNope": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
    ],
  ],
  [
    'a multi-line rule without a message',
    (c) => (specSchema(c)['x-kubernetes-validations'] = [{ rule: 'true &&\ntrue' }]),
    [`${SCHEMA}.properties[spec].x-kubernetes-validations[0].message: Required value: message must be specified if rule contains line breaks`],
  ],
  [
    'spec.preserveUnknownFields: true',
    (c) => (c.spec.preserveUnknownFields = true),
    ['spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead'],
  ],
  [
    'spec.preserveUnknownFields: true with a default in the schema and Webhook conversion',
    (c) => {
      c.spec.preserveUnknownFields = true;
      (specSchema(c).properties as Record<string, Record<string, unknown>>).size.default = 1;
      c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://x.example.com/convert' }, conversionReviewVersions: ['v1'] } };
    },
    [
      'spec.preserveUnknownFields: Invalid value: true: must be false in order to use defaults in the schema',
      'spec.conversion.strategy: Invalid value: "Webhook": must be None if spec.preserveUnknownFields is true',
      'spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead',
    ],
  ],
  [
    'None conversion with a webhook',
    (c) => (c.spec.conversion = { strategy: 'None', webhook: { clientConfig: { url: 'https://x.example.com/convert' }, conversionReviewVersions: ['v1'] } }),
    ['spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook', 'spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook'],
  ],
  [
    'None conversion with review versions but no clientConfig (no internal webhookClientConfig)',
    (c) => (c.spec.conversion = { strategy: 'None', webhook: { conversionReviewVersions: ['v1'] } }),
    ['spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook'],
  ],
  [
    'Webhook conversion to an http URL with a query and a fragment',
    (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'http://user@x.example.com/convert?a=1#top' }, conversionReviewVersions: ['v1'] } }),
    [
      "spec.conversion.webhookClientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; desired format: https://host[/path]",
      'spec.conversion.webhookClientConfig.url: Invalid value: "user": user information is not permitted in the URL',
      'spec.conversion.webhookClientConfig.url: Invalid value: "top": fragments are not permitted in the URL',
      'spec.conversion.webhookClientConfig.url: Invalid value: "a=1": query parameters are not permitted in the URL',
    ],
  ],
  [
    'Webhook conversion to a URL without a host',
    (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https:///convert' }, conversionReviewVersions: ['v1'] } }),
    ['spec.conversion.webhookClientConfig.url: Invalid value: "": host must be specified; desired format: https://host[/path]'],
  ],
  [
    'Webhook conversion to a URL Go cannot parse',
    (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://x.example.com:port/convert' }, conversionReviewVersions: ['v1'] } }),
    ['spec.conversion.webhookClientConfig.url: Required value: url must be a valid URL: parse "https://x.example.com:port/convert": invalid port ":port" after host; desired format: https://host[/path]'],
  ],
  [
    'Webhook conversion with both url and service',
    (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://x.example.com', service: { name: 's', namespace: 'n' } }, conversionReviewVersions: ['v1'] } }),
    ['spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required'],
  ],
  [
    'Webhook conversion to a service without a name, port 0, a bad path',
    (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: 'system', port: 0, path: '/Convert//x' } }, conversionReviewVersions: ['v1'] } }),
    [
      // kube-apiserver passes name and namespace swapped: a missing name is reported at .namespace
      'spec.conversion.webhookClientConfig.service.namespace: Required value',
      'spec.conversion.webhookClientConfig.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive',
      `spec.conversion.webhookClientConfig.service.path: Invalid value: "/Convert//x": segment[0]: ${"a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"}`,
      'spec.conversion.webhookClientConfig.service.path: Invalid value: "/Convert//x": segment[1] may not be empty',
    ],
  ],
  [
    'Webhook conversion to a service path without a leading slash',
    (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { service: { name: 'webhook', namespace: 'system', path: 'convert' } }, conversionReviewVersions: ['v1'] } }),
    ["spec.conversion.webhookClientConfig.service.path: Invalid value: \"convert\": must start with a '/'"],
  ],
  ['conversion strategy outside None and Webhook', (c) => (c.spec.conversion = { strategy: 'Magic' }), ['spec.conversion.strategy: Unsupported value: "Magic": supported values: "None", "Webhook"']],
  [
    'Webhook conversion without a client config or review versions',
    (c) => (c.spec.conversion = { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v2'] } }),
    ['spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook', 'spec.conversion.conversionReviewVersions: Invalid value: ["v2"]: must include at least one of v1, v1beta1'],
  ],
  [
    'two versions with the same schema: checked once, at spec.validation',
    (c) => {
      (c.spec.versions[0].schema as { openAPIV3Schema: { nullable?: boolean } }).openAPIV3Schema.nullable = true;
      c.spec.versions.push({ ...structuredClone(c.spec.versions[0]), name: 'v2', storage: false });
    },
    [`${SCHEMA}.nullable: Forbidden: nullable cannot be true at the root`],
  ],
  [
    'two versions whose schemas differ: each at spec.versions[i].schema',
    (c) => {
      const v2 = structuredClone(c.spec.versions[0]);
      Object.assign(v2, { name: 'v2', storage: false });
      (v2.schema as { openAPIV3Schema: { nullable?: boolean } }).openAPIV3Schema.nullable = true;
      c.spec.versions.push(v2);
    },
    ['spec.versions[1].schema.openAPIV3Schema.nullable: Forbidden: nullable cannot be true at the root'],
  ],
  [
    'printer columns alike in every version at spec.additionalPrinterColumns, different ones per version',
    (c) => {
      c.spec.versions[0].additionalPrinterColumns = [{ name: 'Size', type: 'int', jsonPath: '.spec.size' }];
      c.spec.versions.push({ ...structuredClone(c.spec.versions[0]), name: 'v2', storage: false, additionalPrinterColumns: [{ name: 'Size', type: 'float', jsonPath: '.spec.size' }] });
    },
    [
      'spec.versions[0].additionalPrinterColumns[0].type: Invalid value: "int": must be one of boolean,date,integer,number,string',
      'spec.versions[1].additionalPrinterColumns[0].type: Invalid value: "float": must be one of boolean,date,integer,number,string',
    ],
  ],
  [
    'selectable fields that differ between versions whose schemas are alike (the schema moved to spec.validation)',
    (c) => {
      specSchema(c).properties = { size: { type: 'integer' }, color: { type: 'string' } };
      c.spec.versions[0].selectableFields = [{ jsonPath: '.spec.color' }];
      c.spec.versions.push({ ...structuredClone(c.spec.versions[0]), name: 'v2', storage: false, selectableFields: [{ jsonPath: '.spec.size' }] });
    },
    [
      'spec.versions[0].selectableFields: Invalid value: "": may only be set when `version.schema.openAPIV3Schema` is not included',
      'spec.versions[1].selectableFields: Invalid value: "": may only be set when `version.schema.openAPIV3Schema` is not included',
    ],
  ],
  [
    'status subresource with a root type other than object',
    (c) => {
      c.spec.versions[0].subresources = { status: {} };
      (c.spec.versions[0].schema as { openAPIV3Schema: Record<string, unknown> }).openAPIV3Schema.type = 'array';
    },
    [
      `${SCHEMA}.type: Invalid value: "array": only "object" is allowed as the type at the root of the schema if the status subresource is enabled`,
      `${SCHEMA}.items: Required value: must be specified`,
      `${SCHEMA}.type: Invalid value: "array": must be object at the root`,
    ],
  ],
  [
    'status subresource with x-kubernetes-validations and description at the root (allowed)',
    (c) => {
      c.spec.versions[0].subresources = { status: {} };
      Object.assign((c.spec.versions[0].schema as { openAPIV3Schema: Record<string, unknown> }).openAPIV3Schema, { description: 'd', 'x-kubernetes-validations': [{ rule: 'true' }] });
    },
    [],
  ],
  [
    'api-approved.kubernetes.io that starts with "unapproved" (bypassed)',
    (c) => {
      Object.assign(c.spec, { group: 'apps.k8s.io' });
      c.metadata = { name: 'widgets.apps.k8s.io', annotations: { 'api-approved.kubernetes.io': 'unapproved, testing only' } } as CRD['metadata'];
    },
    [],
  ],
];

describe('kube-apiserver CRD rules', () => {
  it('accepts the valid CRD', () => {
    expect(validateCustomResourceDefinition(valid())).toEqual([]);
  });

  it.each(CASES)('%s', (_name, mutate, expected) => {
    const crd = valid();
    mutate(crd);
    expect(validateCustomResourceDefinition(crd).map((e) => `${e.field}: ${e.message}`)).toEqual(expected);
  });

  it('keeps an approval state the stored CRD had on update (a missing annotation stays allowed)', () => {
    const old = valid();
    Object.assign(old.spec, { group: 'apps.k8s.io' });
    old.metadata.name = 'widgets.apps.k8s.io';
    const next = structuredClone(old);
    expect(validateCustomResourceDefinition(next).map((e) => e.field)).toEqual(['metadata.annotations[api-approved.kubernetes.io]']);
    expect(validateCustomResourceDefinitionUpdate(next, old)).toEqual([]);
  });

  it('checks a conversion caBundle only on updates of an established CRD whose stored bundle was valid', async () => {
    const cert = (await makeCertificate('webhook-ca', { isCA: true })).cert;
    const conversion = (caBundle: string) => ({ strategy: 'Webhook', webhook: { clientConfig: { url: 'https://x.example.com/convert', caBundle }, conversionReviewVersions: ['v1'] } });
    const old = valid();
    old.spec.conversion = conversion(Buffer.from(cert).toString('base64'));
    const next = structuredClone(old);
    const bad = Buffer.from('not a certificate').toString('base64');
    next.spec.conversion = conversion(bad);
    expect(validateCustomResourceDefinition(next)).toEqual([]);
    expect(validateCustomResourceDefinitionUpdate(next, old)).toEqual([]);
    (old as Record<string, unknown>).status = { conditions: [{ type: 'Established', status: 'True' }] };
    expect(validateCustomResourceDefinitionUpdate(next, old).map((e) => `${e.field}: ${e.message}`)).toEqual([
      `spec.conversion.webhookClientConfig.caBundle: Invalid value: "${bad}": unable to load root certificates: unable to parse bytes as PEM block`,
    ]);
  });

  it('takes one more rule family as a function of the CRD (how CEL checks plug in)', () => {
    const family = (crd: unknown) => [{ reason: 'FieldValueForbidden' as const, field: 'spec.group', message: `Forbidden: ${String((crd as CRD).spec.group)}` }];
    expect(validateCustomResourceDefinition(valid(), [...CRD_RULE_FAMILIES, family])).toEqual([{ reason: 'FieldValueForbidden', field: 'spec.group', message: 'Forbidden: example.com' }]);
  });
});
