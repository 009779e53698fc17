/**
 * The markers the CRD generator understands, with controller-gen's argument names and targets.
 * `registerCrdMarkers` puts them in the shared registry.
 */
import type { ArgSpec, MarkerDefinition, MarkerRegistry, MarkerTarget } from '../../markers/index.js';
import { ITEMS_PREFIX, VALIDATION_MARKER_NAMES, VALIDATION_PREFIX } from './schema-markers.js';

type Def = Omit<MarkerDefinition, 'target'> & { targets: readonly MarkerTarget[] };

const str: ArgSpec = { type: 'string' };
const optStr: ArgSpec = { type: 'string', optional: true };
const FT: readonly MarkerTarget[] = ['field', 'type'];

const VALIDATION_VALUES: Record<string, Omit<MarkerDefinition, 'target' | 'name'>> = {
  Maximum: { value: { type: 'number' }, help: 'the maximum numeric value' },
  Minimum: { value: { type: 'number' }, help: 'the minimum numeric value' },
  ExclusiveMaximum: { value: { type: 'bool' }, help: 'the maximum is not included' },
  ExclusiveMinimum: { value: { type: 'bool' }, help: 'the minimum is not included' },
  MultipleOf: { value: { type: 'number' }, help: 'the value must be a multiple of this one' },
  MinProperties: { value: { type: 'int' }, help: 'the minimum number of keys of an object' },
  MaxProperties: { value: { type: 'int' }, help: 'the maximum number of keys of an object' },
  MaxLength: { value: { type: 'int' }, help: 'the maximum length of a string' },
  MinLength: { value: { type: 'int' }, help: 'the minimum length of a string' },
  Pattern: { value: { type: 'string' }, help: 'a regular expression the string must match' },
  MaxItems: { value: { type: 'int' }, help: 'the maximum length of a list' },
  MinItems: { value: { type: 'int' }, help: 'the minimum length of a list' },
  UniqueItems: { value: { type: 'bool' }, help: 'all items of the list must be unique' },
  Enum: { value: { type: { slice: 'any' } }, help: 'the exact values allowed' },
  Format: { value: { type: 'string' }, help: 'the OpenAPI format' },
  Type: { value: { type: 'string' }, help: 'overrides the schema type' },
  XPreserveUnknownFields: { help: 'keep fields the schema does not name' },
  XEmbeddedResource: { help: 'the value is an embedded Kubernetes object' },
  XIntOrString: { help: 'the value is an integer or a string' },
  XValidation: {
    args: {
      rule: str,
      message: optStr,
      messageExpression: optStr,
      reason: optStr,
      fieldPath: optStr,
      optionalOldSelf: { type: 'bool', optional: true },
    },
    help: 'a CEL validation rule (x-kubernetes-validations)',
  },
};

function definitions(): Def[] {
  const defs: Def[] = [];
  for (const name of VALIDATION_MARKER_NAMES) {
    const spec = VALIDATION_VALUES[name]!;
    defs.push({ name: VALIDATION_PREFIX + name, targets: FT, ...spec });
    defs.push({ name: ITEMS_PREFIX + name, targets: FT, ...spec, help: `for array items: ${spec.help ?? ''}` });
  }
  const oneOf = (name: string, help: string): Def => ({ name, targets: ['type'], value: { type: { slice: 'string' } }, help });
  defs.push(
    oneOf('kubebuilder:validation:AtMostOneOf', 'at most one of the listed fields may be set'),
    oneOf('kubebuilder:validation:ExactlyOneOf', 'exactly one of the listed fields must be set'),
    oneOf('kubebuilder:validation:AtLeastOneOf', 'at least one of the listed fields must be set'),
    { name: 'k8s:enum', targets: ['type', 'field'], help: 'the string constants of this type are its enum values' },
    { name: 'kubebuilder:validation:Required', targets: ['field', 'package'], help: 'the field is required (on a package: fields are required by default)' },
    { name: 'kubebuilder:validation:Optional', targets: ['field', 'package'], help: 'the field is optional (on a package: fields are optional by default)' },
    { name: 'required', targets: ['field'], help: 'the field is required' },
    { name: 'optional', targets: ['field'], help: 'the field is optional' },
    { name: 'k8s:required', targets: ['field'], help: 'the field is required' },
    { name: 'k8s:optional', targets: ['field'], help: 'the field is optional' },
    { name: 'nullable', targets: ['field'], help: 'the field accepts null' },
    { name: 'kubebuilder:default', targets: ['field'], value: { type: 'any' }, help: 'the default value' },
    { name: 'default', targets: ['field'], value: { type: 'raw' }, help: 'the default value, as JSON' },
    { name: 'kubebuilder:example', targets: ['field'], value: { type: 'any' }, help: 'an example value' },
    { name: 'kubebuilder:validation:EmbeddedResource', targets: ['field'], help: 'the value is an embedded Kubernetes object' },
    { name: 'kubebuilder:validation:Schemaless', targets: ['field'], help: 'emit no schema for this field' },
    { name: 'k8s:immutable', targets: ['field'], help: 'the field cannot change once set' },
    { name: 'kubebuilder:pruning:PreserveUnknownFields', targets: FT, help: 'keep fields the schema does not name' },
    { name: 'kubebuilder:title', targets: FT, value: { type: 'any' }, help: 'the schema title' },
    { name: 'listType', targets: FT, value: str, help: 'atomic, set or map' },
    { name: 'k8s:listType', targets: FT, value: str, help: 'atomic, set or map' },
    { name: 'listMapKey', targets: FT, value: str, help: 'a key of an associative list' },
    { name: 'k8s:listMapKey', targets: FT, value: str, help: 'a key of an associative list' },
    { name: 'mapType', targets: FT, value: str, help: 'atomic or granular' },
    { name: 'structType', targets: FT, value: str, help: 'atomic or granular' },
    { name: 'kubebuilder:externalDocs', targets: FT, args: { url: str, description: optStr }, help: 'a link to more documentation' },
    // CRD markers
    { name: 'groupName', targets: ['package'], value: { type: 'string' }, help: 'the API group of the package (`+groupName=` is the core group)' },
    { name: 'versionName', targets: ['package'], value: str, help: 'the API version of the package (default: the folder name)' },
    { name: 'kubebuilder:skip', targets: ['package'], help: 'generate no CRDs for this package' },
    { name: 'kubebuilder:object:root', targets: ['type'], value: { type: 'bool', optional: true }, help: 'a kind or a kind list' },
    { name: 'kubebuilder:subresource:status', targets: ['type'], help: 'enable the status subresource' },
    {
      name: 'kubebuilder:subresource:scale',
      targets: ['type'],
      args: { specpath: str, statuspath: str, selectorpath: optStr },
      help: 'enable the scale subresource',
    },
    {
      name: 'kubebuilder:printcolumn',
      targets: ['type'],
      args: { name: str, type: str, JSONPath: str, description: optStr, format: optStr, priority: { type: 'int', optional: true } },
      help: 'an additional printer column',
    },
    {
      name: 'kubebuilder:resource',
      targets: ['type'],
      args: {
        path: optStr,
        shortName: { type: { slice: 'string' }, optional: true },
        categories: { type: { slice: 'string' }, optional: true },
        singular: optStr,
        scope: optStr,
      },
      help: 'resource names and scope',
    },
    { name: 'kubebuilder:storageversion', targets: ['type'], help: 'this version is the storage version' },
    { name: 'kubebuilder:skipversion', targets: ['type'], help: 'leave this version out of the CRD' },
    { name: 'kubebuilder:unservedversion', targets: ['type'], help: 'this version is not served' },
    { name: 'kubebuilder:deprecatedversion', targets: ['type'], args: { warning: optStr }, help: 'this version is deprecated' },
    {
      name: 'kubebuilder:metadata',
      targets: ['type'],
      args: { annotations: { type: { slice: 'string' }, optional: true }, labels: { type: { slice: 'string' }, optional: true } },
      help: 'annotations and labels of the CRD object',
    },
    { name: 'kubebuilder:selectablefield', targets: ['type'], args: { JSONPath: str }, help: 'a field usable in field selectors' },
  );
  return defs;
}

/** Defines every marker the CRD generator reads in the given registry. */
export function registerCrdMarkers(registry: MarkerRegistry): void {
  for (const { targets, ...def } of definitions()) registry.defineFor(targets, def);
}
