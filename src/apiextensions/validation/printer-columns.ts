/**
 * additionalPrinterColumns and the scale subresource's paths (apiextensions validation): column
 * types and formats from fixed lists, JSONPaths simple dotted paths. Paths name the internal
 * field (`JSONPath`), as the API server reports them.
 */
import { invalid, required, type FieldCause } from '../../kube/field-errors.js';
import { asObject, asString } from './crd-object.js';

/** The column types and formats kube-apiserver accepts, sorted as its sets print them. */
export const PRINTER_COLUMN_TYPES = ['boolean', 'date', 'integer', 'number', 'string'];
export const PRINTER_COLUMN_FORMATS = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];

/** validateSimpleJSONPath. */
export function validateSimpleJSONPath(value: string, path: string): FieldCause[] {
  if (value === '') return [invalid(path, value, 'must not be empty')];
  if (!value.startsWith('.')) return [invalid(path, value, 'must be a simple json path starting with .')];
  return [];
}

export function validatePrinterColumn(raw: unknown, path: string): FieldCause[] {
  const col = asObject(raw);
  const out: FieldCause[] = [];
  if (asString(col.name) === '') out.push(required(`${path}.name`));
  const type = asString(col.type);
  const oneOfTypes = `must be one of ${PRINTER_COLUMN_TYPES.join(',')}`;
  if (type === '') out.push(required(`${path}.type`, oneOfTypes));
  else if (!PRINTER_COLUMN_TYPES.includes(type)) out.push(invalid(`${path}.type`, type, oneOfTypes));
  const format = asString(col.format);
  if (format !== '' && !PRINTER_COLUMN_FORMATS.includes(format)) out.push(invalid(`${path}.format`, format, `must be one of ${PRINTER_COLUMN_FORMATS.join(',')}`));
  const jsonPath = asString(col.jsonPath);
  if (jsonPath === '') out.push(required(`${path}.JSONPath`));
  else out.push(...validateSimpleJSONPath(jsonPath, `${path}.JSONPath`));
  return out;
}

/** ValidateCustomResourceDefinitionSubresources: the scale subresource's paths. */
export function validateSubresources(raw: unknown, path: string): FieldCause[] {
  const scale = asObject(raw).scale;
  if (scale === undefined || scale === null) return [];
  const s = asObject(scale);
  const out: FieldCause[] = [];
  const under = (key: string, prefixes: string[], detail: string) => {
    const value = asString(s[key]);
    const where = `${path}.scale.${key}`;
    if (value === '') return key === 'labelSelectorPath' ? undefined : out.push(required(where));
    const errs = validateSimpleJSONPath(value, where);
    if (errs.length > 0) out.push(...errs);
    else if (!prefixes.some((p) => value.startsWith(p))) out.push(invalid(where, value, detail));
  };
  under('specReplicasPath', ['.spec.'], 'should be a json path under .spec');
  under('statusReplicasPath', ['.status.'], 'should be a json path under .status');
  under('labelSelectorPath', ['.spec.', '.status.'], 'should be a json path under either .spec or .status');
  return out;
}
