/**
 * selectableFields of a CRD version (ValidateCustomResourceSelectableFields): each a simple path
 * (no array notation) to a string, boolean or integer field of the schema, outside metadata,
 * unique, at most 8.
 */
import { duplicate, invalid, required, tooMany, type FieldCause } from '../../kube/field-errors.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import { asObject, asString } from './crd-object.js';

export const MAX_SELECTABLE_FIELDS = 8;

/** cel.ValidFieldPath without array notation: the path's segments and the schema it ends at. */
function resolveFieldPath(jsonPath: string, schema: JSONSchemaProps): { segments: string[]; schema: JSONSchemaProps } | string {
  const tokens = jsonPath.split(/([.[\]])/).filter((t) => t !== '');
  const segments: string[] = [];
  let node = schema;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (tok === '[') return 'array notation is not allowed';
    if (tok !== '.') return `expected [ or . but got: ${tok}`;
    const name = tokens[++i];
    if (name === undefined) return 'unexpected end of JSON path';
    if (node.properties) {
      const next = node.properties[name];
      if (!next) return 'does not refer to a valid field';
      node = next;
    } else if (typeof node.additionalProperties === 'object') {
      node = node.additionalProperties;
    } else return 'does not refer to a valid field';
    segments.push(name);
  }
  return { segments, schema: node };
}

/** The selectable fields `fields` of a schema (the version's, or the top-level one all versions share). */
export function validateSelectableFields(fields: unknown[], schema: JSONSchemaProps, path: string): FieldCause[] {
  const out: FieldCause[] = [];
  const unique = new Set<string>();
  fields.forEach((raw, i) => {
    const at = `${path}[${i}].jsonPath`;
    const jsonPath = asString(asObject(raw).jsonPath);
    if (jsonPath === '') {
      out.push(required(at));
      return;
    }
    const resolved = resolveFieldPath(jsonPath, schema);
    if (typeof resolved === 'string') {
      out.push(invalid(at, jsonPath, `is an invalid path: ${resolved}`));
      return;
    }
    if (resolved.segments[0] === 'metadata') out.push(invalid(at, jsonPath, 'must not point to fields in metadata'));
    if (!['string', 'boolean', 'integer'].includes(resolved.schema.type ?? '')) {
      out.push(invalid(at, jsonPath, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'));
    }
    const key = resolved.segments.join('.');
    if (unique.has(key)) out.push(duplicate(at, jsonPath));
    else unique.add(key);
  });
  if (unique.size > MAX_SELECTABLE_FIELDS) out.push(tooMany(path, unique.size, MAX_SELECTABLE_FIELDS));
  return out;
}
