// `scaffolder create <api|webhook>`.
import type { Argv } from 'yargs';
import type { CommandModule, CommandName, SelectAction } from './action.js';
import { example } from './examples.js';
import { createApiCommand, createApiFlags } from './create-api.js';
import { createWebhookCommand, createWebhookFlags } from './create-webhook.js';
import { pluginCliFlags } from '../plugins.js';

function createCommand(y: Argv, select: SelectAction, name: CommandName): Argv {
  return y.command(
    name.usage,
    name.describe,
    (b) => createWebhookCommand(createApiCommand(b, select), select)
      .demandCommand(1, 'create needs a subcommand: api or webhook')
      .example(...example('$0 create api --group batch --version v1 --kind CronJob', 'an API and its controller'))
      .example(...example('$0 create webhook --group batch --version v1 --kind CronJob --defaulting', 'a defaulting webhook')),
  );
}

export const command: CommandModule = {
  register: createCommand,
  flags: {
    'create api': { ...createApiFlags, ...pluginCliFlags('create api') },
    'create webhook': { ...createWebhookFlags, ...pluginCliFlags('create webhook') },
  },
};
