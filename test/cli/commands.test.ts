import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ok, runCli, tempProjectDir } from './run-cli.js';

const version = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

describe('scaffolder version, completion, help and usage errors', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = tempProjectDir('project')));
  afterEach(() => cleanup());

  it('version prints the package version and layout', async () => {
    const run = await ok(dir, ['version']);
    expect(run.stdout).toBe(`scaffolder ${version} (layout typescript.scaffolder.dev/v1, node ${process.version})\n`);
  });

  it('--version prints what version prints', async () => {
    const run = await ok(dir, ['--version']);
    expect(run.stdout).toBe((await ok(dir, ['version'])).stdout);
    expect((await ok(dir, ['--help'])).stdout).toContain('scaffolder --version');
  });

  it("help and usage errors are in English whatever the user's locale", async () => {
    const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL, LC_MESSAGES: process.env.LC_MESSAGES };
    process.env.LANG = 'de_DE.UTF-8';
    delete process.env.LC_ALL;
    delete process.env.LC_MESSAGES;
    try {
      expect((await ok(dir, ['--help'])).stdout).toContain('\nCommands:\n');
      const run = await runCli(dir, ['init', '--bogus']);
      expect(run.stderr).toBe('error: unknown flag or command: bogus (see --help)\n');
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('create api --version still takes the API version', async () => {
    await ok(dir, ['init', '--domain', 'my.domain', '--install=false']);
    await ok(dir, ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--make=false']);
    expect(readFileSync(resolve(dir, 'PROJECT'), 'utf8')).toContain('version: v1');
  });

  it.each([[[]], [['init']], [['create']], [['create', 'api']], [['create', 'webhook']], [['edit']], [['manifests']], [['version']], [['completion']]])(
    '%j --help prints each example command whole on its own line, under a # line saying what it does',
    async (args) => {
      const help = (await ok(dir, [...args, '--help'])).stdout;
      // A long command goes on over lines ending in ' \\' (as kubebuilder's examples): joined here.
      const examples = help.slice(help.indexOf('Examples:\n') + 'Examples:\n'.length).replace(/ \\\n +(?=\S)/g, ' ').split('\n').filter((l) => l.trim() !== '');
      expect(examples.length).toBeGreaterThanOrEqual(2);
      examples.forEach((line, i) => expect(line).toMatch(i % 2 === 0 ? /^ {2}# \S/ : /^ {2}(scaffolder|source <\(scaffolder) \S.*[^\s\\]$/));
      // The lines after a command are a description or the next command, never the rest of the command.
      for (let i = 1; i < examples.length; i += 2) expect(examples[i + 1] ?? '  # ').toMatch(/^ {2}# /);
    },
  );

  /** `scaffolder <args>` printing to a terminal `columns` wide. */
  async function helpOnTerminal(args: string[], columns: number): Promise<string> {
    let out = '';
    const code = await main(args, { cwd: dir, stdout: { isTTY: true, columns, write: (s: string) => { out += s; } }, stderr: () => undefined });
    expect(code).toBe(0);
    return out;
  }
  const helpCommands = [[], ['init'], ['create'], ['create', 'api'], ['create', 'webhook'], ['edit'], ['manifests'], ['version'], ['completion'], ['alpha'], ['alpha', 'generate'], ['alpha', 'update'], ['help']];

  it.each(helpCommands.map((args) => [args]))('%j --help on an 80-column terminal fits it, and breaks example commands only as a shell continues them', async (args) => {
    const help = await helpOnTerminal([...args, '--help'], 80);
    const long = help.split('\n').filter((l) => l.length > 80);
    expect(long).toEqual([]);
    const at = help.indexOf('Examples:\n');
    if (at < 0) return;
    const examples = help.slice(at + 'Examples:\n'.length).replace(/ \\\n +(?=\S)/g, ' ').split('\n').filter((l) => l.trim() !== '');
    examples.forEach((line, i) => expect(line).toMatch(i % 2 === 0 ? /^ {2}# \S/ : /^ {2}(scaffolder|source <\(scaffolder) \S.*[^\s\\]$/));
  });

  it('--help on a wide terminal is no wider than 120 columns, and wider than on a narrow one', async () => {
    const wide = await helpOnTerminal(['create', 'api', '--help'], 300);
    expect(Math.max(...wide.split('\n').map((l) => l.length))).toBeLessThanOrEqual(120);
    expect(Math.max(...wide.split('\n').map((l) => l.length))).toBeGreaterThan(80);
    expect(wide).toEqual((await ok(dir, ['create', 'api', '--help'])).stdout);
  });

  it('create webhook --help says that no optional plugin takes part, instead of an empty list', async () => {
    const help = (await ok(dir, ['create', 'webhook', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('Optional plugins to run after the base one, comma-separated (no optional plugin takes part in create webhook); see `scaffolder help plugins`');
    expect(help).not.toMatch(/comma-separated: +\(/);
  });

  it('the examples in help name groups, never a domain, as --group', async () => {
    for (const args of helpCommands) {
      const help = (await ok(dir, [...args, '--help'])).stdout;
      for (const [, group] of help.matchAll(/--group (\S+)/g)) expect(group, `${args.join(' ')} --help`).toMatch(/^[a-z0-9-]+$/);
    }
    expect((await ok(dir, ['create', 'api', '--help'])).stdout).toContain('scaffolder create api --group cache --version v1alpha1 --kind Memcached');
  });

  it('completion prints a shell completion script, and completes commands, subcommands and flags', async () => {
    const run = await ok(dir, ['completion']);
    expect(run.stdout).toContain('###-begin-scaffolder-completions-###');
    expect(run.stdout).toContain('scaffolder --get-yargs-completions');
    const top = await ok(dir, ['--get-yargs-completions', 'scaffolder', 'cr']);
    expect(top.stdout.split('\n')).toEqual(expect.arrayContaining(['init', 'create', 'edit', 'manifests']));
    const sub = await ok(dir, ['--get-yargs-completions', 'scaffolder', 'create', '']);
    expect(sub.stdout.split('\n')).toEqual(expect.arrayContaining(['api', 'webhook']));
    const flags = await ok(dir, ['--get-yargs-completions', 'scaffolder', 'create', 'webhook', '--']);
    expect(flags.stdout.split('\n')).toEqual(expect.arrayContaining(['--defaulting', '--programmatic-validation', '--conversion', '--spoke']));
  });

  it.each([
    [['--help'], ['scaffolder init', 'scaffolder create', 'scaffolder edit', 'scaffolder manifests', 'scaffolder version', 'scaffolder completion', '--dry-run']],
    [['init', '--help'], ['--domain', '--project-name', '--owner', '--license', '--multigroup', '--namespaced', '--install', 'Examples:']],
    [['create', 'api', '--help'], ['--group', '--version', '--kind', '--plural', '--resource', '--controller', '--namespaced', '--make', '--force', 'Examples:']],
    [['create', 'webhook', '--help'], ['--defaulting', '--programmatic-validation', '--conversion', '--spoke', '--force', '--make', 'Examples:']],
    [['create', '--help'], ['scaffolder create api', 'scaffolder create webhook', 'Examples:']],
    [['edit', '--help'], ['--multigroup', '--namespaced', '--owner', '--license', 'Examples:']],
    [['manifests', '--help'], ['--paths', '--output-dir', '--max-desc-len', '--check', '--watch', '--strict', 'Examples:']],
    [['version', '--help'], ['Examples:']],
    [['completion', '--help'], ['Examples:', 'completion >> ~/.bashrc']],
  ])('%j documents its flags with examples', async (args, expected) => {
    const run = await ok(dir, args);
    for (const e of expected) expect(run.stdout).toContain(e);
  });

  it.each([['version'], ['completion']])('%s --help does not offer --dry-run, which changes nothing there', async (cmd) => {
    const help = (await ok(dir, [cmd, '--help'])).stdout;
    expect(help).toContain('--help');
    expect(help).not.toContain('--dry-run');
    expect((await ok(dir, ['init', '--help'])).stdout).toContain('--dry-run');
  });

  it('create api --help says what an empty --group does: the API takes the project domain as its group', async () => {
    const help = (await ok(dir, ['create', 'api', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).not.toContain('empty for the core group');
    expect(help).toContain('empty: the domain itself');
    await ok(dir, ['init', '--domain', 'my.domain', '--install=false']);
    await ok(dir, ['create', 'api', '--version', 'v1', '--kind', 'Widget', '--make=false']);
    expect(readFileSync(resolve(dir, 'api/v1/groupversion_info.ts'), 'utf8')).toContain("group: 'my.domain'");
  });

  it.each([
    [[], 'error: a command is needed: init, create api, create webhook, edit, manifests, version, completion, help, alpha\n'],
    [['frobnicate'], 'error: unknown command "frobnicate" for "scaffolder". (see scaffolder --help)\n'],
    // A misspelt command: the nearest command, and no word about the flags that follow it.
    [['craete'], 'error: unknown command "craete" for "scaffolder". Did you mean create? (see scaffolder --help)\n'],
    [['craete', 'api', '--group', 'crew', '--kind', 'Captain'], 'error: unknown command "craete" for "scaffolder". Did you mean create? (see scaffolder --help)\n'],
    [['--dry-run', 'manifest'], 'error: unknown command "manifest" for "scaffolder". Did you mean manifests? (see scaffolder --help)\n'],
    [['create', 'apu', '--version', 'v1', '--kind', 'Captain'], 'error: unknown command "apu" for "scaffolder create". Did you mean api? (see scaffolder create --help)\n'],
    // A value that starts with '-' is the value of the flag before it, as kubebuilder (pflag) reads it.
    [['init', '--domain', '-bad.com'], 'error: invalid domain "-bad.com": must be a DNS-1123 subdomain (lower-case letters, digits, \'-\' and \'.\', starting and ending with a letter or digit, at most 253 characters)\n'],
    [['manifests', '--max-desc-len', 'abc'], 'error: invalid --max-desc-len "abc": must be a whole number of at least 0\n'],
    [['manifests', '--max-desc-len', '1.5'], 'error: invalid --max-desc-len "1.5": must be a whole number of at least 0\n'],
    [['create'], 'error: create needs a subcommand: api or webhook\n'],
    [['version', '--verbose'], 'error: unknown flag or command: verbose (see --help)\n'],
    [['manifests', '--max-desc-len', '-3'], 'error: invalid --max-desc-len "-3": must be a whole number of at least 0\n'],
    [['manifests', '--check', '--watch'], 'error: --check and --watch cannot be used together\n'],
    [['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--namespaced=maybe'], 'error: invalid value "maybe" for --namespaced: must be true or false\n'],
    [['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--resource=nope'], 'error: invalid value "nope" for --resource: must be true or false\n'],
    [['init', '--multigroup=yes'], 'error: invalid value "yes" for --multigroup: must be true or false\n'],
    [['init', '--dry-run=1'], 'error: invalid value "1" for --dry-run: must be true or false\n'],
    // A one-value flag given twice: yargs would join the values ("Foo,Bar"), pflag keep the last.
    [['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Foo', '--kind', 'Bar'], 'error: --kind is given more than once ("Foo", "Bar"): it takes one value\n'],
    [['init', '--domain=a.com', '--domain', 'b.com'], 'error: --domain is given more than once ("a.com", "b.com"): it takes one value\n'],
  ])('%j is a one-line error with exit code 1', async (args, message) => {
    const run = await runCli(dir, args);
    expect(run.stderr).toBe(message);
    expect(run.code).toBe(1);
  });

  it('takes a repeatable flag more than once', async () => {
    await ok(dir, ['init', '--domain', 'my.domain', '--install=false']);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', '--make=false']);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v2', '--kind', 'Frigate', '--controller=false', '--make=false']);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v3', '--kind', 'Frigate', '--controller=false', '--make=false']);
    const run = await ok(dir, ['create', 'webhook', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', '--conversion', '--spoke', 'v2', '--spoke', 'v3', '--make=false']);
    expect(run.stderr).toBe('');
    expect(readFileSync(resolve(dir, 'PROJECT'), 'utf8')).toMatch(/spoke:\n\s+- v2\n\s+- v3/);
  });
});
