// `scaffolder alpha <generate|update>`: project lifecycle commands, as kubebuilder's `alpha`.
import type { Argv, Options } from 'yargs';
import type { CommandModule, CommandName, SelectAction } from './action.js';
import { example } from './examples.js';

/** The flags of `alpha generate`; main reads their types (see src/cli/argv.ts). */
export const alphaGenerateFlags = {
  'input-dir': { type: 'string', describe: 'Directory holding the PROJECT file (default: the current directory)' },
  'output-dir': {
    type: 'string',
    describe: 'Directory to write the new scaffold to: it must not exist or be empty. Without it the project is scaffolded again in place (--force needed: every file but .git and those git ignores is replaced)',
  },
  'install': { type: 'boolean', default: true, describe: 'Run npm install in the new scaffold (init --install)' },
  'make': { type: 'boolean', default: true, describe: 'Regenerate the manifests of the new scaffold afterwards (scaffolder manifests)' },
  'force': { type: 'boolean', default: false, describe: 'Scaffold again in place, at the root of a git work tree with nothing uncommitted: replace every file but .git and those git ignores' },
} satisfies Record<string, Options>;

/** The flags of `alpha update`. */
export const alphaUpdateFlags = {
  'from-scaffolder': {
    type: 'string',
    describe: 'Directory of the scaffolder package that made the project (a checkout or node_modules/kubescaffolder of that version); not needed when PROJECT\'s cliVersion is this version',
  },
  'from-branch': { type: 'string', describe: 'Branch to update (default: the current branch)' },
  'output-branch': { type: 'string', describe: 'Branch to write the result to (default: scaffolder-update-from-<cliVersion>-to-<version>)' },
  'force': { type: 'boolean', default: false, describe: 'On merge conflicts, commit the result with its conflict markers instead of stopping' },
} satisfies Record<string, Options>;

function alphaUpdateCommand(y: Argv, select: SelectAction): Argv {
  return y.command(
    'update',
    'Move the project to this scaffolder\'s scaffold: a three-way merge of the old scaffold, the new one and your branch, on a new git branch',
    (b) => b
      .options(alphaUpdateFlags)
      .example(...example('$0 alpha update --from-scaffolder ../scaffolder-0.1.0', 'update the current branch of a project made by scaffolder 0.1.0'))
      .example(...example('$0 alpha update --from-scaffolder ../scaffolder-0.1.0 --force', 'commit conflicts with their markers, to resolve on the new branch')),
    (argv) => select(async (io) => {
      // Loaded when the command runs (see main.ts).
      const { alphaUpdate } = await import('../alpha/update.js');
      return alphaUpdate(io, {
        fromScaffolder: argv['from-scaffolder'],
        fromBranch: argv['from-branch'],
        outputBranch: argv['output-branch'],
        force: argv.force,
      });
    }),
  );
}

function alphaGenerateCommand(y: Argv, select: SelectAction): Argv {
  return y.command(
    'generate',
    'Scaffold a project again from its PROJECT file, with this scaffolder (init, create api, create webhook as PROJECT records them)',
    (b) => b
      .options(alphaGenerateFlags)
      .example(...example('$0 alpha generate --input-dir ./guestbook --output-dir ./guestbook-new', 'the scaffold this scaffolder writes for the project, beside it'))
      .example(...example('$0 alpha generate --force', 'the project scaffolded again in place, keeping .git and ignored files')),
    (argv) => select(async (io) => {
      // Loaded when the command runs (see main.ts).
      const { alphaGenerate } = await import('../alpha/generate.js');
      return alphaGenerate(io, {
        inputDir: argv['input-dir'],
        outputDir: argv['output-dir'],
        install: argv.install,
        make: argv.make,
        force: argv.force,
      });
    }),
  );
}

function alphaCommand(y: Argv, select: SelectAction, name: CommandName): Argv {
  return y.command(
    name.usage,
    name.describe,
    (b) => alphaUpdateCommand(alphaGenerateCommand(b, select), select)
      .demandCommand(1, 'alpha needs a subcommand: generate or update'),
  );
}

export const command: CommandModule = {
  register: alphaCommand,
  flags: {
    'alpha generate': alphaGenerateFlags,
    'alpha update': alphaUpdateFlags,
  },
};
