/**
 * The Kubernetes CEL libraries that common x-kubernetes-validations rules use, as far as
 * @bufbuild/cel lets us add them: lists (isSorted, sum, min, max, indexOf, lastIndexOf),
 * regex (find, findAll), quantity, url (url, isURL and the get* accessors), isIP/isCIDR, sets,
 * plus the strings extension.
 */
import type { CelFunc, CelInput, CelList, CelValue } from '@bufbuild/cel';
import { cel, celExtensions } from '../../../kube/cel/bufbuild.js';
import { isIP } from 'node:net';
import { optionalFunctions } from './optional.js';
import { compareQuantities, parseQuantity, QUANTITY_ERROR, quantityError, type Quantity } from '../../../kube/quantity.js';
import { compileGoRegexp } from '../../../kube/re2.js';

function noOverload(what: string): never {
  throw new Error(`no such overload: ${what}`);
}

function celEquals(a: CelValue, b: CelValue): boolean {
  if (typeof a === 'bigint' && typeof b === 'number') return Number(a) === b;
  if (typeof a === 'number' && typeof b === 'bigint') return a === Number(b);
  if (cel().isCelList(a) && cel().isCelList(b)) {
    if (a.size !== b.size) return false;
    const xs = [...a];
    const ys = [...b];
    return xs.every((x, i) => celEquals(x, ys[i]));
  }
  if (cel().isCelMap(a) && cel().isCelMap(b)) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) {
      if (!b.has(k) || !celEquals(v, b.get(k)!)) return false;
    }
    return true;
  }
  return a === b;
}

function compare(a: CelValue, b: CelValue): number {
  const comparable = (v: CelValue) => typeof v === 'bigint' || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
  if (!comparable(a) || !comparable(b)) noOverload('elements are not comparable');
  if (typeof a !== typeof b && !(typeof a !== 'string' && typeof b !== 'string')) noOverload('mixed element types');
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

function items(list: CelList): CelValue[] {
  return [...list];
}

// Quantities are maps with a private marker, like optionals (the library has no opaque types).
const QUANTITY = '\u0000quantity';

/**
 * A quantity value: its exact value as `<digits>e<exponent>` without trailing zeros, so that equal
 * quantities are equal values (`quantity('1Gi') == quantity('1024Mi')`, as Quantity.Equal says).
 */
function quantityValue(q: Quantity): CelInput {
  let { digits, scale } = q;
  while (digits !== 0n && digits % 10n === 0n) {
    digits /= 10n;
    scale++;
  }
  return new Map<string, CelInput>([[QUANTITY, `${digits}e${digits === 0n ? 0 : scale}`]]);
}

function quantity(text: string): CelInput {
  const q = parseQuantity(text);
  if (q === undefined) throw new Error(quantityError(text) ?? QUANTITY_ERROR);
  return quantityValue(q);
}

/** A quantity value (its text) as resource.Quantity holds it: exact, so comparisons are Quantity.Cmp's. */
function quantityOf(v: CelValue): Quantity {
  if (cel().isCelMap(v) && v.has(QUANTITY)) return parseQuantity(v.get(QUANTITY) as string)!;
  if (typeof v === 'bigint') return { digits: v, scale: 0, format: 'DecimalSI' };
  return noOverload('not a quantity');
}

/** The whole number a quantity is, or undefined (Quantity.AsInt64's failure: a fraction, or beyond int64). */
function quantityInteger(q: Quantity): bigint | undefined {
  const unit = 10n ** BigInt(Math.abs(q.scale));
  if (q.scale < 0 && q.digits % unit !== 0n) return undefined;
  const n = q.scale < 0 ? q.digits / unit : q.digits * unit;
  return n >= -(2n ** 63n) && n < 2n ** 63n ? n : undefined;
}

/** Quantity.Add (or Sub): exact. */
function addQuantities(a: Quantity, b: Quantity, sign: 1n | -1n): CelInput {
  const scale = Math.min(a.scale, b.scale);
  const digits = a.digits * 10n ** BigInt(a.scale - scale) + sign * b.digits * 10n ** BigInt(b.scale - scale);
  return quantityValue({ digits, scale, format: a.format });
}

function isURL(s: string): boolean {
  if (s.startsWith('/')) return !/\s/.test(s);
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s) && URL.canParse(s);
}

// URLs are maps with a private marker, like quantities.
const URL_MARKER = '\u0000url';

function urlValue(v: CelValue): URL {
  if (cel().isCelMap(v) && v.has(URL_MARKER)) return new URL(v.get(URL_MARKER) as string, 'http://relative.invalid');
  return noOverload('not a URL');
}

function urlOf(text: string): CelInput {
  if (!isURL(text)) throw new Error(`URL parse error during conversion from string: parse ${JSON.stringify(text)}: invalid URI for request`);
  return new Map<string, CelInput>([[URL_MARKER, text]]);
}

let functions: CelFunc[] | undefined;

/**
 * Every function a rule can call beyond the CEL standard library, built when the first rule is
 * compiled (@bufbuild/cel is loaded then, see kube/cel/bufbuild.ts).
 */
export function kubernetesFunctions(): CelFunc[] {
  if (functions) return functions;
  const { celFunc, celMethod, CelScalar, listType, mapType } = cel();
  const { DYN, BOOL, INT, STRING, DOUBLE } = CelScalar;
  const LIST = listType(DYN);

  const quantityFunctions: CelFunc[] = [
    celFunc('isQuantity', [STRING], BOOL, (s) => parseQuantity(s) !== undefined),
    celFunc('quantity', [STRING], DYN, (s) => quantity(s)),
    celMethod('isGreaterThan', DYN, [DYN], BOOL, function (o) {
      return compareQuantities(quantityOf(this), quantityOf(o)) > 0;
    }),
    celMethod('isLessThan', DYN, [DYN], BOOL, function (o) {
      return compareQuantities(quantityOf(this), quantityOf(o)) < 0;
    }),
    celMethod('compareTo', DYN, [DYN], INT, function (o) {
      return BigInt(compareQuantities(quantityOf(this), quantityOf(o)));
    }),
    celMethod('sign', DYN, [], INT, function () {
      const { digits } = quantityOf(this);
      return digits > 0n ? 1n : digits < 0n ? -1n : 0n;
    }),
    celMethod('isInteger', DYN, [], BOOL, function () {
      return quantityInteger(quantityOf(this)) !== undefined;
    }),
    celMethod('asInteger', DYN, [], INT, function () {
      const n = quantityInteger(quantityOf(this));
      if (n === undefined) throw new Error('cannot convert value to integer');
      return n;
    }),
    celMethod('asApproximateFloat', DYN, [], DOUBLE, function () {
      const q = quantityOf(this);
      return Number(q.digits) * 10 ** q.scale;
    }),
    celMethod('add', DYN, [DYN], DYN, function (o) {
      return addQuantities(quantityOf(this), quantityOf(o), 1n);
    }),
    celMethod('sub', DYN, [DYN], DYN, function (o) {
      return addQuantities(quantityOf(this), quantityOf(o), -1n);
    }),
  ];

  const listFunctions: CelFunc[] = [
    celMethod('isSorted', LIST, [], BOOL, function () {
      const xs = items(this);
      return xs.every((x, i) => i === 0 || compare(xs[i - 1], x) <= 0);
    }),
    celMethod('sum', LIST, [], DYN, function () {
      const xs = items(this);
      if (xs.length === 0) return 0n;
      if (xs.every((x) => typeof x === 'bigint')) return xs.reduce((a, b) => a + b, 0n);
      if (xs.every((x) => typeof x === 'number')) return xs.reduce((a, b) => a + b, 0);
      return noOverload('sum of mixed or non-numeric elements');
    }),
    celMethod('min', LIST, [], DYN, function () {
      const xs = items(this);
      if (xs.length === 0) throw new Error('min called on empty list');
      return xs.reduce((a, b) => (compare(b, a) < 0 ? b : a));
    }),
    celMethod('max', LIST, [], DYN, function () {
      const xs = items(this);
      if (xs.length === 0) throw new Error('max called on empty list');
      return xs.reduce((a, b) => (compare(b, a) > 0 ? b : a));
    }),
    celMethod('indexOf', LIST, [DYN], INT, function (x) {
      return BigInt(items(this).findIndex((v) => celEquals(v, x)));
    }),
    celMethod('lastIndexOf', LIST, [DYN], INT, function (x) {
      return BigInt(items(this).findLastIndex((v) => celEquals(v, x)));
    }),
  ];

  const regexFunctions: CelFunc[] = [
    celMethod('matches', STRING, [STRING], BOOL, function (re) {
      return compileGoRegexp(re).test(this);
    }),
    celMethod('find', STRING, [STRING], STRING, function (re) {
      return compileGoRegexp(re).find(this) ?? '';
    }),
    celMethod('findAll', STRING, [STRING], listType(STRING), function (re) {
      return compileGoRegexp(re).findAll(this);
    }),
    celMethod('findAll', STRING, [STRING, INT], listType(STRING), function (re, n) {
      return compileGoRegexp(re).findAll(this, n < 0n ? -1 : Number(n));
    }),
  ];

  const setFunctions: CelFunc[] = [
    celFunc('sets.contains', [LIST, LIST], BOOL, (a, b) => items(b).every((x) => items(a).some((y) => celEquals(x, y)))),
    celFunc('sets.equivalent', [LIST, LIST], BOOL, (a, b) => {
      const xs = items(a);
      const ys = items(b);
      return xs.every((x) => ys.some((y) => celEquals(x, y))) && ys.every((y) => xs.some((x) => celEquals(x, y)));
    }),
    celFunc('sets.intersects', [LIST, LIST], BOOL, (a, b) => items(a).some((x) => items(b).some((y) => celEquals(x, y)))),
  ];

  const urlFunctions: CelFunc[] = [
    celFunc('url', [STRING], DYN, urlOf),
    celMethod('getScheme', DYN, [], STRING, function () {
      const text = (this as { get(k: string): unknown }).get(URL_MARKER) as string | undefined;
      return text?.startsWith('/') ? '' : urlValue(this).protocol.replace(/:$/, '');
    }),
    celMethod('getHost', DYN, [], STRING, function () {
      return urlValue(this).host === 'relative.invalid' ? '' : urlValue(this).host;
    }),
    celMethod('getHostname', DYN, [], STRING, function () {
      const host = urlValue(this).hostname;
      return host === 'relative.invalid' ? '' : host.replace(/^\[(.*)\]$/, '$1');
    }),
    celMethod('getPort', DYN, [], STRING, function () {
      return urlValue(this).port;
    }),
    celMethod('getEscapedPath', DYN, [], STRING, function () {
      return urlValue(this).pathname;
    }),
    celMethod('getQuery', DYN, [], mapType(STRING, listType(STRING)), function () {
      const out = new Map<string, string[]>();
      for (const [k, v] of urlValue(this).searchParams) out.set(k, [...(out.get(k) ?? []), v]);
      return out;
    }),
  ];

  const networkFunctions: CelFunc[] = [
    ...urlFunctions,
    celFunc('isURL', [STRING], BOOL, isURL),
    celFunc('isIP', [STRING], BOOL, (s) => isIP(s) !== 0),
    celFunc('isCIDR', [STRING], BOOL, (s) => {
      const [ip, bits, extra] = s.split('/');
      if (extra !== undefined || bits === undefined || !/^\d+$/.test(bits)) return false;
      const family = isIP(ip ?? '');
      return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
    }),
  ];

  functions = [
    ...celExtensions().strings,
    ...optionalFunctions(),
    ...listFunctions,
    ...regexFunctions,
    ...setFunctions,
    ...quantityFunctions,
    ...networkFunctions,
  ];
  return functions;
}
