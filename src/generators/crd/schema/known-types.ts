/**
 * The table of known types: types whose schema is not derived from their declaration, as
 * controller-gen's known_types.go overrides metav1.Time, resource.Quantity and friends.
 */
import { cloneJson } from './json-schema.js';
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import { QUANTITY_PATTERN } from '../../../kube/quantity.js';

/** The value types exported by kubescaffolder/runtime (src/runtime/api/types.ts), by alias name. */
const RUNTIME_TYPES: Record<string, JSONSchemaProps> = {
  int: { type: 'integer' },
  int32: { type: 'integer', format: 'int32' },
  int64: { type: 'integer', format: 'int64' },
  Time: { type: 'string', format: 'date-time' },
  MicroTime: { type: 'string', format: 'date-time' },
  Duration: { type: 'string' },
  Quantity: {
    anyOf: [{ type: 'integer' }, { type: 'string' }],
    pattern: QUANTITY_PATTERN,
    'x-kubernetes-int-or-string': true,
  },
  IntOrString: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true },
  RawExtension: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
  JSONValue: { 'x-kubernetes-preserve-unknown-fields': true },
  ObjectMeta: { type: 'object' },
  ListMeta: { type: 'object' },
};

/** Runtime aliases that are Go basic types: inlined at the use site, never a reference. */
export const BASIC_RUNTIME_TYPES = new Set(['int', 'int32', 'int64']);

export function runtimeTypeSchema(name: string): JSONSchemaProps | undefined {
  const s = RUNTIME_TYPES[name];
  return s ? cloneJson(s) : undefined;
}

/** client-node models that stand for apimachinery types controller-gen treats as known. */
const MODEL_SCHEMAS: Record<string, JSONSchemaProps> = {
  V1ObjectMeta: { type: 'object' },
  V1ListMeta: { type: 'object' },
  // client-node's own alias `IntOrString = number | string`.
  IntOrString: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true },
  // client-node's interface for any object: TypeMeta and ObjectMeta, as a kind embeds them.
  KubernetesObject: {
    type: 'object',
    properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' } },
  },
};

export function knownModelSchema(name: string): JSONSchemaProps | undefined {
  return MODEL_SCHEMAS[name];
}

/**
 * Components of Kubernetes' OpenAPI documents that stand for the same apimachinery types, by
 * component name: their schema is the known one, whatever the document says (v3 documents wrap
 * Quantity and IntOrString in `oneOf`, which a structural CRD schema cannot hold).
 */
const COMPONENT_SCHEMAS: Record<string, JSONSchemaProps> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': RUNTIME_TYPES.Quantity,
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': RUNTIME_TYPES.IntOrString,
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': RUNTIME_TYPES.Time,
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': RUNTIME_TYPES.MicroTime,
  'io.k8s.apimachinery.pkg.apis.meta.v1.Duration': RUNTIME_TYPES.Duration,
  'io.k8s.apimachinery.pkg.runtime.RawExtension': RUNTIME_TYPES.RawExtension,
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': RUNTIME_TYPES.ObjectMeta,
  'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta': RUNTIME_TYPES.ListMeta,
  'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1': { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON': RUNTIME_TYPES.JSONValue,
};

/** The known schema of an OpenAPI component (a fresh copy), or undefined for other components. */
export function knownComponentSchema(component: string): JSONSchemaProps | undefined {
  const s = COMPONENT_SCHEMAS[component];
  return s ? cloneJson(s) : undefined;
}

/**
 * Validation that apimachinery declares with kubebuilder markers on metav1.Condition in its Go
 * source; no published OpenAPI document or client model carries it, so it is stated here.
 */
export function modelOverlay(name: string, schema: JSONSchemaProps): void {
  if (name !== 'V1Condition' || !schema.properties) return;
  const p = schema.properties;
  if (p.message) p.message.maxLength = 32768;
  if (p.observedGeneration) p.observedGeneration.minimum = 0;
  if (p.reason) Object.assign(p.reason, { maxLength: 1024, minLength: 1, pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$' });
  if (p.status) p.status.enum = ['True', 'False', 'Unknown'];
  if (p.type) {
    Object.assign(p.type, {
      maxLength: 316,
      pattern: '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$',
    });
  }
}

const OBJECT_META_REFERENCE = /^(?:runtime:ObjectMeta|k8s:V1ObjectMeta|[a-z-]+:io\.k8s\.apimachinery\.pkg\.apis\.meta\.v1\.ObjectMeta)$/;

/** Whether a reference id (of kubescaffolder/runtime or any built-in source) stands for metav1.ObjectMeta. */
export function isObjectMetaReference(id: string): boolean {
  return OBJECT_META_REFERENCE.test(id);
}

/**
 * metav1.ObjectMeta below a CRD's top level with controller-gen's
 * `crd:generateEmbeddedObjectMeta=true`: the fields a client may set on an embedded object
 * (controller-tools' allow-list); without the option it is a bare object.
 */
export function embeddedObjectMetaSchema(): JSONSchemaProps {
  const stringMap = (): JSONSchemaProps => ({ type: 'object', additionalProperties: { type: 'string' } });
  return {
    type: 'object',
    properties: {
      annotations: stringMap(),
      finalizers: { type: 'array', items: { type: 'string' } },
      labels: stringMap(),
      name: { type: 'string' },
      namespace: { type: 'string' },
    },
  };
}

/** metav1.TypeMeta's field docs: the descriptions of a kind's `apiVersion` and `kind` when they have none of their own. */
export const TYPE_META_DESCRIPTIONS: Record<'apiVersion' | 'kind', string> = {
  apiVersion: [
    'APIVersion defines the versioned schema of this representation of an object.',
    'Servers should convert recognized schemas to the latest internal value, and',
    'may reject unrecognized values.',
    'More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources',
  ].join('\n'),
  kind: [
    'Kind is a string value representing the REST resource this object represents.',
    'Servers may infer this from the endpoint the client submits requests to.',
    'Cannot be updated.',
    'In CamelCase.',
    'More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
  ].join('\n'),
};
