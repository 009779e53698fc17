// The scaffolder CLI. `main` never throws: bad input prints one `error: ...` line naming the
// value and the rule it breaks, and the exit code is returned.
// Start-up is what every run pays: of the commands (commands/catalog.ts) only the one the line
// names is loaded, yargs when a command line is parsed (a bare `version` needs no parser), and a
// command's handler imports what it runs (generators, templates, YAML) itself.
import type { Argv } from 'yargs';
import { UsageError } from '../project/usage-error.js';
import type { Action } from './commands/action.js';
import { commandWords, normalizeArgv, repeatedFlag, unknownCommand, type CommandTree } from './argv.js';
import { topCommands } from './commands/catalog.js';
import { printVersion } from './commands/version.js';
import { example } from './commands/examples.js';
import { cliIO, type CliIO, type CommandRunner, type MainOptions } from './io.js';
import { createRequire } from 'node:module';

export type { MainOptions } from './io.js';

/** Each top-level command word with its subcommands (src/cli/argv.ts checks the typed words against them). */
const commandNames: CommandTree['commands'] = new Map([...topCommands].map(([word, top]) => [word, top.subcommands]));

/**
 * The width help text wraps at: the terminal's, so that an 80-column terminal does not break lines
 * in the middle of a word, but no wider than 120 columns (longer lines are hard to read) and no
 * narrower than 40 (yargs's two columns need room). Off a terminal (a pipe, a file), 120.
 */
function helpWidth(columns: number | undefined): number {
  return Math.max(40, Math.min(columns ?? 120, 120));
}

/**
 * The parser for a command line naming `command` (a top-level command word, or none): every
 * command is listed, and only the named one is loaded, with its flags by command path.
 */
async function buildParser(command: string | undefined, select: (a: Action) => void, width: number): Promise<{ parser: Argv; flags: CommandTree['flags'] }> {
  // yargs 17's CommonJS build is one file; its ESM entry loads some thirty, and yargs 18 brings
  // string-width 7 and 8, which build an Intl.Segmenter and parse \p{RGI_Emoji} when imported
  // (together longer than Node's own start). Same parser, same help text.
  const yargs = createRequire(import.meta.url)('yargs/yargs') as typeof import('yargs/yargs');
  let y: Argv = yargs()
    .scriptName('scaffolder')
    .usage('$0 <command> [options]\n\nScaffold Kubernetes operators in TypeScript (kubebuilder for TypeScript).\n`$0 --version` is `$0 version`.')
    .exitProcess(false)
    // English whatever the user's locale (as kubebuilder): yargsError below reads yargs's English
    // messages, and a German LANG gave "Kommandos:" headings and an unrewritten "Unbekanntes Argument".
    .locale('en')
    .strict()
    .version(false)
    .option('dry-run', { type: 'boolean', default: false, global: true, describe: 'Print the files that would be created and the diffs of those that would change; write nothing' })
    .wrap(width);
  skipHelpCache(y);
  let flags: CommandTree['flags'] = {};
  for (const [word, top] of topCommands) {
    if (word === command) {
      const module = await top.load();
      y = module.register(y, select, top);
      flags = module.flags;
    } else {
      y = y.command(top.usage, top.describe);
    }
  }
  const parser = y
    .demandCommand(1, `a command is needed: ${[...topCommands.keys()].join(', ').replace('create', 'create api, create webhook')}`)
    .example(...example('$0 init --domain my.domain', 'start a project in the current directory'))
    .example(...example('$0 create api --group webapp --version v1 --kind Guestbook', 'add an API and its controller'))
    .help()
    .alias('help', 'h');
  return { parser, flags };
}

/** The part of yargs 17's internals that skipHelpCache reaches (not in its public types). */
interface YargsUsageInternals {
  getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?: () => void } };
}

/**
 * yargs 17 renders a command's whole help page after running its handler, and keeps it for a
 * failure that may follow. Here a handler only selects an action (yargs has validated the line by
 * then) and yargs does nothing after it, so the page is never shown: building it was a tenth of a
 * `create api`'s CPU. Help asked for (--help, a failure before the handler) is rendered as before.
 * A yargs without this method is left as it is.
 */
function skipHelpCache(y: Argv): void {
  const usage = (y as unknown as YargsUsageInternals).getInternalMethods?.().getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
}

// yargs reports problems in its own words; say which flag and rule, in one line.
function yargsError(message: string): string {
  const missing = /^Missing required argument(?:s)?: (.*)$/.exec(message);
  if (missing) return `missing required flag${missing[1].includes(',') ? 's' : ''}: ${missing[1].split(', ').map((f) => `--${f}`).join(', ')}`;
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (unknown) return `unknown flag or command: ${unknown[1]} (see --help)`;
  const choice = /Argument: ([\w-]+), Given: ("[^"]*"|\S+), Choices: (.*)/.exec(message);
  if (choice) return `invalid value ${choice[2]} for --${choice[1]}: must be one of ${choice[3].trim()}`;
  return message.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
}

/**
 * yargs reads `--flag=<anything>` of a boolean flag as true or false without complaint
 * (`--namespaced=maybe`); only true and false are values of a boolean flag.
 */
function invalidBoolean(argv: string[], args: Record<string, unknown>): string | undefined {
  for (const arg of argv) {
    if (arg === '--') break;
    const m = /^--([\w-]+)=(.*)$/s.exec(arg);
    if (!m || typeof args[m[1]] !== 'boolean' || /^(true|false)$/.test(m[2])) continue;
    return `invalid value "${m[2]}" for --${m[1]}: must be true or false`;
  }
  return undefined;
}

/**
 * Candidates for the shell completion script. yargs computes them while parsing (skipping
 * validation of the half-typed command line) and prints them with console.log, which is
 * borrowed for the duration so that they reach this run's stdout.
 */
async function completions(parser: Argv, argv: string[]): Promise<string> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => { lines.push(parts.map(String).join(' ')); };
  try {
    await parser.parseAsync(argv);
  } catch {
    // A half-typed command line may not parse; offer what was found so far.
  } finally {
    console.log = log;
  }
  return lines.map((l) => `${l}\n`).join('');
}

export async function main(rawArgv: string[], options: MainOptions = {}): Promise<number> {
  const io: CliIO = cliIO(options, runInProcess);
  try {
    if (rawArgv.length === 1 && (rawArgv[0] === 'version' || rawArgv[0] === '--version')) return await printVersion(io);
    let action: Action | undefined;
    const completing = rawArgv.indexOf('--get-yargs-completions');
    // A completion request carries the words typed so far after the program's name.
    const { words } = commandWords(completing >= 0 ? rawArgv.slice(completing + 2) : rawArgv);
    const { parser, flags } = await buildParser(words[0], (a) => { action = a; }, helpWidth(io.columns));
    if (completing >= 0) {
      io.stdout(await completions(parser, rawArgv));
      return 0;
    }
    const commandTree: CommandTree = { commands: commandNames, flags };
    const unknown = unknownCommand(rawArgv, commandTree);
    if (unknown) {
      io.stderr(`error: ${unknown}\n`);
      return 1;
    }
    const argv = normalizeArgv(rawArgv, commandTree);
    const repeated = repeatedFlag(argv, commandTree);
    if (repeated) {
      io.stderr(`error: ${repeated}\n`);
      return 1;
    }
    const parsed = await new Promise<{ error?: Error; output: string; args: Record<string, unknown> }>((resolve) => {
      void parser.parse(argv, {}, (error, args, output) => resolve({ error: error ?? undefined, output, args: (args ?? {}) }));
    });
    if (parsed.error) {
      io.stderr(`error: ${yargsError(parsed.error.message)}\n`);
      return 1;
    }
    const badBoolean = invalidBoolean(argv, parsed.args);
    if (badBoolean) {
      io.stderr(`error: ${badBoolean}\n`);
      return 1;
    }
    if (!action) {
      // --help and completion requests: yargs produced the text.
      if (parsed.output) io.stdout(parsed.output.endsWith('\n') ? parsed.output : `${parsed.output}\n`);
      return 0;
    }
    io.dryRun = parsed.args['dry-run'] === true;
    return await action(io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`error: ${err.message}\n`);
      return 1;
    }
    const e = err instanceof Error ? err : new Error(String(err));
    io.stderr(`error: internal error (please report it): ${e.message}\n${e.stack ?? ''}\n`);
    return 1;
  }
}

/** This CLI on another command line in `cwd`, its output collected (io.scaffolder). */
const runInProcess: CommandRunner = async (args, cwd) => {
  let output = '';
  const { PassThrough } = await import('node:stream');
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  stdin.end();
  const code = await main(args, { cwd, stdin, stdout: (s) => { output += s; }, stderr: (s) => { output += s; } });
  return { code, output };
};
