/**
 * ObjectMeta rules shared by the test API server (every object's metadata) and CRD schemas (the
 * metadata of embedded resources, in objects and in defaults): apimachinery's messages, one error
 * per reason, the bad value the whole key as the API server shows it.
 */
import { describe, expect, it } from 'vitest';
import { validateObjectMeta } from '../../src/testing/server/registry/object-meta.js';
import { compileSchema } from '../../src/apiextensions/schema/index.js';

const text = (causes: { field: string; message: string }[]) => causes.map((c) => `${c.field}: ${c.message}`);
const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('ObjectMeta validation', () => {
  it('reports a label key prefix that is not a subdomain as "prefix part", with the whole key as the value', () => {
    expect(text(validateObjectMeta({ name: 'x', labels: { 'Team.Example/app': 'web' } }, { namespaced: true, builtin: true }))).toEqual([
      `metadata.labels: Invalid value: "Team.Example/app": prefix part ${SUBDOMAIN}`,
    ]);
  });

  it('checks annotation keys in lower case but shows the key as written', () => {
    expect(text(validateObjectMeta({ name: 'x', annotations: { 'Example.com/A B': 'v' } }, { namespaced: true, builtin: true }))).toEqual([
      `metadata.annotations: Invalid value: "Example.com/A B": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    ]);
  });

  it('validates the metadata of an embedded resource in a custom resource', () => {
    const schema = compileSchema({
      type: 'object',
      properties: { spec: { type: 'object', properties: { template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } } } },
    });
    const obj = { spec: { template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: '..', namespace: 'Bad_NS', labels: { app: 'a b' } } } } };
    expect(text(schema.validate(obj))).toEqual([
      `spec.template.metadata.name: Invalid value: "..": may not be '..'`,
      `spec.template.metadata.namespace: Invalid value: "Bad_NS": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
      `spec.template.metadata.labels: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    ]);
    expect(text(schema.validate({ spec: { template: { apiVersion: 'v1', kind: 'Pod', metadata: { labels: { replicas: 3 } } } } }))).toEqual([
      'spec.template.metadata: Invalid value: {"labels":{"replicas":3}}: json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string',
    ]);
  });
});
