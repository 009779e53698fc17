// The scaffolder CLI. `main` never throws: bad input prints one `error: ...` line naming the
// value and the rule it breaks, and the exit code is returned.
// Start-up is what every run pays: this module and the command modules import only the flag
// definitions, yargs is imported when a command line is parsed (a bare `version` needs no parser),
// and a command's handler imports what it runs (generators, templates, YAML) itself.
import type { Argv } from 'yargs';
import { UsageError } from './usage-error.js';
import type { Action } from './commands/action.js';
import { alphaCommand, alphaGenerateFlags, alphaUpdateFlags } from './commands/alpha.js';
import { normalizeArgv, unknownCommand, type CommandTree } from './argv.js';
import { completionCommand } from './commands/completion.js';
import { createCommand } from './commands/create.js';
import { createApiFlags } from './commands/create-api.js';
import { createWebhookFlags } from './commands/create-webhook.js';
import { editCommand, editFlags } from './commands/edit.js';
import { initCommand, initFlags } from './commands/init.js';
import { manifestsCommand, manifestsFlags } from './commands/manifests.js';
import { printVersion, versionCommand } from './commands/version.js';
import { helpCommand } from './commands/help.js';
import { example } from './commands/examples.js';
import { cliIO, type CliIO, type CommandRunner, type MainOptions } from './io.js';
import { PassThrough } from 'node:stream';
import { pluginCliFlags } from './plugins.js';

export type { MainOptions } from './io.js';

const commandTree: CommandTree = {
  commands: new Map([['init', []], ['create', ['api', 'webhook']], ['edit', []], ['manifests', []], ['version', []], ['completion', []], ['help', ['plugins']], ['alpha', ['generate', 'update']]]),
  flags: {
    'init': { ...initFlags, ...pluginCliFlags('init') },
    'create api': { ...createApiFlags, ...pluginCliFlags('create api') },
    'create webhook': { ...createWebhookFlags, ...pluginCliFlags('create webhook') },
    'edit': { ...editFlags, ...pluginCliFlags('edit') },
    'manifests': manifestsFlags,
    'alpha generate': alphaGenerateFlags,
    'alpha update': alphaUpdateFlags,
  },
};

async function buildParser(select: (a: Action) => void): Promise<Argv> {
  const { default: yargs } = await import('yargs');
  let y: Argv = yargs()
    .scriptName('scaffolder')
    .usage('$0 <command> [options]\n\nScaffold Kubernetes operators in TypeScript (kubebuilder for TypeScript).\n`$0 --version` is `$0 version`.')
    .exitProcess(false)
    .strict()
    .version(false)
    .option('dry-run', { type: 'boolean', default: false, global: true, describe: 'Print the files that would be created and the diffs of those that would change; write nothing' })
    .wrap(120);
  y = initCommand(y, select);
  y = createCommand(y, select);
  y = editCommand(y, select);
  y = manifestsCommand(y, select);
  y = versionCommand(y, select);
  y = completionCommand(y, select);
  y = helpCommand(y, select);
  y = alphaCommand(y, select);
  return y
    .demandCommand(1, 'a command is needed: init, create api, create webhook, edit, manifests, version, completion, help, alpha')
    .example(...example('$0 init --domain my.domain', 'start a project in the current directory'))
    .example(...example('$0 create api --group webapp --version v1 --kind Guestbook', 'add an API and its controller'))
    .help()
    .alias('help', 'h');
}

// yargs reports problems in its own words; say which flag and rule, in one line.
function yargsError(message: string): string {
  const missing = /^Missing required argument(?:s)?: (.*)$/.exec(message);
  if (missing) return `missing required flag${missing[1]!.includes(',') ? 's' : ''}: ${missing[1]!.split(', ').map((f) => `--${f}`).join(', ')}`;
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (unknown) return `unknown flag or command: ${unknown[1]} (see --help)`;
  const choice = /Argument: ([\w-]+), Given: ("[^"]*"|\S+), Choices: (.*)/.exec(message);
  if (choice) return `invalid value ${choice[2]} for --${choice[1]}: must be one of ${choice[3]!.trim()}`;
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
    if (!m || typeof args[m[1]!] !== 'boolean' || /^(true|false)$/.test(m[2]!)) continue;
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
  const io: CliIO = { ...cliIO(options), scaffolder: runInProcess };
  try {
    if (rawArgv.length === 1 && (rawArgv[0] === 'version' || rawArgv[0] === '--version')) return await printVersion(io);
    let action: Action | undefined;
    const parser = await buildParser((a) => { action = a; });
    if (rawArgv.includes('--get-yargs-completions')) {
      io.stdout(await completions(parser, rawArgv));
      return 0;
    }
    const unknown = unknownCommand(rawArgv, commandTree);
    if (unknown) {
      io.stderr(`error: ${unknown}\n`);
      return 1;
    }
    const argv = normalizeArgv(rawArgv, commandTree);
    const parsed = await new Promise<{ error?: Error; output: string; args: Record<string, unknown> }>((resolve) => {
      void parser.parse(argv, {}, (error, args, output) => resolve({ error: error ?? undefined, output, args: (args ?? {}) as Record<string, unknown> }));
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
    return await action({ ...io, dryRun: parsed.args['dry-run'] === true });
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
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  stdin.end();
  const code = await main(args, { cwd, stdin, stdout: (s) => { output += s; }, stderr: (s) => { output += s; } });
  return { code, output };
};
