// `scaffolder create <api|webhook>`.
import type { Argv } from 'yargs';
import type { SelectAction } from './action.js';
import { example } from './examples.js';
import { createApiCommand } from './create-api.js';
import { createWebhookCommand } from './create-webhook.js';

export function createCommand(y: Argv, select: SelectAction): Argv {
  return y.command(
    'create',
    'Scaffold an API or a webhook',
    (b) => createWebhookCommand(createApiCommand(b, select), select)
      .demandCommand(1, 'create needs a subcommand: api or webhook')
      .example(...example('$0 create api --group batch --version v1 --kind CronJob', 'an API and its controller'))
      .example(...example('$0 create webhook --group batch --version v1 --kind CronJob --defaulting', 'a defaulting webhook')),
  );
}
