// Examples in --help as kubebuilder prints them: what it does as a `#` line, then the command on a
// line of its own (yargs's two-column layout wrapped long commands in the middle).
// Use: `.example(...example('$0 init --domain my.domain', 'what it does'))`.

export function example(command: string, what: string): [string, string] {
  // An example without a description is printed across the whole width, one line per line.
  return [`# ${what}\n${command}`, ''];
}
