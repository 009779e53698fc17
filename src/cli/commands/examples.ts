// Examples in --help as kubebuilder prints them: what it does as a `#` line, then the command on a
// line of its own (yargs's two-column layout wrapped long commands in the middle).
// Use: `.example(...example('$0 init --domain my.domain', 'what it does'))`.

/**
 * Help is at least 80 columns wide on a terminal (main.ts's helpWidth), and yargs indents examples
 * and keeps a margin: a command longer than that goes on over lines ending in ` \`, as a shell reads
 * it, each break before a flag, so that yargs never breaks it in the middle (which no shell could paste).
 */
const LINE = 80 - 4;
/** What yargs puts for `$0`. */
const PROGRAM = 'scaffolder';

export function example(command: string, what: string): [string, string] {
  // An example without a description is printed across the whole width, one line per line.
  return [`# ${what}\n${fitCommand(command)}`, ''];
}

/** `command` on lines of at most LINE columns (as printed), broken before flags (a flag stays with its value). */
function fitCommand(command: string): string {
  const words = command.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  // A flag starts a piece; the words after it (its value) belong to it, as the command's words belong to the program.
  const pieces: string[] = [];
  for (const w of words) {
    if (w === '\\') continue;
    if (pieces.length === 0 || w.startsWith('-')) pieces.push(w);
    else pieces[pieces.length - 1] += ` ${w}`;
  }
  const width = (text: string) => text.replaceAll('$0', PROGRAM).length;
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && width(`${last} ${piece} \\`) <= LINE) lines[lines.length - 1] = `${last} ${piece}`;
    else lines.push(piece);
  }
  // yargs indents every line of an example alike.
  return lines.join(' \\\n');
}
