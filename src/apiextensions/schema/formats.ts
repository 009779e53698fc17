/**
 * The string formats apiextensions-apiserver validates (kube-openapi's strfmt registry); any other
 * format is stripped from the schema and not checked, as the API server does.
 */
import { isIP, isIPv4, isIPv6 } from 'node:net';

type FormatCheck = (value: string) => boolean;

const uuid = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const uuid3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const uuid4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const uuid5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const hostname =
  /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const date = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The time part strfmt accepts after the `t`: seconds and a zone are required. */
const timeOfDay = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/;
const mac = /^([0-9A-Fa-f]{2}[:-]){5}([0-9A-Fa-f]{2})$|^([0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}$|^([0-9A-Fa-f]{2}[:-]){7}[0-9A-Fa-f]{2}$|^([0-9A-Fa-f]{2}[:-]){19}[0-9A-Fa-f]{2}$/;
const goDuration = /^[-+]?((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$|^[-+]?0$/;
/** strfmt's second chance for durations: any `<n> <unit>` inside the text, units as below. */
const looseDuration = /(\d+)\s*([A-Za-zµ]+)/g;
const durationUnits = [['ns', 'nano'], ['us', 'µs', 'micro'], ['ms', 'milli'], ['s', 'sec'], ['m', 'min'], ['h', 'hr', 'hour'], ['d', 'day'], ['w', 'wk', 'week']];

function isLooseDuration(v: string): boolean {
  for (const m of v.matchAll(looseDuration)) {
    const unit = m[2].toLowerCase();
    // A unit is one of the spellings, or starts with the longest (`minutes`, `hours`).
    if (durationUnits.some((variants) => variants.some((variant, i) => variant === unit || (i === variants.length - 1 && unit.startsWith(variant))))) {
      return true;
    }
  }
  return false;
}
const bsonObjectId = /^[0-9a-fA-F]{24}$/;
const isbn10 = /^(?:\d[- ]?){9}[\dX]$/;
const isbn13 = /^(?:\d[- ]?){12}\d$/;
const ssn = /^\d{3}[- ]?\d{2}[- ]?\d{4}$/;
const hexColor = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const rgbColor = /^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$/;
const creditCard =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$/;
const email = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

function isDate(v: string): boolean {
  const m = date.exec(v);
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** strfmt's IsDateTime: a full date, `t` (any case), and a time of day with seconds and zone. */
function isDateTime(v: string): boolean {
  if (v.length < 4) return false;
  const parts = v.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0])) return false;
  const m = timeOfDay.exec(parts[1]);
  return m !== null && m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}

/** Go's url.ParseRequestURI: an absolute URI, or an absolute path. */
function isRequestURI(v: string): boolean {
  if (v === '' || /\s/.test(v)) return false;
  if (v.startsWith('/')) return true;
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(v) && URL.canParse(v);
}

function isCIDR(v: string): boolean {
  const slash = v.indexOf('/');
  if (slash < 0) return false;
  const ip = v.slice(0, slash);
  const bits = v.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  const family = isIP(ip);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

const checks: Record<string, FormatCheck> = {
  bsonobjectid: (v) => bsonObjectId.test(v),
  uri: isRequestURI,
  // net/mail.ParseAddress also takes a display name: `Barry Gibbs <bg@example.com>`.
  email: (v) => email.test(v) || (/^[^<>]*<([^<>]+)>$/.test(v) && email.test(/<([^<>]+)>$/.exec(v)![1])),
  hostname: (v) => hostname.test(v) && v.length <= 255 && v.split('.').every((p) => p.length <= 63),
  ipv4: (v) => isIPv4(v),
  ipv6: (v) => isIPv6(v),
  cidr: isCIDR,
  mac: (v) => mac.test(v),
  uuid: (v) => uuid.test(v),
  uuid3: (v) => uuid3.test(v),
  uuid4: (v) => uuid4.test(v),
  uuid5: (v) => uuid5.test(v),
  isbn: (v) => isbn10.test(v) || isbn13.test(v),
  isbn10: (v) => isbn10.test(v),
  isbn13: (v) => isbn13.test(v),
  creditcard: (v) => creditCard.test(v.replace(/\D/g, '')),
  ssn: (v) => ssn.test(v),
  hexcolor: (v) => hexColor.test(v),
  rgbcolor: (v) => rgbColor.test(v),
  byte: (v) => base64.test(v),
  password: () => true,
  date: isDate,
  duration: (v) => goDuration.test(v) || isLooseDuration(v),
  datetime: isDateTime,
};

/**
 * The check for a schema's format, or undefined when the API server would strip the format
 * (unknown names, or formats on non-string types; int32/int64/float/double are range checks).
 */
export function formatCheck(type: string | undefined, format: string | undefined): FormatCheck | undefined {
  if (!format || (type !== undefined && type !== 'string' && type !== '')) return undefined;
  return checks[format.replaceAll('-', '')];
}
