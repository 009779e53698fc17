/**
 * One component schema of a Kubernetes OpenAPI document (v2 or v3) as the unflattened
 * JSONSchemaProps controller-gen would have derived from the Go type:
 *
 * - A reference to another component (`$ref`, or v3's `allOf: [{ $ref }]` with siblings) becomes a
 *   `$ref` the flatten pass resolves, its siblings kept: the use site's `description` is the
 *   field's own doc, which wins over the type's (as in controller-gen).
 * - Only keys a CRD's JSONSchemaProps holds are kept (x-kubernetes-list-type / list-map-keys /
 *   map-type, validations, formats, ...); x-kubernetes-group-version-kind, patch strategies,
 *   unions and the like are dropped.
 * - `enum`, which Kubernetes writes for its `+enum` string types and controller-gen does not
 *   emit for them, is dropped with the "Possible enum values:" paragraph kube-openapi appends
 *   to the description.
 * - `oneOf`/`anyOf` lists of bare types (how v3 documents spell types with several wire forms)
 *   are dropped; what has no type left then preserves unknown fields, as a structural schema must.
 * - Defaults: kube-openapi writes the zero value as the default of every non-pointer Go field,
 *   controller-gen only `+default=` markers. A default is kept unless it is `{}` or `[]` on a
 *   reference use site, array items or map values, a zero value (`""`, 0, false) on array items
 *   or map values, or a zero value on a property its object lists in `required`. So
 *   `ContainerPort.protocol: TCP` and the optional `LocalObjectReference.name: ""` stay,
 *   `CronJobSpec.schedule: ""` (required) goes.
 * - Descriptions stay as the document has them: Kubernetes joins a paragraph's lines with spaces
 *   (paragraphs are separated by a blank line), so the Go comment's line breaks cannot be
 *   recovered from this source either.
 */
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import { cloneJson } from './json-schema.js';
import { componentOfRef, type OpenApiSchema } from './kube-openapi-documents.js';
import { isJsonObject } from '../../../kube/json-values.js';

/** Keys copied as they are (their values are plain JSON). */
const COPIED_KEYS = new Set([
  'type',
  'format',
  'title',
  'example',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'nullable',
  'externalDocs',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-validations',
]);

/** Where a schema stands in its parent: the kind of default it may carry depends on it. */
type Position = 'type' | 'property' | 'required-property' | 'items' | 'values';

/** The paragraph kube-openapi (and client-node, generated from it) appends to an `+enum` field's description. */
export const ENUM_PARAGRAPH = /(?:^|\n\n)Possible enum values:\n[\s\S]*$/;

function isEmptyContainer(v: unknown): boolean {
  return Array.isArray(v) ? v.length === 0 : isJsonObject(v) && Object.keys(v).length === 0;
}

function isZero(v: unknown): boolean {
  return v === '' || v === 0 || v === false;
}

function keepDefault(value: unknown, position: Position, referenceUseSite: boolean): boolean {
  if (isEmptyContainer(value) && (referenceUseSite || position === 'items' || position === 'values')) return false;
  if (isZero(value) && (position === 'required-property' || position === 'items' || position === 'values')) return false;
  return true;
}

/** The component a use site refers to: `{ $ref }` (v2) or `{ allOf: [{ $ref }] }` (v3), siblings aside. */
function referenceOf(schema: OpenApiSchema): string | undefined {
  if (typeof schema.$ref === 'string') return componentOfRef(schema.$ref);
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && isJsonObject(allOf[0]) && typeof allOf[0].$ref === 'string' && Object.keys(allOf[0]).length === 1) {
    return componentOfRef(allOf[0].$ref);
  }
  return undefined;
}

/** A `oneOf`/`anyOf` whose branches only name types (`[{ type: integer }, { type: string }]`). */
function isTypeList(v: unknown): boolean {
  return Array.isArray(v) && v.every((b) => isJsonObject(b) && Object.keys(b).every((k) => k === 'type' || k === 'format'));
}

export class ComponentConverter {
  /** `refTo(component)`: the reference id for a component a `$ref` names. */
  constructor(private readonly refTo: (component: string) => string) {}

  /** The unflattened schema of one component. */
  convert(component: OpenApiSchema): JSONSchemaProps {
    return this.node(component, 'type');
  }

  private node(schema: OpenApiSchema, position: Position): JSONSchemaProps {
    const out: JSONSchemaProps = {};
    const target = referenceOf(schema);
    if (target !== undefined) out.$ref = this.refTo(target);
    let droppedTypeList = false;
    for (const [key, value] of Object.entries(schema)) {
      switch (key) {
        case '$ref':
          continue;
        case 'allOf':
          if (target === undefined && Array.isArray(value)) out.allOf = value.filter(isJsonObject).map((s) => this.node(s, 'type'));
          continue;
        case 'oneOf':
        case 'anyOf':
          if (isTypeList(value)) droppedTypeList = true;
          else if (Array.isArray(value)) out[key] = value.filter(isJsonObject).map((s) => this.node(s, 'type'));
          continue;
        case 'not':
          if (isJsonObject(value)) out.not = this.node(value, 'type');
          continue;
        case 'description': {
          const text = typeof value === 'string' ? value.replace(ENUM_PARAGRAPH, '').trim() : '';
          if (text) out.description = text;
          continue;
        }
        case 'properties': {
          if (!isJsonObject(value)) continue;
          const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
          const props: Record<string, JSONSchemaProps> = Object.create(null) as Record<string, JSONSchemaProps>; // `__proto__` is a name like any other
          for (const [name, prop] of Object.entries(value)) {
            if (isJsonObject(prop)) props[name] = this.node(prop, required.has(name) ? 'required-property' : 'property');
          }
          out.properties = props;
          continue;
        }
        case 'required':
          if (Array.isArray(value) && value.length > 0) out.required = [...new Set(value.map(String))].sort();
          continue;
        case 'items':
          if (isJsonObject(value)) out.items = this.node(value, 'items');
          continue;
        case 'additionalProperties':
          if (typeof value === 'boolean') out.additionalProperties = value;
          else if (isJsonObject(value)) out.additionalProperties = this.node(value, 'values');
          continue;
        case 'default':
          if (keepDefault(value, position, target !== undefined)) out.default = cloneJson(value);
          continue;
        default:
          if (COPIED_KEYS.has(key)) (out as Record<string, unknown>)[key] = cloneJson(value);
      }
    }
    if (droppedTypeList && out.type === undefined && out.$ref === undefined && !out['x-kubernetes-int-or-string']) {
      out['x-kubernetes-preserve-unknown-fields'] = true;
    }
    return out;
  }
}
