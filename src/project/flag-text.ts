/**
 * A command-line flag's text. yargs hands a command's flags over untyped: a string, a number or boolean
 * for an option it parsed as one, an array when the flag was repeated; String() of each is what was typed.
 */
export function flagText(value: unknown): string {
  return String(value);
}
