// A string written into a hand-edited YAML file (config/manager/manager.yaml) must read back as
// that string. kubectl reads YAML 1.1 (go-yaml: `on`, `y` and `0x10` are not strings there), this
// package and most tools read YAML 1.2 (`0o10` is a number there); the yaml library knows both.
import { stringify } from 'yaml';

/** `text` as a YAML scalar: plain when both YAML 1.1 and 1.2 read it as this string, else quoted. */
export function yamlStringScalar(text: string): string {
  for (const version of ['1.1', '1.2'] as const) {
    const written = stringify(text, { version, lineWidth: 0 }).trimEnd();
    if (written !== text) return written;
  }
  return text;
}
