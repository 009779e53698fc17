/**
 * The functions a CRD validation rule can call, with their overloads as cel-go declares them:
 * the CEL standard library and the libraries kube-apiserver adds to the CRD environment
 * (strings, lists, regex, URLs, quantities, IPs/CIDRs, sets, format, semver, optionals).
 * `A`, `B` are type parameters. The overload ids are the ones the cost model tells apart.
 */
import {
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  listOf,
  mapOf,
  NULL,
  opaque,
  optionalOf,
  param,
  STRING,
  TIMESTAMP,
  typeOf,
  UINT,
  type CelType,
} from './types.js';

export interface Overload {
  readonly id: string;
  /** Called as `target.fn(args)` (the first of `args` is the target). */
  readonly member: boolean;
  readonly args: readonly CelType[];
  readonly result: CelType;
}

const A = param('A');
const B = param('B');
const QUANTITY = opaque('kubernetes.Quantity');
const URL = opaque('kubernetes.URL');
const IP = opaque('net.IP');
const CIDR = opaque('net.CIDR');
const SEMVER = opaque('kubernetes.Semver');

const table = new Map<string, Overload[]>();

function add(name: string, id: string, member: boolean, args: CelType[], result: CelType): void {
  const list = table.get(name) ?? [];
  list.push({ id, member, args, result });
  table.set(name, list);
}
const fn = (name: string, id: string, args: CelType[], result: CelType) => add(name, id, false, args, result);
const method = (name: string, id: string, target: CelType, args: CelType[], result: CelType) => add(name, id, true, [target, ...args], result);

// Operators.
for (const [t, n] of [[INT, 'int64'], [UINT, 'uint64'], [DOUBLE, 'double']] as const) {
  fn('_+_', `add_${n}`, [t, t], t);
  fn('_-_', `subtract_${n}`, [t, t], t);
  fn('_*_', `multiply_${n}`, [t, t], t);
  fn('_/_', `divide_${n}`, [t, t], t);
}
fn('_%_', 'modulo_int64', [INT, INT], INT);
fn('_%_', 'modulo_uint64', [UINT, UINT], UINT);
fn('_+_', 'add_string', [STRING, STRING], STRING);
fn('_+_', 'add_bytes', [BYTES, BYTES], BYTES);
fn('_+_', 'add_list', [listOf(A), listOf(A)], listOf(A));
fn('_+_', 'add_timestamp_duration', [TIMESTAMP, DURATION], TIMESTAMP);
fn('_+_', 'add_duration_timestamp', [DURATION, TIMESTAMP], TIMESTAMP);
fn('_+_', 'add_duration_duration', [DURATION, DURATION], DURATION);
fn('_-_', 'subtract_timestamp_timestamp', [TIMESTAMP, TIMESTAMP], DURATION);
fn('_-_', 'subtract_timestamp_duration', [TIMESTAMP, DURATION], TIMESTAMP);
fn('_-_', 'subtract_duration_duration', [DURATION, DURATION], DURATION);
fn('-_', 'negate_int64', [INT], INT);
fn('-_', 'negate_double', [DOUBLE], DOUBLE);
fn('!_', 'logical_not', [BOOL], BOOL);
fn('_&&_', 'logical_and', [BOOL, BOOL], BOOL);
fn('_||_', 'logical_or', [BOOL, BOOL], BOOL);
fn('_?_:_', 'conditional', [BOOL, A, A], A);
fn('@not_strictly_false', 'not_strictly_false', [BOOL], BOOL);
fn('_==_', 'equals', [A, A], BOOL);
fn('_!=_', 'not_equals', [A, A], BOOL);
const ordered: [CelType, string][] = [[BOOL, 'bool'], [INT, 'int64'], [UINT, 'uint64'], [DOUBLE, 'double'], [STRING, 'string'], [BYTES, 'bytes'], [TIMESTAMP, 'timestamp'], [DURATION, 'duration']];
const numeric: [CelType, string][] = [[INT, 'int64'], [UINT, 'uint64'], [DOUBLE, 'double']];
for (const [op, name] of [['_<_', 'less'], ['_<=_', 'less_equals'], ['_>_', 'greater'], ['_>=_', 'greater_equals']] as const) {
  for (const [t, n] of ordered) fn(op, `${name}_${n}`, [t, t], BOOL);
  for (const [x, xn] of numeric) for (const [y, yn] of numeric) if (xn !== yn) fn(op, `${name}_${xn}_${yn}`, [x, y], BOOL);
}
fn('_[_]', 'index_list', [listOf(A), INT], A);
fn('_[_]', 'index_map', [mapOf(A, B), A], B);
fn('@in', 'in_list', [A, listOf(A)], BOOL);
fn('@in', 'in_map', [A, mapOf(A, B)], BOOL);

// Standard functions.
for (const [t, n] of [[STRING, 'string'], [BYTES, 'bytes'], [listOf(A), 'list'], [mapOf(A, B), 'map']] as const) {
  fn('size', `size_${n}`, [t], INT);
  method('size', `${n}_size`, t, [], INT);
}
method('contains', 'contains_string', STRING, [STRING], BOOL);
method('startsWith', 'starts_with_string', STRING, [STRING], BOOL);
method('endsWith', 'ends_with_string', STRING, [STRING], BOOL);
method('matches', 'matches_string', STRING, [STRING], BOOL);
fn('matches', 'matches', [STRING, STRING], BOOL);
for (const t of [INT, UINT, DOUBLE, STRING, TIMESTAMP]) fn('int', `int_${t.kind === 'scalar' ? t.name : ''}`, [t], INT);
for (const t of [INT, UINT, DOUBLE, STRING]) fn('uint', 'uint', [t], UINT);
for (const t of [INT, UINT, DOUBLE, STRING]) fn('double', 'double', [t], DOUBLE);
for (const t of [INT, UINT, DOUBLE, BOOL, BYTES, STRING, TIMESTAMP, DURATION]) fn('string', t === BYTES ? 'bytes_to_string' : 'string', [t], STRING);
fn('string', 'string', [IP], STRING);
fn('string', 'string', [CIDR], STRING);
fn('bytes', 'string_to_bytes', [STRING], BYTES);
fn('bytes', 'bytes', [BYTES], BYTES);
fn('bool', 'bool', [BOOL], BOOL);
fn('bool', 'bool', [STRING], BOOL);
for (const t of [STRING, TIMESTAMP, INT]) fn('timestamp', 'timestamp', [t], TIMESTAMP);
for (const t of [STRING, DURATION]) fn('duration', 'duration', [t], DURATION);
fn('dyn', 'to_dyn', [A], DYN);
fn('type', 'type', [A], typeOf(A));
for (const name of ['getFullYear', 'getMonth', 'getDayOfYear', 'getDayOfMonth', 'getDate', 'getDayOfWeek', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds']) {
  method(name, `timestamp_${name}`, TIMESTAMP, [], INT);
  method(name, `timestamp_${name}_tz`, TIMESTAMP, [STRING], INT);
}
for (const name of ['getHours', 'getMinutes', 'getSeconds', 'getMilliseconds']) method(name, `duration_${name}`, DURATION, [], INT);

// Strings extension (version 2, as kube-apiserver declares it).
method('charAt', 'string_char_at_int', STRING, [INT], STRING);
method('indexOf', 'string_index_of_string', STRING, [STRING], INT);
method('indexOf', 'string_index_of_string_int', STRING, [STRING, INT], INT);
method('lastIndexOf', 'string_last_index_of_string', STRING, [STRING], INT);
method('lastIndexOf', 'string_last_index_of_string_int', STRING, [STRING, INT], INT);
method('lowerAscii', 'string_lower_ascii', STRING, [], STRING);
method('upperAscii', 'string_upper_ascii', STRING, [], STRING);
method('replace', 'string_replace_string_string', STRING, [STRING, STRING], STRING);
method('replace', 'string_replace_string_string_int', STRING, [STRING, STRING, INT], STRING);
method('split', 'string_split_string', STRING, [STRING], listOf(STRING));
method('split', 'string_split_string_int', STRING, [STRING, INT], listOf(STRING));
method('substring', 'string_substring_int', STRING, [INT], STRING);
method('substring', 'string_substring_int_int', STRING, [INT, INT], STRING);
method('trim', 'string_trim', STRING, [], STRING);
method('join', 'list_join', listOf(STRING), [], STRING);
method('join', 'list_join_string', listOf(STRING), [STRING], STRING);
fn('strings.quote', 'strings_quote', [STRING], STRING);
method('format', 'string_format', STRING, [listOf(DYN)], STRING);
fn('base64.encode', 'base64_encode_bytes', [BYTES], STRING);
fn('base64.decode', 'base64_decode_string', [STRING], BYTES);

// Kubernetes lists library.
method('isSorted', 'list_is_sorted', listOf(A), [], BOOL);
method('sum', 'list_sum', listOf(A), [], A);
method('min', 'list_min', listOf(A), [], A);
method('max', 'list_max', listOf(A), [], A);
method('indexOf', 'list_index_of', listOf(A), [A], INT);
method('lastIndexOf', 'list_last_index_of', listOf(A), [A], INT);

// Regex library.
method('find', 'string_find_string', STRING, [STRING], STRING);
method('findAll', 'string_find_all_string', STRING, [STRING], listOf(STRING));
method('findAll', 'string_find_all_string_int', STRING, [STRING, INT], listOf(STRING));

// URL library.
fn('url', 'string_to_url', [STRING], URL);
fn('isURL', 'is_url_string', [STRING], BOOL);
for (const name of ['getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath']) method(name, `url_${name}`, URL, [], STRING);
method('getQuery', 'url_get_query', URL, [], mapOf(STRING, listOf(STRING)));

// Quantity library.
fn('quantity', 'string_to_quantity', [STRING], QUANTITY);
fn('isQuantity', 'is_quantity_string', [STRING], BOOL);
method('isInteger', 'quantity_is_integer', QUANTITY, [], BOOL);
method('asInteger', 'quantity_as_integer', QUANTITY, [], INT);
method('asApproximateFloat', 'quantity_as_float', QUANTITY, [], DOUBLE);
method('sign', 'quantity_sign', QUANTITY, [], INT);
method('add', 'quantity_add', QUANTITY, [QUANTITY], QUANTITY);
method('add', 'quantity_add_int', QUANTITY, [INT], QUANTITY);
method('sub', 'quantity_sub', QUANTITY, [QUANTITY], QUANTITY);
method('sub', 'quantity_sub_int', QUANTITY, [INT], QUANTITY);
method('isLessThan', 'quantity_less', QUANTITY, [QUANTITY], BOOL);
method('isGreaterThan', 'quantity_greater', QUANTITY, [QUANTITY], BOOL);
method('compareTo', 'quantity_compare_to', QUANTITY, [QUANTITY], INT);

// IP and CIDR libraries.
fn('ip', 'string_to_ip', [STRING], IP);
fn('isIP', 'is_ip', [STRING], BOOL);
fn('ip.isCanonical', 'ip_is_canonical', [STRING], BOOL);
method('family', 'ip_family', IP, [], INT);
for (const name of ['isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast']) method(name, `ip_${name}`, IP, [], BOOL);
fn('cidr', 'string_to_cidr', [STRING], CIDR);
fn('isCIDR', 'is_cidr', [STRING], BOOL);
method('containsIP', 'cidr_contains_ip_string', CIDR, [STRING], BOOL);
method('containsIP', 'cidr_contains_ip_ip', CIDR, [IP], BOOL);
method('containsCIDR', 'cidr_contains_cidr_string', CIDR, [STRING], BOOL);
method('containsCIDR', 'cidr_contains_cidr', CIDR, [CIDR], BOOL);
method('ip', 'cidr_ip', CIDR, [], IP);
method('masked', 'cidr_masked', CIDR, [], CIDR);
method('prefixLength', 'cidr_prefix_length', CIDR, [], INT);

// Semver library.
fn('semver', 'string_to_semver', [STRING], SEMVER);
fn('semver', 'string_bool_to_semver', [STRING, BOOL], SEMVER);
fn('isSemver', 'is_semver', [STRING], BOOL);
fn('isSemver', 'is_semver_bool', [STRING, BOOL], BOOL);
for (const name of ['major', 'minor', 'patch']) method(name, `semver_${name}`, SEMVER, [], INT);
method('isLessThan', 'semver_less', SEMVER, [SEMVER], BOOL);
method('isGreaterThan', 'semver_greater', SEMVER, [SEMVER], BOOL);
method('compareTo', 'semver_compare_to', SEMVER, [SEMVER], INT);

// Sets extension.
fn('sets.contains', 'list_sets_contains_list', [listOf(A), listOf(A)], BOOL);
fn('sets.equivalent', 'list_sets_equivalent_list', [listOf(A), listOf(A)], BOOL);
fn('sets.intersects', 'list_sets_intersects_list', [listOf(A), listOf(A)], BOOL);

// Optional types.
fn('optional.of', 'optional_of', [A], optionalOf(A));
fn('optional.ofNonZeroValue', 'optional_of_non_zero_value', [A], optionalOf(A));
fn('optional.none', 'optional_none', [], optionalOf(DYN));
method('hasValue', 'optional_has_value', optionalOf(A), [], BOOL);
method('value', 'optional_value', optionalOf(A), [], A);
method('orValue', 'optional_or_value', optionalOf(A), [A], A);
method('or', 'optional_or_optional', optionalOf(A), [optionalOf(A)], optionalOf(A));

// Math extension (greatest/least over numbers).
for (const name of ['math.greatest', 'math.least']) {
  for (const [t, n] of numeric) {
    fn(name, `${name}_${n}`, [t], t);
    fn(name, `${name}_${n}_${n}`, [t, t], t);
    fn(name, `${name}_list_${n}`, [listOf(t)], t);
  }
}

export function overloadsOf(name: string): readonly Overload[] | undefined {
  return table.get(name);
}

/** Type names usable as values (`type(self) == string`). */
export const TYPE_NAMES: ReadonlyMap<string, CelType> = new Map([
  ['int', typeOf(INT)],
  ['uint', typeOf(UINT)],
  ['double', typeOf(DOUBLE)],
  ['bool', typeOf(BOOL)],
  ['string', typeOf(STRING)],
  ['bytes', typeOf(BYTES)],
  ['null_type', typeOf(NULL)],
  ['list', typeOf(listOf(DYN))],
  ['map', typeOf(mapOf(DYN, DYN))],
  ['dyn', typeOf(DYN)],
  ['type', typeOf(DYN)],
  ['google.protobuf.Timestamp', typeOf(TIMESTAMP)],
  ['google.protobuf.Duration', typeOf(DURATION)],
]);
