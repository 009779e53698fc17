// The raw command line, read the way kubebuilder's command library (cobra with spf13/pflag) reads
// it where yargs differs, before yargs parses it.
import { createRequire } from 'node:module';
import type { Options } from 'yargs';

/** Commands and their subcommands, by name; a command's flags by the space-joined command words. */
export interface CommandTree {
  commands: ReadonlyMap<string, readonly string[]>;
  flags: Readonly<Record<string, Readonly<Record<string, Options>>>>;
}

/** Flags that may come before the command words: the global ones without a value. */
const leadingFlags = /^(--dry-run(=.*)?|--help|-h)$/;

/** The command words (`create api`): the first arguments that are not flags. */
export function commandWords(argv: readonly string[]): { words: string[]; next: number } {
  let i = 0;
  while (i < argv.length && leadingFlags.test(argv[i])) i++;
  const words: string[] = [];
  for (; i < argv.length && !argv[i].startsWith('-'); i++) words.push(argv[i]);
  return { words, next: i };
}

/**
 * A command word that names no command, as cobra reports it: `unknown command "craete" for
 * "scaffolder"`, with the commands within two edits of it or starting with it (cobra's
 * SuggestionsMinimumDistance and prefix rule). Undefined when the command words are known.
 */
export function unknownCommand(argv: readonly string[], tree: CommandTree): string | undefined {
  const { words } = commandWords(argv);
  const top = words[0];
  if (top === undefined) return undefined;
  const subs = tree.commands.get(top);
  if (subs === undefined) return describe(top, 'scaffolder', [...tree.commands.keys()]);
  const sub = words[1];
  if (subs.length === 0 || sub === undefined || subs.includes(sub)) return undefined;
  return describe(sub, `scaffolder ${top}`, subs);
}

function describe(typed: string, parent: string, names: readonly string[]): string {
  // Required here, for a mistyped command only: loading it cost every run 0.8 ms.
  const { distance } = createRequire(import.meta.url)('fastest-levenshtein') as typeof import('fastest-levenshtein');
  const lower = typed.toLowerCase();
  const near = names.filter((n) => distance(lower, n) <= 2 || n.startsWith(lower));
  const hint = near.length > 0 ? ` Did you mean ${near.join(' or ')}?` : '';
  return `unknown command "${typed}" for "${parent}".${hint} (see ${parent} --help)`;
}

function takesValue(o: Options | undefined): boolean {
  return o !== undefined && o.type !== 'boolean' && o.type !== 'count' && (o.type !== undefined || o.choices !== undefined);
}

/**
 * A flag declared `requiresArg: false` takes a value only after `=` (pflag's NoOptDefVal):
 * `--check-compat` alone is `''`, and the next argument stays an argument of its own.
 */
function optionalValue(o: Options | undefined): boolean {
  return o !== undefined && o.type === 'string' && o.requiresArg === false;
}

/**
 * pflag takes the argument after a flag that needs a value as that value whatever it looks like;
 * yargs reads `--domain -bad.com` as flags -b, -a and -d. Such pairs are joined into
 * `--domain=-bad.com`, so that the value is checked (and reported) as the flag's value.
 * `scaffolder --version` is `scaffolder version` (cobra's --version; a flag only at the top, since
 * --version is the API version of create api and create webhook).
 */
export function normalizeArgv(argv: readonly string[], tree: CommandTree): string[] {
  if (argv[0] === '--version') return ['version', ...argv.slice(1)];
  const { words, next } = commandWords(argv);
  const path = words.slice(0, 2).join(' ');
  const flags = tree.flags[path] ?? tree.flags[words[0] ?? ''];
  if (flags === undefined) return [...argv];
  const out = argv.slice(0, next);
  for (let i = next; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const value = argv[i + 1];
    const name = /^--([\w-]+)$/.exec(arg)?.[1];
    if (name !== undefined && optionalValue(flags[name])) {
      out.push(`${arg}=`);
    } else if (name !== undefined && takesValue(flags[name]) && value !== undefined && value.startsWith('-') && value !== '--') {
      out.push(`${arg}=${value}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/**
 * A flag that takes one value, given more than once (`--kind Foo --kind Bar`). pflag keeps the last
 * and yargs joins them ("Foo,Bar"); neither is what was meant, so it is reported. Flags declared
 * repeatable (`array: true`) are not.
 */
export function repeatedFlag(argv: readonly string[], tree: CommandTree): string | undefined {
  const { words, next } = commandWords(argv);
  const flags = tree.flags[words.slice(0, 2).join(' ')] ?? tree.flags[words[0] ?? ''];
  if (flags === undefined) return undefined;
  const values = new Map<string, string[]>();
  for (let i = next; i < argv.length && argv[i] !== '--'; i++) {
    const m = /^--([\w-]+)(?:=(.*))?$/s.exec(argv[i]);
    const flag = m && flags[m[1]];
    if (!flag || !takesValue(flag) || flag.array === true) continue;
    const value = m[2] ?? argv[i + 1] ?? '';
    if (m[2] === undefined) i++;
    const seen = values.get(m[1]) ?? [];
    seen.push(value);
    values.set(m[1], seen);
    if (seen.length === 2) return `--${m[1]} is given more than once (${seen.map((v) => JSON.stringify(v)).join(', ')}): it takes one value`;
  }
  return undefined;
}
