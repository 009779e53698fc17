/**
 * Go's time.Parse for the two layouts of Kubernetes timestamps, with its error texts:
 * metav1.Time reads RFC 3339 (`2006-01-02T15:04:05Z07:00`, a fraction of a second allowed and
 * dropped), metav1.MicroTime RFC3339Micro (`2006-01-02T15:04:05.000000Z07:00`, exactly six
 * fraction digits). Both are written back in UTC: a Time to the second, a MicroTime to the microsecond.
 */

export type GoTimeLayout = 'RFC3339' | 'RFC3339Micro';

const LAYOUT_TEXT: Record<GoTimeLayout, string> = {
  RFC3339: '2006-01-02T15:04:05Z07:00',
  RFC3339Micro: '2006-01-02T15:04:05.000000Z07:00',
};

type Element = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'fraction' | 'zone';

/** The layout as time.Parse walks it: a literal prefix, then an element (as written in the layout). */
const CHUNKS: Record<GoTimeLayout, [prefix: string, element: Element, text: string][]> = {
  RFC3339: [['', 'year', '2006'], ['-', 'month', '01'], ['-', 'day', '02'], ['T', 'hour', '15'], [':', 'minute', '04'], [':', 'second', '05'], ['', 'zone', 'Z07:00']],
  RFC3339Micro: [['', 'year', '2006'], ['-', 'month', '01'], ['-', 'day', '02'], ['T', 'hour', '15'], [':', 'minute', '04'], [':', 'second', '05'], ['', 'fraction', '.000000'], ['', 'zone', 'Z07:00']],
};

export interface GoTime {
  /** Milliseconds since the epoch, UTC. */
  epochMs: number;
  /** The microseconds within the millisecond (0-999), which a MicroTime keeps. */
  micros: number;
}

/** Go's time package quote: `"` and `\` escaped, bytes outside printable ASCII as \xNN. */
function goTimeQuote(bytes: string): string {
  let out = '"';
  for (const c of bytes) {
    const code = c.charCodeAt(0);
    if (code >= 0x80 || code < 0x20) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += c === '"' || c === '\\' ? `\\${c}` : c;
  }
  return `${out}"`;
}

const isDigit = (s: string, i: number) => i < s.length && s[i] >= '0' && s[i] <= '9';

/** time's getnum: one or two digits (two when `fixed`). */
function getnum(s: string, fixed: boolean): [number, string] | undefined {
  if (!isDigit(s, 0)) return undefined;
  if (!isDigit(s, 1)) return fixed ? undefined : [Number(s[0]), s.slice(1)];
  return [Number(s.slice(0, 2)), s.slice(2)];
}

function daysIn(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses `value` as Go's time.Parse(layout, value) does: the time, or Go's error text. */
export function parseGoTime(layout: GoTimeLayout, value: string): GoTime | { error: string } {
  // Go parses bytes: a string's UTF-8 bytes, one character each.
  const whole = Buffer.from(value, 'utf8').toString('latin1');
  const parseError = (valueElem: string, layoutElem: string) => ({ error: `parsing time ${goTimeQuote(whole)} as ${goTimeQuote(LAYOUT_TEXT[layout])}: cannot parse ${goTimeQuote(valueElem)} as ${goTimeQuote(layoutElem)}` });
  const messageError = (message: string) => ({ error: `parsing time ${goTimeQuote(whole)}${message}` });
  let rest = whole;
  const t = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, nanos: 0, offsetSeconds: 0 };
  const chunks = CHUNKS[layout];
  for (let c = 0; c < chunks.length; c++) {
    const [prefix, element, text] = chunks[c];
    for (let i = 0; i < prefix.length; i++) {
      if (rest[0] !== prefix[i]) return parseError(rest, prefix);
      rest = rest.slice(1);
    }
    const hold = rest;
    let range: string | undefined;
    let bad = false;
    const num = (fixed: boolean): number => {
      const got = getnum(rest, fixed);
      if (!got) {
        bad = true;
        return 0;
      }
      rest = got[1];
      return got[0];
    };
    switch (element) {
      case 'year':
        if (rest.length < 4 || !/^\d{4}/.test(rest)) bad = true;
        else {
          t.year = Number(rest.slice(0, 4));
          rest = rest.slice(4);
        }
        break;
      case 'month':
        t.month = num(true);
        if (!bad && (t.month < 1 || t.month > 12)) range = 'month';
        break;
      case 'day':
        t.day = num(true);
        break;
      case 'hour':
        t.hour = num(false);
        if (!bad && t.hour >= 24) range = 'hour';
        break;
      case 'minute':
        t.minute = num(true);
        if (!bad && t.minute >= 60) range = 'minute';
        break;
      case 'second': {
        t.second = num(true);
        if (bad) break;
        if (t.second >= 60) {
          range = 'second';
          break;
        }
        // A fraction the layout does not name is read anyway (and a Time drops it).
        const next = chunks[c + 1]?.[1];
        if (next !== 'fraction' && rest.length >= 2 && (rest[0] === '.' || rest[0] === ',') && isDigit(rest, 1)) {
          let n = 2;
          while (isDigit(rest, n)) n++;
          t.nanos = Number(rest.slice(1, Math.min(n, 10)).padEnd(9, '0'));
          rest = rest.slice(n);
        }
        break;
      }
      case 'fraction':
        if (rest.length < 7 || (rest[0] !== '.' && rest[0] !== ',') || !/^\d{6}/.test(rest.slice(1))) bad = true;
        else {
          t.nanos = Number(rest.slice(1, 7)) * 1000;
          rest = rest.slice(7);
        }
        break;
      case 'zone': {
        if (rest[0] === 'Z') {
          rest = rest.slice(1);
          break;
        }
        if (rest.length < 6 || rest[3] !== ':') {
          bad = true;
          break;
        }
        const [sign, hh, mm] = [rest[0], getnum(rest.slice(1, 3), true), getnum(rest.slice(4, 6), true)];
        if (!hh || !mm || (sign !== '+' && sign !== '-')) {
          bad = true;
          break;
        }
        rest = rest.slice(6);
        if (hh[0] > 24) range = 'time zone offset hour';
        else if (mm[0] > 60) range = 'time zone offset minute';
        t.offsetSeconds = (sign === '-' ? -1 : 1) * (hh[0] * 3600 + mm[0] * 60);
        break;
      }
    }
    if (range !== undefined) return messageError(`: ${range} out of range`);
    if (bad) return parseError(hold, text);
  }
  if (rest !== '') return messageError(`: extra text: ${goTimeQuote(rest)}`);
  if (t.day < 1 || t.day > daysIn(t.month, t.year)) return messageError(': day out of range');
  const at = new Date(0);
  at.setUTCFullYear(t.year, t.month - 1, t.day);
  at.setUTCHours(t.hour, t.minute, t.second, 0);
  const epochMs = at.getTime() - t.offsetSeconds * 1000;
  return { epochMs: epochMs + Math.floor(t.nanos / 1e6), micros: Math.floor(t.nanos / 1000) % 1000 };
}

/** A time as metav1.Time (RFC 3339 in UTC, to the second) or metav1.MicroTime (six fraction digits) writes it. */
export function formatGoTime(layout: GoTimeLayout, time: GoTime): string {
  const iso = new Date(time.epochMs).toISOString();
  if (layout === 'RFC3339') return iso.replace(/\.\d+Z$/, 'Z');
  return iso.replace(/\.(\d{3})Z$/, (_m, ms: string) => `.${ms}${String(time.micros).padStart(3, '0')}Z`);
}
