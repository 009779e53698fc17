/**
 * Structural-schema validation with kube-openapi's rules and wording, converted to field errors as
 * apiextensions-apiserver does. Checks run per node in kube-openapi's order (type, allOf/anyOf/
 * oneOf/not, string, format, number, array, enum, object) and each produces the same message:
 * `Invalid value: 5: spec.replicas in body should be less than or equal to 3`.
 *
 * On update, a value equal to its correlated old value is not re-validated (CRD validation
 * ratcheting, on by default since Kubernetes 1.30).
 */
import { goFloat, goJSON, goQuote, isGoInt } from '../../kube/go-format.js';
import { invalid, notSupported, required, tooLong, tooMany, typeInvalid, ROOT_FIELD, type FieldCause } from '../../kube/field-errors.js';
import type { SchemaNode } from './node.js';
import { deepEqual } from '../../kube/json-values.js';
import { correlateListItem } from './values.js';

const IN = 'body';

/** The error's field: kube-openapi's dotted name with the leading dot trimmed. */
function fieldOf(name: string): string {
  if (name === '' || name === '.') return ROOT_FIELD;
  return name.startsWith('.') ? name.slice(1) : name;
}

/** The JSON schema type and Go-decoded format of a value. */
function valueType(value: unknown): { type: string; format: string } {
  if (typeof value === 'string') return { type: 'string', format: '' };
  if (typeof value === 'boolean') return { type: 'boolean', format: '' };
  if (typeof value === 'number') return isGoInt(value) ? { type: 'integer', format: 'int64' } : { type: 'number', format: 'float64' };
  if (Array.isArray(value)) return { type: 'array', format: '' };
  return { type: 'object', format: '' };
}

/** A bound printed as Go does: int64 when the value is, else float64. */
function bound(n: number, asInt: boolean): string {
  return asInt ? String(Math.trunc(n)) : goFloat(n);
}

function checkType(node: SchemaNode, value: unknown, name: string, out: FieldCause[]): void {
  const { types, format: schemaFormat } = node;
  if (types.length === 0 && schemaFormat === '') return;
  const { type, format } = valueType(value);
  const isIntFloat = type === 'integer' && types.includes('number');
  const kindIsStringOrSlice = type === 'string' || type === 'array';
  const isLowerInt = schemaFormat === 'int64' && format === 'int32';
  if (!kindIsStringOrSlice && schemaFormat !== '' && !(types.includes(type) || format === schemaFormat || isIntFloat || isLowerInt)) {
    out.push(typeInvalid(fieldOf(name), format, `${name} in ${IN} must be of type ${schemaFormat}: ${goQuote(format)}`));
    return;
  }
  if (!(types.includes('number') || types.includes('integer')) && schemaFormat !== '' && kindIsStringOrSlice) return;
  if (!(types.includes(type) || isIntFloat)) {
    out.push(typeInvalid(fieldOf(name), type, `${name} in ${IN} must be of type ${types.join(',')}: ${goQuote(type)}`));
  }
}

function checkString(node: SchemaNode, value: string, name: string, out: FieldCause[]): void {
  const { maxLength, minLength } = node.schema;
  const length = [...value].length;
  if (maxLength !== undefined && length > maxLength) {
    out.push(tooLong(fieldOf(name), maxLength));
    return;
  }
  if (minLength !== undefined && length < minLength) {
    out.push(invalid(fieldOf(name), value, `${name} in ${IN} should be at least ${minLength} chars long`));
    return;
  }
  if (node.pattern && !node.pattern.test(value)) {
    out.push(invalid(fieldOf(name), value, `${name} in ${IN} should match '${node.schema.pattern}'`));
  }
}

function checkFormat(node: SchemaNode, value: string, name: string, out: FieldCause[]): void {
  if (node.formatCheck && !node.formatCheck(value)) {
    out.push(typeInvalid(fieldOf(name), value, `${name} in ${IN} must be of type ${node.format}: ${goQuote(value)}`));
  }
}

const int32Range = (n: number) => n >= -2147483648 && n <= 2147483647;

function checkNumber(node: SchemaNode, value: number, name: string, out: FieldCause[]): void {
  const { multipleOf, minimum, maximum, exclusiveMinimum, exclusiveMaximum } = node.schema;
  const typeName = node.types.length === 1 ? node.types[0] : '';
  const format = typeName === 'integer' && (node.format === 'int32' || node.format === 'int64') ? node.format : '';
  const dataIsInt = isGoInt(value);
  // kube-openapi checks the value and each bound fit the schema's integer type and format.
  const rangeError = (n: number, prefix: string): string | undefined => {
    if (typeName !== 'integer') return undefined;
    const fits = Number.isInteger(n) && (format === 'int32' ? int32Range(n) : Number.isSafeInteger(n));
    if (fits) return undefined;
    return format !== ''
      ? `${prefix} value must be of type integer with format ${format} in ${name}`
      : `${prefix} value must be of type integer (default format) in ${name}`;
  };
  const checked = rangeError(value, 'Checked');
  if (checked) out.push(invalid(ROOT_FIELD, '', checked));

  if (multipleOf !== undefined) {
    const boundError = rangeError(multipleOf, 'MultipleOf');
    if (boundError) out.push(invalid(ROOT_FIELD, '', boundError));
    const asInt = dataIsInt && !boundError;
    const factor = asInt ? Math.trunc(multipleOf) : multipleOf;
    if (factor <= 0) {
      out.push(invalid(fieldOf(name), factor, `factor MultipleOf declared for ${name} must be positive: ${bound(factor, asInt)}`));
    } else {
      const ratio = factor < 1 ? (1 / factor) * value : value / factor;
      const ok = asInt ? value % factor === 0 : Number.isInteger(ratio);
      if (!ok) out.push(invalid(fieldOf(name), value, `${name} in ${IN} should be a multiple of ${bound(factor, asInt)}`));
    }
  }
  if (minimum !== undefined) {
    const boundError = rangeError(minimum, 'Minimum boundary');
    if (boundError) out.push(invalid(ROOT_FIELD, '', boundError));
    const asInt = dataIsInt && !boundError;
    const min = asInt ? Math.trunc(minimum) : minimum;
    if (exclusiveMinimum ? value <= min : value < min) {
      const relation = exclusiveMinimum ? 'greater than' : 'greater than or equal to';
      out.push(invalid(fieldOf(name), value, `${name} in ${IN} should be ${relation} ${bound(min, asInt)}`));
    }
  }
  if (maximum !== undefined) {
    const boundError = rangeError(maximum, 'Maximum boundary');
    if (boundError) out.push(invalid(ROOT_FIELD, '', boundError));
    const asInt = dataIsInt && !boundError;
    const max = asInt ? Math.trunc(maximum) : maximum;
    if (exclusiveMaximum ? value >= max : value > max) {
      const relation = exclusiveMaximum ? 'less than' : 'less than or equal to';
      out.push(invalid(fieldOf(name), value, `${name} in ${IN} should be ${relation} ${bound(max, asInt)}`));
    }
  }
}

function checkEnum(node: SchemaNode, value: unknown, name: string, out: FieldCause[]): void {
  const values = node.schema.enum;
  if (!values || values.length === 0) return;
  if (value !== null && value !== undefined && values.some((v) => deepEqual(v, value))) return;
  const supported = values.map((v) => (typeof v === 'string' ? v : goJSON(v)));
  out.push(notSupported(fieldOf(name), value ?? null, supported));
}

export function validateValue(node: SchemaNode, value: unknown, name: string, old: unknown, out: FieldCause[]): void {
  if (old !== undefined && deepEqual(value, old)) return;
  if (value === null || value === undefined) {
    if (node.types.length > 0 && !node.schema.nullable) {
      out.push(typeInvalid(fieldOf(name), 'null', `${name} in ${IN} must be of type ${node.types.join(',')}: "null"`));
    }
    checkEnum(node, value, name, out);
    return;
  }
  checkType(node, value, name, out);
  checkComposition(node, value, name, out);
  if (typeof value === 'string') {
    checkString(node, value, name, out);
    checkFormat(node, value, name, out);
  }
  if (typeof value === 'number') checkNumber(node, value, name, out);
  if (Array.isArray(value)) checkArray(node, value, name, Array.isArray(old) ? old : undefined, out);
  checkEnum(node, value, name, out);
  if (typeof value === 'object' && !Array.isArray(value)) {
    const oldObj = old !== null && typeof old === 'object' && !Array.isArray(old) ? (old as Record<string, unknown>) : undefined;
    checkObject(node, value as Record<string, unknown>, name, oldObj, out);
  }
}

function checkArray(node: SchemaNode, value: unknown[], name: string, old: unknown[] | undefined, out: FieldCause[]): void {
  const { minItems, maxItems, uniqueItems } = node.schema;
  if (node.items) {
    for (let i = 0; i < value.length; i++) {
      const oldItem = old ? correlateListItem(node, value[i], old) : undefined;
      validateValue(node.items, value[i], `${name}[${i}]`, oldItem, out);
    }
  }
  if (minItems !== undefined && value.length < minItems) {
    out.push(invalid(fieldOf(name), value.length, `${name} in ${IN} should have at least ${minItems} items`));
  }
  if (maxItems !== undefined && value.length > maxItems) out.push(tooMany(fieldOf(name), value.length, maxItems));
  if (uniqueItems && value.some((v, i) => value.slice(0, i).some((u) => deepEqual(u, v)))) {
    out.push(invalid(fieldOf(name), '', `${name} in ${IN} shouldn't contain duplicates`));
  }
}

function checkObject(node: SchemaNode, value: Record<string, unknown>, name: string, old: Record<string, unknown> | undefined, out: FieldCause[]): void {
  const { minProperties, maxProperties } = node.schema;
  const keys = Object.keys(value);
  if (minProperties !== undefined && keys.length < minProperties) {
    out.push(invalid(fieldOf(name), keys.length, `${name} in ${IN} should have at least ${minProperties} properties`));
  }
  if (maxProperties !== undefined && keys.length > maxProperties) out.push(tooMany(fieldOf(name), keys.length, maxProperties));

  if (node.additionalPropertiesForbidden) {
    for (const key of keys) {
      if (!node.properties?.has(key)) out.push(invalid(fieldOf(name), key, `${name}.${key} in ${IN} is a forbidden property`));
    }
  } else if (node.additionalProperties) {
    for (const key of keys) {
      if (node.properties?.has(key)) continue;
      validateValue(node.additionalProperties, value[key], `${name}.${key}`, old?.[key], out);
    }
  }
  if (node.properties) {
    for (const [prop, child] of node.properties) {
      if (!(prop in value)) continue;
      validateValue(child, value[prop], name === '' ? prop : `${name}.${prop}`, old?.[prop], out);
    }
  }
  for (const key of node.schema.required ?? []) {
    if (!(key in value)) out.push(required(fieldOf(`${name}.${key}`)));
  }
}

function checkComposition(node: SchemaNode, value: unknown, name: string, out: FieldCause[]): void {
  const run = (sub: SchemaNode): FieldCause[] => {
    const errs: FieldCause[] = [];
    validateValue(sub, value, name, undefined, errs);
    return errs;
  };
  const quoted = goQuote(name);
  if (node.anyOf.length > 0) {
    let best: FieldCause[] | undefined;
    let matched = false;
    for (const sub of node.anyOf) {
      const errs = run(sub);
      if (errs.length === 0) {
        matched = true;
        best = undefined;
        break;
      }
      if (!best || errs.length < best.length) best = errs;
    }
    if (!matched) out.push(invalid(ROOT_FIELD, '', `${quoted} must validate at least one schema (anyOf)`));
    if (best) out.push(...best);
  }
  if (node.oneOf.length > 0) {
    let validated = 0;
    let best: FieldCause[] | undefined;
    for (const sub of node.oneOf) {
      const errs = run(sub);
      if (errs.length === 0) validated++;
      else if (validated === 0 && (!best || errs.length < best.length)) best = errs;
    }
    if (validated !== 1) {
      const extra = validated === 0 ? 'Found none valid' : `Found ${validated} valid alternatives`;
      out.push(invalid(ROOT_FIELD, '', `${quoted} must validate one and only one schema (oneOf). ${extra}`));
      if (validated === 0 && best) out.push(...best);
    }
  }
  if (node.allOf.length > 0) {
    let validated = 0;
    for (const sub of node.allOf) {
      const errs = run(sub);
      if (errs.length === 0) validated++;
      out.push(...errs);
    }
    if (validated !== node.allOf.length) {
      out.push(invalid(ROOT_FIELD, '', `${quoted} must validate all the schemas (allOf)${validated === 0 ? '. None validated' : ''}`));
    }
  }
  if (node.not && run(node.not).length === 0) {
    out.push(invalid(ROOT_FIELD, '', `${quoted} must not validate the schema (not)`));
  }
}
