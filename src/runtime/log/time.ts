/**
 * The `ts` of a log line in each of zap's time encodings, as controller-runtime's
 * `--zap-time-encoding` selects them. Dates are written in the process's local time zone, as Go
 * writes a time.Now(); a zero offset is written `Z`. JavaScript dates hold milliseconds, so the
 * finer encodings (nanos, rfc3339nano) end in zeros or stop at milliseconds.
 */

/** zap's time encodings; controller-runtime's default (in both modes) is `rfc3339`. */
export type TimeEncoding = 'epoch' | 'millis' | 'nanos' | 'iso8601' | 'rfc3339' | 'rfc3339nano';

export const timeEncodings: readonly TimeEncoding[] = ['epoch', 'millis', 'nanos', 'iso8601', 'rfc3339', 'rfc3339nano'];

/** The time as a JSON value (a number or a quoted string) and as console text. */
export interface EncodedTime {
  json: string;
  text: string;
}

export function encodeTime(time: Date, encoding: TimeEncoding): EncodedTime {
  const ms = time.getTime();
  switch (encoding) {
    case 'epoch':
      return numeric(ms / 1000);
    case 'millis':
      return numeric(ms);
    case 'nanos': {
      const nanos = (BigInt(ms) * 1_000_000n).toString();
      return { json: nanos, text: nanos };
    }
    case 'iso8601':
      return quoted(`${dateAndClock(time)}.${pad(time.getMilliseconds(), 3)}${zone(time, false)}`);
    case 'rfc3339':
      return quoted(`${dateAndClock(time)}${zone(time, true)}`);
    case 'rfc3339nano': {
      const fraction = pad(time.getMilliseconds(), 3).replace(/0+$/, '');
      return quoted(`${dateAndClock(time)}${fraction === '' ? '' : `.${fraction}`}${zone(time, true)}`);
    }
  }
}

/**
 * zap writes float seconds and milliseconds with the shortest digits: plainly in JSON, and in
 * console lines as Go prints a float64 with %v, which switches to an exponent from 1e+06 on
 * (`1.7e+09`: two exponent digits at least).
 */
function numeric(value: number): EncodedTime {
  return { json: String(value), text: goFloat(value) };
}

function goFloat(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const exponential = value.toExponential();
  const exponent = Number(exponential.slice(exponential.indexOf('e') + 1));
  if (exponent >= -4 && exponent < 6) return String(value);
  return exponential.replace(/e([+-])(\d)$/, 'e$10$2');
}

function quoted(text: string): EncodedTime {
  return { json: JSON.stringify(text), text };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function dateAndClock(t: Date): string {
  const date = `${pad(t.getFullYear(), 4)}-${pad(t.getMonth() + 1, 2)}-${pad(t.getDate(), 2)}`;
  return `${date}T${pad(t.getHours(), 2)}:${pad(t.getMinutes(), 2)}:${pad(t.getSeconds(), 2)}`;
}

/** `Z` at a zero offset, else `+hh:mm` (RFC 3339) or `+hhmm` (zap's ISO 8601). */
function zone(t: Date, colon: boolean): string {
  const offset = -t.getTimezoneOffset();
  if (offset === 0) return 'Z';
  const abs = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60), 2)}${colon ? ':' : ''}${pad(abs % 60, 2)}`;
}
