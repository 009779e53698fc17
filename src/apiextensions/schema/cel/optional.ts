/**
 * CEL optional values (`optionalOldSelf`, `optional.of/none`), which @bufbuild/cel does not have:
 * an optional is a map carrying a private marker key, with the methods Kubernetes rules use.
 */
import type { CelFunc, CelInput, CelValue } from '@bufbuild/cel';
import { cel } from '../../../kube/cel/bufbuild.js';

const MARKER = '\u0000optional';
const VALUE = '\u0000value';

export function optionalOf(value: CelInput | undefined): CelInput {
  const m = new Map<string, CelInput>([[MARKER, true]]);
  if (value !== undefined) m.set(VALUE, value);
  return m;
}

function asOptional(v: CelValue): { has: boolean; value: CelValue | undefined } {
  if (cel().isCelMap(v) && v.has(MARKER)) {
    const has = v.has(VALUE);
    return { has, value: has ? (v.get(VALUE)) : undefined };
  }
  throw new Error('no such overload: not an optional value');
}

let functions: CelFunc[] | undefined;

/** The optional functions, built when a CEL environment is first made (see kube/cel/bufbuild.ts). */
export function optionalFunctions(): CelFunc[] {
  if (functions) return functions;
  const { celFunc, celMethod, CelScalar, isCelMap } = cel();
  const { DYN, BOOL, STRING } = CelScalar;
  functions = [
    celMethod('hasValue', DYN, [], BOOL, function () {
      return asOptional(this).has;
    }),
    celMethod('value', DYN, [], DYN, function () {
      const o = asOptional(this);
      if (!o.has) throw new Error('optional.none() dereference');
      return o.value as CelInput;
    }),
    celMethod('orValue', DYN, [DYN], DYN, function (alt) {
      const o = asOptional(this);
      return (o.has ? o.value : alt) as CelInput;
    }),
    celFunc('optional.of', [DYN], DYN, (v) => optionalOf(v as CelInput)),
    celFunc('optional.none', [], DYN, () => optionalOf(undefined)),
    celFunc('optional.ofNonZeroValue', [DYN], DYN, (v) => optionalOf(isZero(v) ? undefined : (v as CelInput))),
    celMethod('or', DYN, [DYN], DYN, function (alt) {
      return (asOptional(this).has ? this : alt);
    }),
    // The target of `x.?name` (rewritten by src/kube/cel/optional-syntax.ts): a map, or an optional of one.
    celFunc('optional.select_', [DYN, STRING], DYN, (target, name) => {
      let value: CelValue | undefined = target;
      if (isCelMap(target) && target.has(MARKER)) value = asOptional(target).value;
      if (value === undefined || !isCelMap(value) || !value.has(name)) return optionalOf(undefined);
      return optionalOf(value.get(name));
    }),
  ];
  return functions;
}

function isZero(v: CelValue): boolean {
  if (v === null || v === false || v === '' || v === 0 || v === 0n) return true;
  if (cel().isCelMap(v)) return v.size === 0;
  if (typeof v === 'object' && v !== null && 'size' in v && typeof (v as { size: unknown }).size === 'number') {
    return (v as { size: number }).size === 0;
  }
  return false;
}
