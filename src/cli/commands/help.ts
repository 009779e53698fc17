// `scaffolder help plugins`: what --plugins can name.
import type { Argv } from 'yargs';
import type { CommandModule, CommandName, SelectAction } from './action.js';
import { example } from './examples.js';

function helpCommand(y: Argv, select: SelectAction, name: CommandName): Argv {
  return y.command(
    name.usage,
    name.describe,
    (b) => b
      .positional('topic', { choices: ['plugins'] as const, describe: 'plugins: the plugins, their commands and flags' })
      .hide('dry-run')
      .example(...example('$0 help plugins', 'list the plugins')),
    () => select(async (io) => {
      const { pluginsHelp } = await import('../../project/plugin-catalog.js');
      io.stdout(pluginsHelp());
      return 0;
    }),
  );
}

export const command: CommandModule = { register: helpCommand, flags: {} };
