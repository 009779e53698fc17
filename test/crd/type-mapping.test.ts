/** Each TypeScript type of the API contract and the schema it becomes. */
import { describe, expect, it } from 'vitest';
import { QUANTITY_PATTERN } from '../../src/kube/quantity.js';
import { field, generateFrom, widget } from './api-sandbox.js';

function fieldSchema(typeText: string, imports = "import type { int, int32, int64, Time, MicroTime, Duration, Quantity, IntOrString, RawExtension, JSONValue } from 'kubescaffolder/runtime';") {
  const r = widget(`${imports}\nexport interface WidgetSpec {\n  f?: ${typeText};\n}`);
  expect(r.errors).toEqual([]);
  return field(r.spec, 'f');
}

describe('type mapping: scalars and runtime aliases', () => {
  it.each([
    ['string', { type: 'string' }],
    ['boolean', { type: 'boolean' }],
    ['number', { type: 'number' }],
    // Go's int: controller-gen writes no format.
    ['int', { type: 'integer' }],
    ['int32', { type: 'integer', format: 'int32' }],
    ['int64', { type: 'integer', format: 'int64' }],
    ['Time', { type: 'string', format: 'date-time' }],
    ['MicroTime', { type: 'string', format: 'date-time' }],
    ['Duration', { type: 'string' }],
    ['Quantity', { anyOf: [{ type: 'integer' }, { type: 'string' }], pattern: QUANTITY_PATTERN, 'x-kubernetes-int-or-string': true }],
    ['IntOrString', { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true }],
    ['RawExtension', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }],
    ['JSONValue', { 'x-kubernetes-preserve-unknown-fields': true }],
    ['Uint8Array', { type: 'string', format: 'byte' }],
  ])('%s', (typeText, expected) => {
    expect(fieldSchema(typeText)).toEqual(expected);
  });

  it('recognises the runtime aliases imported by relative path to src/runtime/api/types.js', () => {
    const r = generateFrom({
      'project/api/v1/groupversion_info.ts': '// +groupName=test.example.com\nexport {};\n',
      'project/api/v1/types.ts': `import type { ObjectMeta, int32 } from '../../src/runtime/api/types.js';
export interface Widget { apiVersion?: string; kind?: string; metadata?: ObjectMeta; spec?: { replicas?: int32 } }`,
    });
    expect(r.errors).toEqual([]);
    expect(r.crds[0].spec.versions[0].schema!.openAPIV3Schema.properties!.spec.properties!.replicas).toEqual({ type: 'integer', format: 'int32' });
  });
});

describe('type mapping: arrays, maps, unions', () => {
  it.each([
    ['string[]', { type: 'array', items: { type: 'string' } }],
    ['Array<boolean>', { type: 'array', items: { type: 'boolean' } }],
    ['ReadonlyArray<int32>', { type: 'array', items: { type: 'integer', format: 'int32' } }],
    ['readonly string[]', { type: 'array', items: { type: 'string' } }],
    ['Record<string, int64>', { type: 'object', additionalProperties: { type: 'integer', format: 'int64' } }],
    ['{ [key: string]: string }', { type: 'object', additionalProperties: { type: 'string' } }],
    ['Record<string, string[]>', { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }],
    ["'Always' | 'Never' | 'IfNotPresent'", { type: 'string', enum: ['Always', 'Never', 'IfNotPresent'] }],
    ["'b' | 'a' | null", { type: 'string', enum: ['b', 'a'], nullable: true }],
    ['string | null', { type: 'string', nullable: true }],
    ['int32 | undefined', { type: 'integer', format: 'int32' }],
    ['{ a: string; b?: boolean }', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'boolean' } }, required: ['a'] }],
  ])('%s', (typeText, expected) => {
    expect(fieldSchema(typeText)).toEqual(expected);
  });

  it.each([
    ['Date', 'Date is not supported in CRD schemas: use Time from kubescaffolder/runtime'],
    ['Map<string, string>', 'Map is not supported in CRD schemas: use Record<string, T>'],
    ['Partial<{ a: string }>', 'Partial is not supported in CRD schemas: declare the fields explicitly'],
    ['bigint', 'bigint is not supported in CRD schemas: use int64'],
  ])('rejects %s with what to write instead', (typeText, message) => {
    const r = widget(`export interface WidgetSpec {\n  f?: ${typeText};\n}`);
    expect(r.errors).toEqual([expect.stringMatching(new RegExp(`^api/v1/widget_types\\.ts:3: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))]);
  });

  it('rejects maps keyed by anything but string', () => {
    const r = widget('export interface WidgetSpec { m?: Record<number, string>; n?: { [i: number]: string } }');
    expect(r.errors).toEqual([expect.stringContaining('map keys must be strings, not number'), expect.stringContaining('map keys must be strings, not number')]);
  });

  it('rejects unions that are not string literals, T | null or aliases', () => {
    const r = widget('export interface WidgetSpec { u?: string | boolean }');
    expect(r.errors.join('\n')).toMatch(/widget_types\.ts:\d+: union type string \| boolean is not supported/);
  });
});

describe('type mapping: declarations', () => {
  it('inlines the fields of extended interfaces (Go embedding), required ones included', () => {
    const r = widget(`
export interface Base { base: string; shared?: string }
export interface Middle extends Base { middle?: string }
export interface WidgetSpec extends Middle { own: string }`);
    expect(r.spec.properties).toEqual({ base: { type: 'string' }, shared: { type: 'string' }, middle: { type: 'string' }, own: { type: 'string' } });
    expect(r.spec.required).toEqual(['base', 'own']);
  });

  it('a field declared in an extended interface and again in the derived one merges its built-in type once: default "" written once, not allOf (controller-gen: the same pointers)', () => {
    const r = widget(`import type { V1SecretKeySelector } from '@kubernetes/client-node';
export interface Base {
  // The base's ref.
  ref?: V1SecretKeySelector;
}
export interface WidgetSpec extends Base {
  // The derived ref.
  ref?: V1SecretKeySelector;
}`);
    expect(r.errors).toEqual([]);
    const name = field(r.spec, 'ref')?.properties?.name;
    expect(name?.default).toBe('');
    expect(name?.allOf).toBeUndefined();
  });

  it('list items of a built-in type declared twice go side by side in allOf, as controller-gen writes them (kube-apiserver then wants items at the top)', () => {
    const r = widget(`import type { V1PodDNSConfig } from '@kubernetes/client-node';
export interface Base {
  dns?: V1PodDNSConfig;
}
export interface WidgetSpec extends Base {
  dns?: V1PodDNSConfig;
}`);
    const nameservers = field(r.spec, 'dns')?.properties?.nameservers;
    expect(nameservers?.items).toBeUndefined();
    expect(nameservers?.allOf).toEqual([{ items: { type: 'string' } }, { items: { type: 'string' } }]);
    expect(nameservers?.['x-kubernetes-list-type']).toBe('atomic');
    expect(r.errors.some((e) => e.includes('properties[nameservers].items: Required value: must be specified'))).toBe(true);
  });

  it('the same marker values written twice (base and derived field) still conflict, as in controller-gen, and kube-apiserver refuses the default inside allOf', () => {
    const r = widget(`import type { int32 } from 'kubescaffolder/runtime';
export interface Base {
  // +kubebuilder:default=3
  size?: int32;
}
export interface WidgetSpec extends Base {
  // +kubebuilder:default=3
  size?: int32;
}`);
    expect(r.errors).toEqual([expect.stringContaining('properties[size].allOf[0].default: Forbidden: must be undefined to be structural'), expect.stringContaining('allOf[1].default: Forbidden')]);
  });

  it('equal type-level markers on a struct and on the struct it extends stay side by side in allOf, as controller-gen writes them (two pointers; differential seed 326)', () => {
    const r = widget(`// +kubebuilder:validation:MinProperties=0
export interface Base { b?: string }
// +kubebuilder:validation:MinProperties=0
export interface WidgetSpec extends Base { a?: string }`);
    expect(r.errors).toEqual([]);
    expect(r.spec.minProperties).toBeUndefined();
    expect(r.spec.allOf).toEqual([{ minProperties: 0 }, { minProperties: 0 }]);
  });

  it('a field declared in an extended interface and again in the derived one, of a struct type: the type\'s validation goes side by side in allOf, its defaults merge once (controller-gen\'s DeepCopy shares the default, not the validation pointers)', () => {
    const r = widget(`// +kubebuilder:validation:MinProperties=1
export interface Inner {
  // +kubebuilder:default=abc
  // +kubebuilder:validation:MaxLength=5
  c?: string;
}
export interface Base { x?: Inner }
export interface WidgetSpec extends Base { x?: Inner }`);
    expect(r.errors).toEqual([]);
    const x = field(r.spec, 'x');
    expect(x?.minProperties).toBeUndefined();
    expect(x?.allOf).toEqual([{ minProperties: 1 }, { minProperties: 1 }]);
    expect(x?.properties?.c).toEqual({ type: 'string', default: 'abc', allOf: [{ maxLength: 5 }, { maxLength: 5 }] });
  });

  it('resolves aliases of interfaces and of primitives, keeping the alias doc when the field has none', () => {
    const r = widget(`
/** Port is a TCP port. */
export type Port = number;
export interface Inner { x?: string }
export type InnerAlias = Inner;
export interface WidgetSpec { port?: Port; inner?: InnerAlias }`);
    expect(field(r.spec, 'port')).toEqual({ type: 'number', description: 'Port is a TCP port.' });
    expect(field(r.spec, 'inner')).toEqual({ type: 'object', properties: { x: { type: 'string' } } });
  });

  it('turns a TypeScript string enum into an enum in member order', () => {
    const r = widget(`export enum Phase { Running = 'Running', Failed = 'Failed' }
export interface WidgetSpec { phase?: Phase }`);
    expect(field(r.spec, 'phase')).toEqual({ type: 'string', enum: ['Running', 'Failed'] });
  });

  it('follows imports across files, through index.ts re-exports and namespace imports', () => {
    const r = widget(
      `import type { Shared } from '../common/index.js';
import * as common from '../common/index.js';
export interface WidgetSpec { a?: Shared; b?: common.Other }`,
      {
        extraFiles: {
          'api/common/index.ts': "export * from './shared.js';\nexport { Other } from './other.js';\n",
          'api/common/shared.ts': '// Shared is shared.\nexport interface Shared { s: string }\n',
          'api/common/other.ts': 'export interface Other { o?: boolean }\n',
        },
      },
    );
    expect(r.errors).toEqual([]);
    expect(field(r.spec, 'a')).toEqual({ type: 'object', description: 'Shared is shared.', properties: { s: { type: 'string' } }, required: ['s'] });
    expect(field(r.spec, 'b')).toEqual({ type: 'object', properties: { o: { type: 'boolean' } } });
  });

  it('gives the inner occurrence of a type that contains itself an empty schema, with a warning (a CRD kube-apiserver refuses)', () => {
    const r = widget('export interface Tree { name?: string; children?: Tree[] }\nexport interface WidgetSpec { tree?: Tree }');
    expect(r.errors).toEqual([
      'api/v1/widget_types.ts:2: CustomResourceDefinition "widgets.test.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].properties[tree].properties[children].items.type: Required value: must not be empty for specified array items',
    ]);
    expect(field(r.spec, 'tree')).toEqual({ type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: {} } } });
    expect(r.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.message)).toContain(
      'type Tree contains itself; the inner occurrence gets an empty schema (as with controller-gen)',
    );
  });

  it('reports an unknown type with its file and line', () => {
    const r = widget('export interface WidgetSpec {\n  a?: Missing;\n}');
    expect(r.errors).toEqual([expect.stringMatching(/^api\/v1\/widget_types\.ts:3: unknown type Missing$/)]);
  });

  it('finds kinds that extend client-node KubernetesObject, and never emits <Kind>List', () => {
    const r = generateFrom({
      'api/v1/groupversion_info.ts': '// +groupName=test.example.com\nexport {};\n',
      'api/v1/types.ts': `import type { KubernetesObject } from '@kubernetes/client-node';
import type { ListMeta, ObjectMeta } from 'kubescaffolder/runtime';
export interface Gadget extends KubernetesObject { spec?: { size?: string } }
export interface GadgetList { apiVersion?: string; kind?: string; metadata?: ListMeta; items: Gadget[] }
export interface MislabelledList { apiVersion?: string; kind?: string; metadata?: ObjectMeta; items: Gadget[] }
export interface OtherList extends KubernetesObject { items: Gadget[] }`,
    });
    expect(r.errors).toEqual([]);
    expect(r.crds.map((c) => c.spec.names.kind)).toEqual(['Gadget']);
    const schema = r.crds[0].spec.versions[0].schema!.openAPIV3Schema;
    expect(Object.keys(schema.properties!).sort()).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(schema.properties!.metadata).toEqual({ type: 'object' });
  });
});

describe('type mapping: Kubernetes built-in types from @kubernetes/client-node', () => {
  it('expands V1ObjectReference with descriptions, formats and no required fields', () => {
    const r = widget("import type { V1ObjectReference } from '@kubernetes/client-node';\nexport interface WidgetSpec { ref?: V1ObjectReference }");
    const ref = field(r.spec, 'ref')!;
    expect(ref.type).toBe('object');
    expect(ref.description).toMatch(/^ObjectReference contains enough information/);
    expect(ref.properties!.resourceVersion.type).toBe('string');
    expect(ref.required).toBeUndefined();
  });

  it('expands V1Condition with apimachinery validation and its required list', () => {
    const r = widget(
      "import type { V1Condition } from '@kubernetes/client-node';\nexport interface WidgetSpec {\n  // +listType=map\n  // +listMapKey=type\n  conditions?: V1Condition[];\n}",
    );
    const conditions = field(r.spec, 'conditions')!;
    expect(conditions['x-kubernetes-list-type']).toBe('map');
    expect(conditions['x-kubernetes-list-map-keys']).toEqual(['type']);
    const item = conditions.items!;
    expect(item.required).toEqual(['lastTransitionTime', 'message', 'reason', 'status', 'type']);
    expect(item.properties!.lastTransitionTime).toMatchObject({ type: 'string', format: 'date-time' });
    expect(item.properties!.observedGeneration).toMatchObject({ type: 'integer', format: 'int64', minimum: 0 });
    expect(item.properties!.status).toMatchObject({ type: 'string', enum: ['True', 'False', 'Unknown'] });
    expect(item.properties!.reason).toMatchObject({ maxLength: 1024, minLength: 1 });
  });

  it('gives Wire<model> (the model as JSON, timestamps as strings) the schema of the model', () => {
    const model = widget("import type { V1Condition, V1JobTemplateSpec } from '@kubernetes/client-node';\nexport interface WidgetSpec { conditions?: V1Condition[]; template?: V1JobTemplateSpec }");
    const wire = widget(
      "import type { V1Condition, V1JobTemplateSpec } from '@kubernetes/client-node';\nimport type { Wire } from 'kubescaffolder/runtime';\nexport interface WidgetSpec { conditions?: Wire<V1Condition>[]; template?: Wire<V1JobTemplateSpec> }",
    );
    expect(wire.errors).toEqual([]);
    expect(field(wire.spec, 'conditions')!.items!.properties!.lastTransitionTime).toMatchObject({ type: 'string', format: 'date-time' });
    expect(wire.spec).toEqual(model.spec);
  });

  it('gives IntOrString fields of models the int-or-string schema and int32 array items their format', () => {
    const r = widget("import type { V1HTTPGetAction, V1PodFailurePolicyOnExitCodesRequirement } from '@kubernetes/client-node';\nexport interface WidgetSpec { probe?: V1HTTPGetAction; codes?: V1PodFailurePolicyOnExitCodesRequirement }");
    expect(field(r.spec, 'probe')!.properties!.port).toMatchObject({ anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true });
    expect(field(r.spec, 'probe')!.required).toEqual(['port']);
    expect(field(r.spec, 'codes')!.properties!.values.items).toEqual({ type: 'integer', format: 'int32' });
  });

  it('treats client-node IntOrString like the runtime one', () => {
    const r = widget("import type { IntOrString } from '@kubernetes/client-node';\nexport interface WidgetSpec { port?: IntOrString }");
    expect(r.errors).toEqual([]);
    expect(field(r.spec, 'port')).toEqual({ anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true });
  });

  it('reports a client-node name that is not a model', () => {
    const r = widget("import type { V1NoSuchThing } from '@kubernetes/client-node';\nexport interface WidgetSpec { x?: V1NoSuchThing }");
    expect(r.errors.join('\n')).toContain('@kubernetes/client-node has no model V1NoSuchThing');
  });
});

describe('descriptions', () => {
  it('come from JSDoc or // lines, without markers, TODO lines or text after ---, keeping line breaks', () => {
    const r = widget(`export interface WidgetSpec {
  /**
   * Size of the widget.
   * TODO: make this a quantity
   * In bytes.
   * ---
   * Internal notes.
   */
  size?: string;

  // Colour of the widget.
  //
  // Any CSS name.
  // +kubebuilder:validation:MinLength=1
  colour?: string;
}`);
    expect(field(r.spec, 'size')!.description).toBe('Size of the widget.\nIn bytes.');
    expect(field(r.spec, 'colour')!.description).toBe('Colour of the widget.\n\nAny CSS name.');
    expect(field(r.spec, 'colour')!.minLength).toBe(1);
  });

  it('of a field without its own take the doc of its type; a field doc wins over the type doc', () => {
    const r = widget(`/** Inner is documented. */
export interface Inner { x?: string }
export interface WidgetSpec {
  plain?: Inner;
  /** Own doc. */
  documented?: Inner;
}`);
    expect(field(r.spec, 'plain')!.description).toBe('Inner is documented.');
    expect(field(r.spec, 'documented')!.description).toBe('Own doc.');
  });

  it('are dropped with maxDescLen 0 and truncated at a sentence end otherwise', () => {
    const src = 'export interface WidgetSpec {\n  /** First sentence here. Second sentence is longer. */\n  a?: string;\n}';
    expect(field(widget(src, { maxDescLen: 0 }).spec, 'a')).toEqual({ type: 'string' });
    expect(field(widget(src, { maxDescLen: 30 }).spec, 'a')!.description).toBe('First sentence here.');
  });
});
