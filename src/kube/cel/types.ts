/**
 * CEL types as the type checker sees them, named as cel-go prints them in its errors
 * (`int`, `list(string)`, `map(string, int)`, `google.protobuf.Timestamp`, `optional_type(int)`).
 */

export type ScalarName = 'int' | 'uint' | 'double' | 'bool' | 'string' | 'bytes' | 'null_type' | 'google.protobuf.Timestamp' | 'google.protobuf.Duration';

export type CelType =
  | { readonly kind: 'scalar'; readonly name: ScalarName }
  | { readonly kind: 'dyn' }
  | { readonly kind: 'error' }
  | { readonly kind: 'list'; readonly elem: CelType }
  | { readonly kind: 'map'; readonly key: CelType; readonly value: CelType }
  /** A schema object: the fields its properties declare (by escaped name). */
  | { readonly kind: 'object'; readonly name: string; readonly fields: ReadonlyMap<string, CelType> }
  /** Library types without fields (`net.IP`, `kubernetes.Quantity`, `optional_type(T)`, `type(T)`). */
  | { readonly kind: 'opaque'; readonly name: string; readonly params: readonly CelType[] }
  | { readonly kind: 'param'; readonly name: string };

const scalar = (name: ScalarName): CelType => ({ kind: 'scalar', name });

export const INT = scalar('int');
export const UINT = scalar('uint');
export const DOUBLE = scalar('double');
export const BOOL = scalar('bool');
export const STRING = scalar('string');
export const BYTES = scalar('bytes');
export const NULL = scalar('null_type');
export const TIMESTAMP = scalar('google.protobuf.Timestamp');
export const DURATION = scalar('google.protobuf.Duration');
export const DYN: CelType = { kind: 'dyn' };
export const ERROR: CelType = { kind: 'error' };
export const listOf = (elem: CelType): CelType => ({ kind: 'list', elem });
export const mapOf = (key: CelType, value: CelType): CelType => ({ kind: 'map', key, value });
export const opaque = (name: string, ...params: CelType[]): CelType => ({ kind: 'opaque', name, params });
export const optionalOf = (t: CelType): CelType => opaque('optional_type', t);
export const typeOf = (t: CelType): CelType => opaque('type', t);
export const param = (name: string): CelType => ({ kind: 'param', name });

export function formatType(t: CelType): string {
  switch (t.kind) {
    case 'scalar':
      return t.name;
    case 'dyn':
      return 'dyn';
    case 'error':
      return '*error*';
    case 'list':
      return `list(${formatType(t.elem)})`;
    case 'map':
      return `map(${formatType(t.key)}, ${formatType(t.value)})`;
    case 'object':
      return t.name;
    case 'opaque':
      return t.params.length > 0 ? `${t.name}(${t.params.map(formatType).join(', ')})` : t.name;
    case 'param':
      return t.name;
  }
}

export function isDynOrError(t: CelType): boolean {
  return t.kind === 'dyn' || t.kind === 'error';
}
