/**
 * A validation rule's fieldPath (`.spec.x`, `.m['a.b']`) checked against the schema holding the
 * rule, as apiextensions-apiserver's ValidFieldPath does: each step names a property or a map
 * key, list indices are not allowed. The result is the path in apimachinery's field-path
 * notation (`spec.x`, `m[a.b]`), or an Error saying what is wrong.
 */
import type { JSONSchemaProps } from '../json-schema-props.js';

export function resolveFieldPath(fieldPath: string, schema: JSONSchemaProps): string | Error {
  let out = '';
  let rest = fieldPath;
  let current: JSONSchemaProps | undefined = schema;
  while (rest.length > 0) {
    let m: RegExpExecArray | null;
    let name: string;
    if ((m = /^\.([A-Za-z_][A-Za-z0-9_-]*)/.exec(rest))) name = m[1]!;
    else if ((m = /^\['((?:[^'\\]|\\.)*)'\]/.exec(rest))) name = m[1].replace(/\\(.)/g, '$1');
    else if (/^\[\d*\]/.test(rest)) return new Error('array notation is not allowed');
    else return new Error(`expected [ or . but got: ${rest}`);
    const property: JSONSchemaProps | undefined = current?.properties?.[name];
    const additional: JSONSchemaProps | undefined = typeof current?.additionalProperties === 'object' ? current.additionalProperties : undefined;
    const next: JSONSchemaProps | undefined = property ?? additional;
    if (!next) return new Error('does not refer to a valid field');
    out = property ? (out === '' ? name : `${out}.${name}`) : `${out}[${name}]`;
    current = next;
    rest = rest.slice(m[0].length);
  }
  return out;
}
