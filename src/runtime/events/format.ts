import { inspect } from 'node:util';

/**
 * Formats a message with Go-style verbs, so that `eventf` calls read as they do in Go operators:
 * `%s` `%v` (value), `%d` (integer), `%f` (number), `%q` (quoted string), `%t` (boolean), `%%`.
 * Missing arguments print as `%!v(MISSING)`; extra ones are appended as Go does (`%!(EXTRA ...)`).
 */
export function sprintf(format: string, ...args: unknown[]): string {
  let next = 0;
  const out = format.replace(/%([%svdfqtx])/g, (match, verb: string) => {
    if (verb === '%') return '%';
    if (next >= args.length) return `%!${verb}(MISSING)`;
    const arg = args[next++];
    switch (verb) {
      case 'd':
        return typeof arg === 'number' || typeof arg === 'bigint' ? String(typeof arg === 'number' ? Math.trunc(arg) : arg) : `%!d(${show(arg)})`;
      case 'f':
        return typeof arg === 'number' ? arg.toFixed(6) : `%!f(${show(arg)})`;
      case 'q':
        return JSON.stringify(typeof arg === 'string' ? arg : show(arg));
      case 'x':
        return typeof arg === 'number' ? Math.trunc(arg).toString(16) : Buffer.from(show(arg)).toString('hex');
      case 't':
        return typeof arg === 'boolean' ? String(arg) : `%!t(${show(arg)})`;
      default:
        return show(arg);
    }
  });
  if (next < args.length) return `${out}%!(EXTRA ${args.slice(next).map(show).join(', ')})`;
  return out;
}

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.message;
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return inspect(value);
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what typeof leaves: a number, boolean, bigint, symbol or function
  return String(value);
}

/**
 * An Event's name as client-go makes it: `<object>.<nanoseconds in hex>`. JavaScript clocks have
 * milliseconds, so `sequence` (a per-broadcaster counter) fills the nanoseconds and keeps names
 * unique within a millisecond.
 */
export function eventName(objectName: string | undefined, nowMs: number, sequence: number): string {
  return `${objectName}.${(BigInt(nowMs) * 1_000_000n + BigInt(sequence % 1_000_000)).toString(16)}`;
}
