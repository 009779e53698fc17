/** Each validation, field, type, topology and CRD marker and its effect (or its error). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { field, generateFrom, widget } from './api-sandbox.js';

const RT = "import type { int32, IntOrString } from 'kubescaffolder/runtime';";

/** The schema of field `f` declared as `type` under the given marker lines. */
function marked(markers: string[], type: string, extra = '') {
  const r = widget(`${RT}\n${extra}\nexport interface WidgetSpec {\n${markers.map((m) => `  // ${m}\n`).join('')}  f?: ${type};\n}`);
  return { schema: field(r.spec, 'f'), errors: r.errors, spec: r.spec };
}

describe('validation markers on fields', () => {
  it.each([
    [['+kubebuilder:validation:Maximum=10', '+kubebuilder:validation:Minimum=-1'], 'int32', { maximum: 10, minimum: -1 }],
    [['+kubebuilder:validation:ExclusiveMaximum=true', '+kubebuilder:validation:Maximum=5'], 'int32', { maximum: 5, exclusiveMaximum: true }],
    [['+kubebuilder:validation:ExclusiveMinimum=true', '+kubebuilder:validation:Minimum=0'], 'number', { minimum: 0, exclusiveMinimum: true }],
    [['+kubebuilder:validation:MultipleOf=0.5'], 'number', { multipleOf: 0.5 }],
    [['+kubebuilder:validation:MaxLength=64', '+kubebuilder:validation:MinLength=1'], 'string', { maxLength: 64, minLength: 1 }],
    [['+kubebuilder:validation:Pattern=`^[a-z]+$`'], 'string', { pattern: '^[a-z]+$' }],
    [['+kubebuilder:validation:MaxItems=3', '+kubebuilder:validation:MinItems=1'], 'string[]', { maxItems: 3, minItems: 1 }],
    [['+kubebuilder:validation:MaxProperties=4', '+kubebuilder:validation:MinProperties=1'], 'Record<string, string>', { maxProperties: 4, minProperties: 1 }],
    [['+kubebuilder:validation:Enum=Allow;Forbid'], 'string', { enum: ['Allow', 'Forbid'] }],
    [['+kubebuilder:validation:Format=email'], 'string', { format: 'email' }],
    [['+kubebuilder:validation:Type=string'], 'boolean', { type: 'string' }],
    [['+kubebuilder:validation:XPreserveUnknownFields'], 'Record<string, string>', { 'x-kubernetes-preserve-unknown-fields': true }],
    [['+kubebuilder:pruning:PreserveUnknownFields'], 'Record<string, string>', { 'x-kubernetes-preserve-unknown-fields': true }],
    [['+kubebuilder:validation:XEmbeddedResource'], '{ kind?: string }', { 'x-kubernetes-embedded-resource': true }],
    [['+kubebuilder:validation:EmbeddedResource'], '{ kind?: string }', { 'x-kubernetes-embedded-resource': true }],
    [['+kubebuilder:validation:XIntOrString', '+kubebuilder:validation:MaxLength=4'], 'IntOrString', { 'x-kubernetes-int-or-string': true, maxLength: 4 }],
    [['+nullable'], 'string', { nullable: true }],
    [['+kubebuilder:example=forty-two'], 'string', { example: 'forty-two' }],
    [['+kubebuilder:title="The F"'], 'string', { title: 'The F' }],
    [['+kubebuilder:default=3'], 'int32', { default: 3 }],
    [['+kubebuilder:default={}'], 'string[]', { default: [] }],
    [['+default="k8s"', '+kubebuilder:default=kb'], 'string', { default: 'kb' }],
    [['+default={"a": 1}'], 'Record<string, int32>', { default: { a: 1 } }],
    [['+default=ref(SomeConst)'], 'string', {}],
    [['+kubebuilder:externalDocs:url="https://example.com",description="More"'], 'string', { externalDocs: { url: 'https://example.com', description: 'More' } }],
  ])('%j on %s', (markers, type, expected) => {
    const { schema, errors } = marked(markers, type);
    expect(errors).toEqual([]);
    expect(schema).toMatchObject(expected);
    if (Object.keys(expected).length === 0) expect(schema).not.toHaveProperty('default');
  });

  it('UniqueItems and EmbeddedResource on a map are written as controller-gen writes them, and refused as kube-apiserver refuses them', () => {
    const unique = marked(['+kubebuilder:validation:UniqueItems=true'], 'string[]');
    expect(unique.schema).toMatchObject({ uniqueItems: true });
    expect(unique.errors.join('\n')).toContain('.uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic');
    const embedded = marked(['+kubebuilder:validation:EmbeddedResource'], 'Record<string, string>');
    expect(embedded.schema).toMatchObject({ 'x-kubernetes-embedded-resource': true });
    expect(embedded.errors.join('\n')).toContain('.additionalProperties: Forbidden: must not be used if x-kubernetes-embedded-resource is set');
  });

  it('XValidation takes rule, message, messageExpression, reason, fieldPath and optionalOldSelf', () => {
    const { schema, errors } = marked(
      [
        '+kubebuilder:validation:XValidation:rule="has(self.x)",message="too short"',
        '+kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self.x == oldSelf.value().x",messageExpression="\'changed \' + self.x",reason="FieldValueForbidden",fieldPath=".x",optionalOldSelf=true',
      ],
      'Inner',
      'export interface Inner { x?: string; }',
    );
    expect(errors).toEqual([]);
    expect(schema!['x-kubernetes-validations']).toEqual([
      { rule: 'has(self.x)', message: 'too short' },
      { rule: '!oldSelf.hasValue() || self.x == oldSelf.value().x', messageExpression: "'changed ' + self.x", reason: 'FieldValueForbidden', fieldPath: '.x', optionalOldSelf: true },
    ]);
  });

  it('XValidation rules the API server would refuse are errors at the marker: a fieldPath that names no field, oldSelf of the wrong type', () => {
    const { errors } = marked(['+kubebuilder:validation:XValidation:rule="self != oldSelf",fieldPath=".x",optionalOldSelf=true'], 'string');
    expect(errors).toEqual([
      'api/v1/widget_types.ts:5: CustomResourceDefinition "widgets.test.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].properties[f].x-kubernetes-validations[0].fieldPath: Invalid value: ".x": fieldPath must be a valid path',
    ]);
    const optional = marked(['+kubebuilder:validation:XValidation:rule="self != oldSelf",optionalOldSelf=true'], 'string');
    expect(optional.errors.join('\n')).toContain("found no matching overload for '_!=_' applied to '(string, optional_type(string))'");
  });

  it('XValidation rejects an unknown reason and a CEL syntax error, at the marker', () => {
    const bad = marked(['+kubebuilder:validation:XValidation:rule="self > 1",reason="Nope"'], 'int32');
    expect(bad.errors.join('\n')).toContain('invalid reason Nope, valid values are FieldValueRequired, FieldValueInvalid, FieldValueForbidden and FieldValueDuplicate');
    const syntax = marked(['+kubebuilder:validation:XValidation:rule="self >>> 1"'], 'int32');
    expect(syntax.errors.length).toBeGreaterThan(0);
  });

  it('items: markers apply to array items, and are rejected on a non-array', () => {
    const ok = marked(['+kubebuilder:validation:items:MaxLength=5', '+kubebuilder:validation:items:Enum=a;b', '+kubebuilder:validation:MinItems=1'], 'string[]');
    expect(ok.errors).toEqual([]);
    expect(ok.schema).toEqual({ type: 'array', minItems: 1, items: { type: 'string', maxLength: 5, enum: ['a', 'b'] } });
    const bad = marked(['+kubebuilder:validation:items:MaxLength=5'], 'string');
    expect(bad.errors.join('\n')).toContain('must apply kubebuilder:validation:items:MaxLength to an array value, found string');
  });

  it.each([
    ['+kubebuilder:validation:MaxLength=3', 'int32', 'must apply maxlength to a textual value, found type "integer"'],
    ['+kubebuilder:validation:Pattern=abc', 'boolean', 'must apply pattern to a textual value, found type "boolean"'],
    ['+kubebuilder:validation:Minimum=1', 'string', 'must apply minimum to a numeric value, found string'],
    ['+kubebuilder:validation:Maximum=1.5', 'int32', 'cannot apply non-integral maximum validation (1.5) to integer value'],
    ['+kubebuilder:validation:MultipleOf=0.5', 'int32', 'cannot apply non-integral multipleof validation (0.5) to integer value'],
    ['+kubebuilder:validation:MaxItems=3', 'string', 'must apply maxitem to an array'],
    ['+kubebuilder:validation:MinProperties=1', 'string', 'must apply minproperties to an object'],
    ['+listType=map', 'string', 'must apply listType to an array, found string'],
    ['+listType=bag', 'string[]', 'ListType must be either "map", "set" or "atomic"'],
    ['+mapType=atomic', 'string', 'must apply mapType to an object'],
    ['+structType=solid', '{ a?: string }', 'StructType must be either "granular" or "atomic"'],
    ['+kubebuilder:externalDocs:url="not a url"', 'string', 'invalid url "not a url" in kubebuilder:externalDocs marker'],
  ])('%s on %s is an error: %s', (marker, type, message) => {
    const { errors } = marked([marker], type);
    expect(errors.join('\n')).toContain(message);
    expect(errors.join('\n')).toMatch(/widget_types\.ts:\d+: /);
  });
});

describe('topology markers', () => {
  it('listType/listMapKey (and the +k8s: aliases), mapType, structType', () => {
    expect(marked(['+listType=map', '+listMapKey=name', '+listMapKey=port'], '{ name: string; port: int32 }[]').schema).toMatchObject({
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name', 'port'],
    });
    expect(marked(['+k8s:listType=set'], 'string[]').schema).toMatchObject({ 'x-kubernetes-list-type': 'set' });
    expect(marked(['+k8s:listType=map', '+k8s:listMapKey=name'], '{ name: string }[]').schema).toMatchObject({ 'x-kubernetes-list-map-keys': ['name'] });
    expect(marked(['+mapType=granular'], 'Record<string, string>').schema).toMatchObject({ 'x-kubernetes-map-type': 'granular' });
    expect(marked(['+structType=atomic'], '{ a?: string }').schema).toMatchObject({ 'x-kubernetes-map-type': 'atomic' });
  });

  it('listMapKey needs listType=map first', () => {
    expect(marked(['+listMapKey=name'], '{ name: string }[]').errors.join('\n')).toContain('must apply listMapKey to an associative-list');
  });

  it('apply on types too: a marked alias carries its topology to every use', () => {
    const r = widget(`// +listType=set
export type Tags = string[];
export interface WidgetSpec { tags?: Tags }`);
    expect(field(r.spec, 'tags')).toEqual({ type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' });
  });
});

describe('required fields', () => {
  it('follow `?`, the field markers (kubebuilder first, then +optional/+required and +k8s:) and the package default', () => {
    const r = widget(`export interface WidgetSpec {
  plain: string;
  maybe?: string;
  // +kubebuilder:validation:Optional
  kbOptional: string;
  // +kubebuilder:validation:Required
  kbRequired?: string;
  // +optional
  optional: string;
  // +required
  required?: string;
  // +k8s:optional
  k8sOptional: string;
  // +k8s:required
  k8sRequired?: string;
  // +kubebuilder:validation:Optional
  // +required
  kbWins: string;
}`);
    expect(r.spec.required).toEqual(['k8sRequired', 'kbRequired', 'plain', 'required']);
  });

  it('a package marked +kubebuilder:validation:Optional makes fields without markers optional', () => {
    const r = generateFrom({
      'api/v1/groupversion_info.ts': '// +groupName=test.example.com\n// +kubebuilder:validation:Optional\nexport {};\n',
      'api/v1/types.ts': `import type { ObjectMeta } from 'kubescaffolder/runtime';
export interface WidgetSpec {
  a: string;
  // +required
  b: string;
}
export interface Widget { apiVersion?: string; kind?: string; metadata?: ObjectMeta; spec: WidgetSpec }`,
    });
    expect(r.errors).toEqual([]);
    const schema = r.crds[0].spec.versions[0].schema!.openAPIV3Schema;
    expect(schema.required).toBeUndefined();
    expect(schema.properties!.spec.required).toEqual(['b']);
  });

  it('+kubebuilder:validation:Schemaless leaves only the field markers', () => {
    expect(marked(['+kubebuilder:validation:Schemaless', '+kubebuilder:validation:Type=object'], 'string[]').schema).toEqual({ type: 'object' });
  });

  it('+k8s:immutable adds self == oldSelf, and a parent rule for optional fields', () => {
    const r = widget(`export interface WidgetSpec {
  // +k8s:immutable
  fixed: string;
  // +k8s:immutable
  once?: string;
}`);
    expect(field(r.spec, 'fixed')!['x-kubernetes-validations']).toEqual([{ rule: 'self == oldSelf', message: 'field is immutable' }]);
    expect(r.spec['x-kubernetes-validations']).toEqual([{ rule: '!has(oldSelf.once) || has(self.once)', message: 'field once is immutable once set' }]);
  });
});

describe('type markers', () => {
  it('AtMostOneOf, ExactlyOneOf and AtLeastOneOf become CEL rules in that order, in released controller-tools v0.21\'s form', () => {
    const r = widget(`// +kubebuilder:validation:AtLeastOneOf=e;f
// +kubebuilder:validation:ExactlyOneOf=c;d
// +kubebuilder:validation:AtMostOneOf=a;b
export interface WidgetSpec { a?: string; b?: string; c?: string; d?: string; e?: string; f?: string }`);
    expect(r.spec['x-kubernetes-validations']).toEqual([
      { rule: '[has(self.a),has(self.b)].filter(x,x==true).size() <= 1', message: 'at most one of the fields in [a b] may be set' },
      { rule: '[has(self.c),has(self.d)].filter(x,x==true).size() == 1', message: 'exactly one of the fields in [c d] must be set' },
      { rule: '[has(self.e),has(self.f)].filter(x,x==true).size() >= 1', message: 'at least one of the fields in [e f] must be set' },
    ]);
  });

  it('a OneOf field may not be required', () => {
    const r = widget(`// +kubebuilder:validation:ExactlyOneOf=a;b
export interface WidgetSpec {
  // +required
  a?: string;
  b?: string;
}`);
    expect(r.errors.join('\n')).toContain('field a is part of OneOf constraint and cannot be marked as required');
  });

  it('+k8s:enum collects the typed string constants of the package, sorted', () => {
    const r = widget(`// +k8s:enum
export type Mode = string;
export const Slow: Mode = 'slow';
export const Fast: Mode = 'fast';
export interface WidgetSpec { mode?: Mode }`);
    expect(field(r.spec, 'mode')).toEqual({ type: 'string', enum: ['fast', 'slow'] });
  });

  it('+k8s:enum without constants is an error', () => {
    const r = widget('// +k8s:enum\nexport type Mode = string;\nexport interface WidgetSpec { mode?: Mode }');
    expect(r.errors.join('\n')).toContain('no enum values found for type Mode');
  });

  it('markers on a type and on the field that uses it both apply; conflicting ones stay side by side in allOf', () => {
    const r = widget(`// +kubebuilder:validation:MinLength=4
export type LongerString = string;
export interface WidgetSpec {
  // +kubebuilder:validation:MinLength=10
  // +kubebuilder:validation:MaxLength=10
  f?: LongerString;
  g?: LongerString;
}`);
    expect(field(r.spec, 'f')).toEqual({ type: 'string', maxLength: 10, allOf: [{ minLength: 4 }, { minLength: 10 }] });
    expect(field(r.spec, 'g')).toEqual({ type: 'string', minLength: 4 });
  });
});

describe('CRD markers', () => {
  const spec = 'export interface WidgetSpec { size?: string }';

  it('+kubebuilder:resource sets plural, singular, short names, categories and scope', () => {
    const r = widget(spec, { kindMarkers: '// +kubebuilder:resource:path=widgetz,singular=wdg,shortName=wd;w,categories=all;toys,scope=Cluster' });
    const crd = r.crds[0];
    expect(crd.metadata.name).toBe('widgetz.test.example.com');
    expect(crd.spec.names).toEqual({ kind: 'Widget', listKind: 'WidgetList', plural: 'widgetz', singular: 'wdg', shortNames: ['wd', 'w'], categories: ['all', 'toys'] });
    expect(crd.spec.scope).toBe('Cluster');
  });

  it('subresources, printer columns, selectable fields and CRD metadata', () => {
    const r = widget(spec, {
      kindMarkers: [
        '// +kubebuilder:subresource:status',
        '// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector',
        '// +kubebuilder:printcolumn:name="Size",type=string,JSONPath=`.spec.size`,description="the size",priority=1',
        '// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"',
        '// +kubebuilder:selectablefield:JSONPath=`.spec.size`',
        '// +kubebuilder:metadata:annotations="a.example.com/x=1",labels="team=blue"',
      ].join('\n'),
    });
    expect(r.errors).toEqual([]);
    const crd = r.crds[0];
    const v = crd.spec.versions[0];
    expect(v.subresources).toEqual({ status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } });
    expect(v.additionalPrinterColumns).toEqual([
      { name: 'Size', type: 'string', jsonPath: '.spec.size', description: 'the size', priority: 1 },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ]);
    expect(v.selectableFields).toEqual([{ jsonPath: '.spec.size' }]);
    expect(crd.metadata.annotations).toEqual({ 'a.example.com/x': '1', 'scaffolder.dev/version': 'test' });
    expect(crd.metadata.labels).toEqual({ team: 'blue' });
  });

  // The API server refuses a CRD whose metadata has them (ValidateObjectMeta); they were written with exit 0.
  it.each([
    ['an annotation key with a space', 'annotations="bad key=v"', 'metadata.annotations: Invalid value: "bad key": name part must consist of alphanumeric characters'],
    ['an annotation key with an empty prefix', 'annotations="/x=v"', 'metadata.annotations: Invalid value: "/x": prefix part must be non-empty'],
    ['a label key with two slashes', 'labels="a/b/c=v"', 'metadata.labels: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters'],
    ['a label value that ends with a dash', 'labels="team=blue-"', 'metadata.labels: Invalid value: "blue-": a valid label must be an empty string or consist of alphanumeric characters'],
    ['a label value of 64 characters', `labels="team=${'a'.repeat(64)}"`, 'metadata.labels: Invalid value: "aaaaaaaa'],
  ])('refuses CRD metadata with %s, at the marker', (_, args, message) => {
    const marker = `// +kubebuilder:metadata:${args}`;
    const r = widget(spec, { kindMarkers: marker });
    const line = readFileSync(path.join(r.dir, 'api', 'v1', 'widget_types.ts'), 'utf8').split('\n').indexOf(marker) + 1;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain(`api/v1/widget_types.ts:${line}: ${message}`);
  });

  function versions(v1Markers: string, v2Markers: string, v3Markers = '') {
    const kind = (markers: string) => `import type { ObjectMeta } from 'kubescaffolder/runtime';
${markers}
export interface Widget { apiVersion?: string; kind?: string; metadata?: ObjectMeta; spec?: { size?: string } }`;
    const files: Record<string, string> = {
      'api/v1/groupversion_info.ts': '// +groupName=test.example.com\nexport {};\n',
      'api/v1/types.ts': kind(v1Markers),
      'api/v2/groupversion_info.ts': '// +groupName=test.example.com\nexport {};\n',
      'api/v2/types.ts': kind(v2Markers),
    };
    if (v3Markers) {
      files['api/v3/groupversion_info.ts'] = '// +groupName=test.example.com\nexport {};\n';
      files['api/v3/types.ts'] = kind(v3Markers);
    }
    return generateFrom(files);
  }

  it('one CRD per group and kind, one version per package, sorted, with storage/served/deprecation', () => {
    const r = versions('// +kubebuilder:deprecatedversion:warning="use v2"', '// +kubebuilder:storageversion', '// +kubebuilder:unservedversion');
    expect(r.errors).toEqual([]);
    expect(r.crds).toHaveLength(1);
    expect(r.crds[0].spec.versions.map(({ name, served, storage, deprecated, deprecationWarning }) => ({ name, served, storage, deprecated, deprecationWarning }))).toEqual([
      { name: 'v1', served: true, storage: false, deprecated: true, deprecationWarning: 'use v2' },
      { name: 'v2', served: true, storage: true, deprecated: undefined, deprecationWarning: undefined },
      { name: 'v3', served: false, storage: false, deprecated: undefined, deprecationWarning: undefined },
    ]);
  });

  it('+kubebuilder:skipversion leaves a version out', () => {
    const r = versions('// +kubebuilder:skipversion', '');
    expect(r.crds[0].spec.versions.map((v) => [v.name, v.storage])).toEqual([['v2', true]]);
  });

  it('a package marked +kubebuilder:skip generates nothing', () => {
    const r = generateFrom({
      'api/v1/groupversion_info.ts': '// +groupName=test.example.com\n// +kubebuilder:skip\nexport {};\n',
      'api/v1/types.ts': "import type { ObjectMeta } from 'kubescaffolder/runtime';\nexport interface Widget { apiVersion?: string; kind?: string; metadata?: ObjectMeta }",
    });
    expect(r.crds).toEqual([]);
  });

  it('+versionName overrides the folder name', () => {
    const r = generateFrom({
      'api/stable/groupversion_info.ts': '// +groupName=test.example.com\n// +versionName=v1beta3\nexport {};\n',
      'api/stable/types.ts': "import type { ObjectMeta } from 'kubescaffolder/runtime';\nexport interface Widget { apiVersion?: string; kind?: string; metadata?: ObjectMeta }",
    });
    expect(r.crds[0].spec.versions[0].name).toBe('v1beta3');
  });
});
