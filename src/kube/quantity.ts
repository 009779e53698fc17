/**
 * Kubernetes resource quantities (k8s.io/apimachinery/pkg/api/resource): exact values, their
 * comparison (Quantity.Cmp), the canonical text Quantity.String() prints (`1024Mi` is `1Gi`,
 * `0.5` is `500m`) and ParseQuantity's errors, for the test server's decoding, messages and CEL.
 */

type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** A quantity's exact value, `digits × 10^scale`, and the format its suffix chose. */
export interface Quantity {
  digits: bigint;
  scale: number;
  format: QuantityFormat;
}

const BINARY_SUFFIXES = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const QUANTITY = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?$/;

/** resource.ParseQuantity: the exact value (rounded up to nano units, as it does), or undefined when `text` is no quantity. */
export function parseQuantity(text: string): Quantity | undefined {
  const m = QUANTITY.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const [, sign, whole, fraction = '', suffix = ''] = m;
  let digits = BigInt(`${whole}${fraction}` || '0');
  let scale = -fraction.length;
  let format: QuantityFormat = 'DecimalSI';
  const binary = BINARY_SUFFIXES.indexOf(suffix);
  if (suffix !== '' && binary > 0) {
    digits *= 1024n ** BigInt(binary);
    format = 'BinarySI';
  } else if (suffix in DECIMAL_SUFFIXES) {
    scale += DECIMAL_SUFFIXES[suffix];
  } else {
    scale += Number(suffix.slice(1));
    format = 'DecimalExponent';
  }
  if (scale < -9) {
    // Precision finer than nano units rounds up (away from zero).
    const divisor = 10n ** BigInt(-9 - scale);
    digits = digits / divisor + (digits % divisor === 0n ? 0n : 1n);
    scale = -9;
  }
  if (sign === '-') digits = -digits;
  return { digits, scale, format };
}

/** Quantity.Cmp: -1, 0 or 1. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const scale = Math.min(a.scale, b.scale);
  const x = a.digits * 10n ** BigInt(a.scale - scale);
  const y = b.digits * 10n ** BigInt(b.scale - scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

function removeFactors(value: bigint, base: bigint): [bigint, number] {
  let times = 0;
  while (value !== 0n && value % base === 0n) {
    value /= base;
    times++;
  }
  return [value, times];
}

/** Quantity.String(): the canonical text of a quantity. */
export function formatQuantity(q: Quantity): string {
  if (q.digits === 0n) return '0';
  const abs = q.digits < 0n ? -q.digits : q.digits;
  if (q.format === 'BinarySI' && compareQuantities({ ...q, digits: abs }, { digits: 1024n, scale: 0, format: 'DecimalSI' }) >= 0) {
    const whole = q.scale >= 0 ? q.digits * 10n ** BigInt(q.scale) : undefined;
    const exact = whole !== undefined || q.digits % 10n ** BigInt(-q.scale) === 0n;
    if (exact) {
      const [amount, times] = removeFactors(whole ?? q.digits / 10n ** BigInt(-q.scale), 1024n);
      return `${amount}${BINARY_SUFFIXES[times]}`;
    }
  }
  // Decimal: the largest exponent that is a multiple of 3 and leaves an integer mantissa.
  let [amount, exponent] = removeFactors(q.digits, 10n);
  exponent += q.scale;
  const shift = ((exponent % 3) + 3) % 3;
  amount *= 10n ** BigInt(shift);
  exponent -= shift;
  if (q.format === 'DecimalExponent') return exponent === 0 ? `${amount}` : `${amount}e${exponent}`;
  const suffix = Object.keys(DECIMAL_SUFFIXES).find((s) => DECIMAL_SUFFIXES[s] === exponent);
  return suffix === undefined ? `${amount}e${exponent}` : `${amount}${suffix}`;
}

/** The pattern a Quantity's schema carries (controller-gen's known type; the OpenAPI of resource.Quantity). */
export const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

/** The quantity grammar as resource.ParseQuantity states it in its error. */
const QUANTITY_FORMAT = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const QUANTITY_ERROR = `quantities must match the regular expression '${QUANTITY_FORMAT}'`;
const QUANTITY_SUFFIXES = new Set(['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E']);

/** resource.ParseQuantity's verdict on a string (its scanner, not the regular expression it quotes): undefined when it parses. */
export function quantityError(text: string): string | undefined {
  const s = text.trim();
  if (s === '') return QUANTITY_ERROR;
  let pos = s[0] === '+' || s[0] === '-' ? 1 : 0;
  const digits = () => {
    while (pos < s.length && s[pos] >= '0' && s[pos] <= '9') pos++;
  };
  digits();
  if (s[pos] === '.') {
    pos++;
    digits();
  }
  const suffixStart = pos;
  while (pos < s.length && 'eEinumkKMGTP'.includes(s[pos])) pos++;
  if (s[pos] === '+' || s[pos] === '-') pos++;
  digits();
  if (pos < s.length) return QUANTITY_ERROR;
  const suffix = s.slice(suffixStart);
  if (QUANTITY_SUFFIXES.has(suffix) || /^[eE][+-]?\d+$/.test(suffix)) return undefined;
  return "unable to parse quantity's suffix";
}
