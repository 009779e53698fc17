/**
 * Schema changes with what they do to an object valid before them: `breaking` when kube-apiserver
 * refuses the object (on create or update) or changes it (on read) after the change. The unit test
 * checks the compatibility check classifies each; the kube-apiserver test checks the classification
 * against the real server.
 */
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../../src/kube/custom-resource-definition.js';
import type { JSONSchemaProps } from '../../src/kube/json-schema-props.js';

export interface CompatCase {
  name: string;
  breaking: boolean;
  /** The rule the check reports (the first breaking one for breaking cases, any for warnings). */
  rule?: string;
  old: CustomResourceDefinition;
  new: CustomResourceDefinition;
  /** A spec valid under the old CRD. */
  spec: Record<string, unknown>;
  /** The version the object is read and written at (default v1). */
  version?: string;
  /** Another spec valid under the old CRD, written over the stored object after the change (transition rules). */
  changeTo?: Record<string, unknown>;
}

const obj = (properties: Record<string, JSONSchemaProps>, extra: JSONSchemaProps = {}): JSONSchemaProps => ({ type: 'object', properties, ...extra });

function version(name: string, spec: JSONSchemaProps, extra: Partial<CustomResourceDefinitionVersion> = {}): CustomResourceDefinitionVersion {
  return { name, served: true, storage: name === 'v1', schema: { openAPIV3Schema: obj({ spec }) }, ...extra };
}

function crd(versions: CustomResourceDefinitionVersion[], scope = 'Namespaced'): CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.compat.example.com' },
    spec: { group: 'compat.example.com', names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' }, scope, versions },
  };
}

/** A one-version CRD change of `spec`'s schema. */
function specCase(name: string, breaking: boolean, rule: string | undefined, old: JSONSchemaProps, now: JSONSchemaProps, spec: Record<string, unknown>, extra: Partial<CompatCase> = {}): CompatCase {
  return { name, breaking, rule, old: crd([version('v1', old)]), new: crd([version('v1', now)]), spec, ...extra };
}

const int = (extra: JSONSchemaProps = {}): JSONSchemaProps => ({ type: 'integer', ...extra });
const str = (extra: JSONSchemaProps = {}): JSONSchemaProps => ({ type: 'string', ...extra });
const strings = (extra: JSONSchemaProps = {}): JSONSchemaProps => ({ type: 'array', items: str(), ...extra });
const one = (key: string, schema: JSONSchemaProps) => obj({ [key]: schema });

export const BREAKING: CompatCase[] = [
  specCase('a field is removed', true, 'field-removed', obj({ a: str(), b: str() }), obj({ a: str() }), { a: 'x', b: 'y' }),
  specCase('a nested field in a list item is removed', true, 'field-removed', one('l', { type: 'array', items: obj({ n: str(), m: int() }) }), one('l', { type: 'array', items: obj({ n: str() }) }), { l: [{ n: 'x', m: 1 }] }),
  specCase('integer becomes string', true, 'type-changed', one('n', int()), one('n', str()), { n: 3 }),
  specCase('string becomes integer', true, 'type-changed', one('s', str()), one('s', int()), { s: 'x' }),
  specCase('int-or-string becomes integer', true, 'type-changed', one('p', { 'x-kubernetes-int-or-string': true }), one('p', int()), { p: 'http' }),
  specCase('object becomes string', true, 'type-changed', one('o', obj({ a: str() })), one('o', str()), { o: { a: 'x' } }),
  specCase('a format is added', true, 'format-added', one('t', str()), one('t', str({ format: 'date-time' })), { t: 'yesterday' }),
  specCase('a format changes', true, 'format-changed', one('t', str({ format: 'date-time' })), one('t', str({ format: 'uuid' })), { t: '2024-01-02T03:04:05Z' }),
  specCase('a field becomes required', true, 'field-required', obj({ a: str(), b: str() }), obj({ a: str(), b: str() }, { required: ['b'] }), { a: 'x' }),
  specCase('a nested field becomes required', true, 'field-required', one('o', obj({ a: str(), b: str() })), one('o', obj({ a: str(), b: str() }, { required: ['b'] })), { o: { a: 'x' } }),
  specCase('the minimum is raised', true, 'minimum-tightened', one('n', int({ minimum: 0 })), one('n', int({ minimum: 5 })), { n: 2 }),
  specCase('a minimum is added', true, 'minimum-tightened', one('n', int()), one('n', int({ minimum: 0 })), { n: -1 }),
  specCase('the maximum is lowered', true, 'maximum-tightened', one('n', int({ maximum: 100 })), one('n', int({ maximum: 10 })), { n: 50 }),
  specCase('a maximum is added', true, 'maximum-tightened', one('n', int()), one('n', int({ maximum: 10 })), { n: 50 }),
  specCase('the maximum becomes exclusive', true, 'exclusiveMaximum-tightened', one('n', int({ maximum: 10 })), one('n', int({ maximum: 10, exclusiveMaximum: true })), { n: 10 }),
  specCase('the minimum becomes exclusive', true, 'exclusiveMinimum-tightened', one('n', int({ minimum: 1 })), one('n', int({ minimum: 1, exclusiveMinimum: true })), { n: 1 }),
  specCase('a multipleOf is added', true, 'multipleOf-tightened', one('n', int()), one('n', int({ multipleOf: 5 })), { n: 7 }),
  specCase('the minLength is raised', true, 'minLength-tightened', one('s', str({ minLength: 1 })), one('s', str({ minLength: 5 })), { s: 'ab' }),
  specCase('the maxLength is lowered', true, 'maxLength-tightened', one('s', str({ maxLength: 20 })), one('s', str({ maxLength: 3 })), { s: 'abcdef' }),
  specCase('a maxLength is added', true, 'maxLength-tightened', one('s', str()), one('s', str({ maxLength: 3 })), { s: 'abcdef' }),
  specCase('a pattern is added', true, 'pattern-added', one('s', str()), one('s', str({ pattern: '^[a-z]+$' })), { s: 'ABC' }),
  specCase('the pattern changes', true, 'pattern-changed', one('s', str({ pattern: '^[a-z]+$' })), one('s', str({ pattern: '^[a-c]+$' })), { s: 'xyz' }),
  specCase('an enum is added', true, 'enum-added', one('s', str()), one('s', str({ enum: ['a', 'b'] })), { s: 'c' }),
  specCase('an enum value is removed', true, 'enum-value-removed', one('s', str({ enum: ['a', 'b', 'c'] })), one('s', str({ enum: ['a', 'b'] })), { s: 'c' }),
  specCase('the maxItems is lowered', true, 'maxItems-tightened', one('l', strings({ maxItems: 10 })), one('l', strings({ maxItems: 1 })), { l: ['a', 'b'] }),
  specCase('the minItems is raised', true, 'minItems-tightened', one('l', strings()), one('l', strings({ minItems: 3 })), { l: ['a'] }),
  specCase('the maxProperties is lowered', true, 'maxProperties-tightened', one('m', { type: 'object', additionalProperties: str() }), one('m', { type: 'object', additionalProperties: str(), maxProperties: 1 }), { m: { a: 'x', b: 'y' } }),
  specCase('a minProperties is added', true, 'minProperties-tightened', one('m', { type: 'object', additionalProperties: str() }), one('m', { type: 'object', additionalProperties: str(), minProperties: 2 }), { m: { a: 'x' } }),
  specCase('a CEL rule is added', true, 'validation-rule-added', obj({ a: int(), b: int() }), obj({ a: int(), b: int() }, { 'x-kubernetes-validations': [{ rule: 'self.a <= self.b' }] }), { a: 2, b: 1 }),
  specCase('a CEL rule changes', true, 'validation-rule-added', one('s', str({ 'x-kubernetes-validations': [{ rule: 'self.size() < 10' }] })), one('s', str({ 'x-kubernetes-validations': [{ rule: 'self.size() < 3' }] })), { s: 'abcde' }),
  specCase('a transition rule (oldSelf) is added', true, 'validation-rule-added', one('n', int()), one('n', int({ 'x-kubernetes-validations': [{ rule: 'self >= oldSelf' }] })), { n: 5 }, { changeTo: { n: 4 } }),
  specCase('an atomic list becomes a set', true, 'list-type-changed', one('l', strings()), one('l', strings({ 'x-kubernetes-list-type': 'set' })), { l: ['a', 'a'] }),
  specCase('an atomic list becomes a map', true, 'list-type-changed', one('l', { type: 'array', items: obj({ k: str(), v: str() }, { required: ['k'] }) }), one('l', { type: 'array', items: obj({ k: str(), v: str() }, { required: ['k'] }), 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'] }), { l: [{ k: 'a', v: '1' }, { k: 'a', v: '2' }] }),
  specCase('a field is no longer nullable', true, 'nullable-removed', obj({ a: str(), n: str({ nullable: true }) }), obj({ a: str(), n: str() }), { a: 'x', n: null }),
  specCase('a default is added', true, 'default-added', obj({ a: str(), d: str() }), obj({ a: str(), d: str({ default: 'on' }) }), { a: 'x' }),
  specCase('a default changes', true, 'default-changed', obj({ a: str(), d: str({ default: 'on' }) }), obj({ a: str(), d: str({ default: 'off' }) }), { a: 'x' }),
  specCase('a default is removed', true, 'default-removed', obj({ a: str(), d: str({ default: 'on' }) }), obj({ a: str(), d: str() }), { a: 'x' }),
  specCase('unknown fields are no longer preserved', true, 'unknown-fields-pruned', one('o', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }), one('o', obj({ known: str() })), { o: { anything: 'x' } }),
  specCase('a map is removed', true, 'map-removed', one('m', { type: 'object', additionalProperties: str() }), one('m', { type: 'object' }), { m: { a: 'x' } }),
  {
    name: 'the scope changes', breaking: true, rule: 'scope-changed',
    old: crd([version('v1', obj({ a: str() }))]), new: crd([version('v1', obj({ a: str() }))], 'Cluster'), spec: { a: 'x' },
  },
  {
    name: 'a served version is removed', breaking: true, rule: 'version-removed', version: 'v2',
    old: crd([version('v1', obj({ a: str() })), version('v2', obj({ a: str() }))]), new: crd([version('v1', obj({ a: str() }))]), spec: { a: 'x' },
  },
  {
    name: 'a version is no longer served', breaking: true, rule: 'version-removed', version: 'v2',
    old: crd([version('v1', obj({ a: str() })), version('v2', obj({ a: str() }))]), new: crd([version('v1', obj({ a: str() })), version('v2', obj({ a: str() }), { served: false })]), spec: { a: 'x' },
  },
  {
    name: 'the storage version moves and the old one is dropped', breaking: true, rule: 'storage-version-changed', version: 'v2',
    old: crd([version('v1', obj({ a: str() })), version('v2', obj({ a: str() }))]), new: crd([version('v2', obj({ a: str() }), { storage: true })]), spec: { a: 'x' },
  },
];

export const COMPATIBLE: CompatCase[] = [
  specCase('an optional field is added', false, undefined, obj({ a: str() }), obj({ a: str(), b: str() }), { a: 'x' }),
  specCase('a description changes', false, undefined, one('a', str({ description: 'old' })), one('a', str({ description: 'new' })), { a: 'x' }),
  specCase('a field is no longer required', false, undefined, obj({ a: str() }, { required: ['a'] }), obj({ a: str() }), { a: 'x' }),
  specCase('the minimum is lowered', false, undefined, one('n', int({ minimum: 5 })), one('n', int({ minimum: 0 })), { n: 5 }),
  specCase('the minimum is removed', false, undefined, one('n', int({ minimum: 5 })), one('n', int()), { n: 5 }),
  specCase('the maximum is raised', false, undefined, one('n', int({ maximum: 5 })), one('n', int({ maximum: 50 })), { n: 5 }),
  specCase('the maximum is removed', false, undefined, one('n', int({ maximum: 5 })), one('n', int()), { n: 5 }),
  specCase('the maximum is no longer exclusive', false, undefined, one('n', int({ maximum: 5, exclusiveMaximum: true })), one('n', int({ maximum: 5 })), { n: 4 }),
  specCase('the multipleOf is loosened', false, undefined, one('n', int({ multipleOf: 4 })), one('n', int({ multipleOf: 2 })), { n: 8 }),
  specCase('the minLength is lowered', false, undefined, one('s', str({ minLength: 3 })), one('s', str({ minLength: 1 })), { s: 'abc' }),
  specCase('the maxLength is raised', false, undefined, one('s', str({ maxLength: 3 })), one('s', str({ maxLength: 30 })), { s: 'abc' }),
  specCase('the maxLength is removed', false, undefined, one('s', str({ maxLength: 3 })), one('s', str()), { s: 'abc' }),
  specCase('the pattern is removed', false, undefined, one('s', str({ pattern: '^[a-z]+$' })), one('s', str()), { s: 'abc' }),
  specCase('an enum value is added', false, undefined, one('s', str({ enum: ['a', 'b'] })), one('s', str({ enum: ['a', 'b', 'c'] })), { s: 'a' }),
  specCase('the enum is reordered', false, undefined, one('s', str({ enum: ['a', 'b'] })), one('s', str({ enum: ['b', 'a'] })), { s: 'a' }),
  specCase('the enum is removed', false, undefined, one('s', str({ enum: ['a', 'b'] })), one('s', str()), { s: 'a' }),
  specCase('the maxItems is raised', false, undefined, one('l', strings({ maxItems: 2 })), one('l', strings({ maxItems: 20 })), { l: ['a', 'b'] }),
  specCase('the minItems is lowered', false, undefined, one('l', strings({ minItems: 2 })), one('l', strings()), { l: ['a', 'b'] }),
  specCase('the maxProperties is raised', false, undefined, one('m', { type: 'object', additionalProperties: str(), maxProperties: 1 }), one('m', { type: 'object', additionalProperties: str(), maxProperties: 5 }), { m: { a: 'x' } }),
  specCase('a CEL rule is removed', false, undefined, obj({ a: int(), b: int() }, { 'x-kubernetes-validations': [{ rule: 'self.a <= self.b' }] }), obj({ a: int(), b: int() }), { a: 1, b: 2 }),
  specCase("a CEL rule's message changes", false, undefined, one('s', str({ 'x-kubernetes-validations': [{ rule: 'self.size() < 10', message: 'old' }] })), one('s', str({ 'x-kubernetes-validations': [{ rule: 'self.size() < 10', message: 'too long' }] })), { s: 'abc' }),
  specCase('the format is removed', false, undefined, one('t', str({ format: 'date-time' })), one('t', str()), { t: '2024-01-02T03:04:05Z' }),
  specCase('integer widens to number', false, undefined, one('n', int()), one('n', { type: 'number' }), { n: 3 }),
  specCase('integer widens to int-or-string', false, undefined, one('p', int()), one('p', { 'x-kubernetes-int-or-string': true }), { p: 80 }),
  specCase('a field becomes nullable', false, undefined, one('s', str()), one('s', str({ nullable: true })), { s: 'x' }),
  specCase('a set becomes an atomic list (a warning: apply merges differently)', false, 'list-type-changed', one('l', strings({ 'x-kubernetes-list-type': 'set' })), one('l', strings()), { l: ['a', 'b'] }),
  specCase('a granular map becomes atomic (a warning: apply merges differently)', false, 'map-type-changed', one('m', { type: 'object', additionalProperties: str() }), one('m', { type: 'object', additionalProperties: str(), 'x-kubernetes-map-type': 'atomic' }), { m: { a: 'x' } }),
  specCase('unknown fields become preserved', false, undefined, one('o', obj({ a: str() })), one('o', obj({ a: str() }, { 'x-kubernetes-preserve-unknown-fields': true })), { o: { a: 'x' } }),
  specCase('an optional field is added in list items', false, undefined, one('l', { type: 'array', items: obj({ n: str() }) }), one('l', { type: 'array', items: obj({ n: str(), m: int() }) }), { l: [{ n: 'x' }] }),
  {
    name: 'a version is added', breaking: false,
    old: crd([version('v1', obj({ a: str() }))]), new: crd([version('v1', obj({ a: str() })), version('v2', obj({ a: str() }))]), spec: { a: 'x' },
  },
  {
    name: 'the storage version moves, the old one still served (a warning: migrate)', breaking: false, rule: 'storage-version-changed',
    old: crd([version('v1', obj({ a: str() })), version('v2', obj({ a: str() }))]), new: crd([version('v1', obj({ a: str() }), { storage: false }), version('v2', obj({ a: str() }), { storage: true })]), spec: { a: 'x' },
  },
  {
    name: 'a version is deprecated', breaking: false,
    old: crd([version('v1', obj({ a: str() }))]), new: crd([version('v1', obj({ a: str() }), { deprecated: true, deprecationWarning: 'use v2' })]), spec: { a: 'x' },
  },
  {
    name: 'a printer column is added', breaking: false,
    old: crd([version('v1', obj({ a: str() }))]), new: crd([version('v1', obj({ a: str() }), { additionalPrinterColumns: [{ name: 'A', type: 'string', jsonPath: '.spec.a' }] })]), spec: { a: 'x' },
  },
];
