/**
 * Whether a string, written plain, would read back as something else (null, bool, number, timestamp):
 * then go-yaml v2 quotes it. YAML 1.1 rules, as gopkg.in/yaml.v2 resolves plain scalars.
 */

const NON_STRINGS = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON',
  'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF',
  '', '~', 'null', 'Null', 'NULL',
  '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
  '<<',
]);

const GO_INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const GO_PARSE_FLOAT = /^[-+]?((\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|inf|infinity|nan)$/i;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})([Tt ])(\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d+)?(Z|[-+]\d{2}:\d{2})?$/;

function validDate(y: string, m: string, d: string): boolean {
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
}

function isTimestamp(s: string): boolean {
  const date = DATE.exec(s);
  if (date) return validDate(date[1], date[2], date[3]);
  const dt = DATE_TIME.exec(s);
  if (!dt || !validDate(dt[1], dt[2], dt[3])) return false;
  if (Number(dt[5]) > 23 || Number(dt[6]) > 59 || Number(dt[7]) > 59) return false;
  // the T forms need a zone, the space form must not have one
  return dt[4] === ' ' ? dt[9] === undefined : dt[9] !== undefined;
}

/** True when go-yaml v2 would write the string without quotes (it reads back as the same string). */
export function resolvesToString(s: string): boolean {
  if (NON_STRINGS.has(s)) return false;
  const first = s[0];
  if (first === '.') return !GO_PARSE_FLOAT.test(s);
  if (first !== undefined && /[-+0-9]/.test(first)) {
    if (/^[0-9]/.test(s) && isTimestamp(s)) return false;
    const plain = s.replace(/_/g, '');
    if (GO_INT.test(plain) || YAML_FLOAT.test(plain)) return false;
    if (BASE60_FLOAT.test(s)) return false;
  }
  return true;
}
