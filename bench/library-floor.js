// The floor under a CLI command's start: a process that loads the libraries the command needs, as
// the compiled CLI loads them (same entry files: the build's bundles where bin/cli-libraries.js
// names one, as bin/scaffolder.js points the CLI at them; Node's compile cache on), and uses each once on
// the command's inputs, and does nothing of its own. Run from a project directory:
//   node bench/library-floor.js help        yargs printing a help page that lists the CLI's commands
//   node bench/library-floor.js create-api  yargs parsing a create api line, yaml reading and writing
//                                            PROJECT, handlebars' runtime, a diff of PROJECT
import module, { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cliLibraries } from '../bin/cli-libraries.js';

module.enableCompileCache?.();
const require = createRequire(import.meta.url);

/** What the CLI loads for `specifier`: the build's bundle of it, else the installed package. */
function cliEntry(specifier) {
  const library = cliLibraries.find((l) => l.specifier === specifier);
  const bundle = library && new URL(`../dist/cli-libraries/${library.file}`, import.meta.url);
  return bundle && existsSync(bundle) ? bundle.href : specifier;
}
const requireEntry = (specifier) => require(cliEntry(specifier).startsWith('file:') ? fileURLToPath(cliEntry(specifier)) : specifier);
const yargs = requireEntry('yargs/yargs');

if (process.argv[2] === 'help') {
  const { topCommands } = await import('../dist/src/cli/commands/catalog.js');
  let y = yargs().scriptName('scaffolder').exitProcess(false).locale('en').strict().version(false).wrap(120);
  for (const top of topCommands.values()) y = y.command(top.usage, top.describe);
  y.help().parse(['--help'], {}, (_error, _args, output) => process.stdout.write(`${output}\n`));
} else if (process.argv[2] === 'create-api') {
  const argv = ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain'];
  const args = yargs()
    .exitProcess(false)
    .version(false)
    .command('create api', 'Scaffold an API', (y) => y.options({ group: { type: 'string' }, version: { type: 'string' }, kind: { type: 'string' } }))
    .parse(argv);
  const { parseDocument, stringify } = await import(cliEntry('yaml'));
  const project = readFileSync('PROJECT', 'utf8');
  const doc = parseDocument(project);
  doc.set('resources', [{ group: args.group, version: args.version, kind: args.kind }]);
  const updated = stringify(doc);
  require('handlebars/dist/handlebars.runtime.js').create();
  const { createTwoFilesPatch } = await import(cliEntry('diff/lib/patch/create.js'));
  process.stdout.write(createTwoFilesPatch('PROJECT', 'PROJECT', project, updated));
} else {
  throw new Error(`usage: node bench/library-floor.js help|create-api (got ${process.argv[2]})`);
}
