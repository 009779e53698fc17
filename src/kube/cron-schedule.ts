/**
 * What robfig/cron's ParseStandard (the parser kube-apiserver checks a CronJob's schedule with)
 * says of a schedule: five fields (minute, hour, day of month, month, day of week) or a
 * descriptor (@hourly, @every 5m, ...), optionally after TZ= or CRON_TZ=, and its error text.
 * `isTimeZone` says whether Go's time.LoadLocation knows a zone name.
 */

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** The fields of a standard schedule, in order. */
const FIELDS: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: Object.fromEntries(MONTHS.map((m, i) => [m, i + 1])) },
  { min: 0, max: 6, names: Object.fromEntries(DAYS.map((d, i) => [d, i])) },
];
const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

class ScheduleError extends Error {}

/** strconv.Atoi and robfig's mustParseInt. */
function parseInt(expr: string): number {
  if (!/^[+-]?[0-9]+$/.test(expr)) throw new ScheduleError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`);
  const num = Number(expr);
  if (!Number.isSafeInteger(num) || Math.abs(num) > 2 ** 63 - 1) throw new ScheduleError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: value out of range`);
  if (num < 0) throw new ScheduleError(`negative number (${num}) not allowed: ${expr}`);
  return num;
}

function parseIntOrName(expr: string, bounds: Bounds): number {
  const named = bounds.names?.[expr.toLowerCase()];
  return named ?? parseInt(expr);
}

/** robfig's getRange: `*`, `?`, `n`, `n-m`, each with an optional `/step`. */
function checkRange(expr: string, bounds: Bounds): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = bounds.min;
    end = bounds.max;
  } else {
    start = parseIntOrName(lowAndHigh[0], bounds);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1], bounds);
    else throw new ScheduleError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = parseInt(rangeAndStep[1]);
    // "n/step" means "n-max/step".
    if (lowAndHigh.length === 1) end = bounds.max;
  } else if (rangeAndStep.length > 2) {
    throw new ScheduleError(`too many slashes: ${expr}`);
  }
  if (start < bounds.min) throw new ScheduleError(`beginning of range (${start}) below minimum (${bounds.min}): ${expr}`);
  if (end > bounds.max) throw new ScheduleError(`end of range (${end}) above maximum (${bounds.max}): ${expr}`);
  if (start > end) throw new ScheduleError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new ScheduleError(`step of range should be a positive number: ${expr}`);
}

/** time.ParseDuration's verdict: undefined when `text` is a Go duration, else its error. */
function durationError(text: string): string | undefined {
  const quoted = JSON.stringify(text);
  let s = text.replace(/^[-+]/, '');
  if (s === '0') return undefined;
  if (s === '') return `time: invalid duration ${quoted}`;
  while (s !== '') {
    const number = /^([0-9]*)(\.[0-9]*)?/.exec(s)!;
    if (number[0] === '' || number[0] === '.') return `time: invalid duration ${quoted}`;
    s = s.slice(number[0].length);
    const unit = /^[^0-9.]*/.exec(s)![0];
    if (unit === '') return `time: missing unit in duration ${quoted}`;
    if (!['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h'].includes(unit)) return `time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`;
    s = s.slice(unit.length);
  }
  return undefined;
}

/** Whether Go's time.LoadLocation (with the IANA database) knows `name`: "UTC", "Local", "Europe/Paris", links such as "US/Eastern". */
export function isTimeZone(name: string): boolean {
  if (name === '' || name === 'UTC' || name === 'Local') return true;
  if (name.toLowerCase() === 'local') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return false;
  }
  // ICU matches names regardless of case; the zoneinfo files Go reads do not.
  const canonical = Intl.supportedValuesOf('timeZone');
  return canonical.includes(name) || !canonical.some((zone) => zone.toLowerCase() === name.toLowerCase());
}

/** cron.ParseStandard's error for `schedule`, or undefined when it parses. */
export function cronScheduleError(schedule: string): string | undefined {
  try {
    let spec = schedule;
    if (spec === '') throw new ScheduleError('empty spec string');
    if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
      const space = spec.indexOf(' ');
      const zone = spec.slice(spec.indexOf('=') + 1, space < 0 ? undefined : space);
      if (!isTimeZone(zone)) throw new ScheduleError(`provided bad location ${zone}: unknown time zone ${zone}`);
      spec = space < 0 ? '' : spec.slice(space).trim();
    }
    if (spec.startsWith('@')) {
      if (DESCRIPTORS.has(spec)) return undefined;
      if (spec.startsWith('@every ')) {
        const error = durationError(spec.slice('@every '.length));
        if (error !== undefined) throw new ScheduleError(`failed to parse duration ${spec}: ${error}`);
        return undefined;
      }
      throw new ScheduleError(`unrecognized descriptor: ${spec}`);
    }
    const fields = spec.split(/\s+/).filter((f) => f !== '');
    if (fields.length !== 5) throw new ScheduleError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
    fields.forEach((field, i) => {
      for (const expr of field.split(',').filter((e) => e !== '')) checkRange(expr, FIELDS[i]);
    });
    return undefined;
  } catch (err) {
    if (err instanceof ScheduleError) return err.message;
    throw err;
  }
}
