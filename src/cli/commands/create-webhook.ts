// `scaffolder create webhook`: defaulting, validating or conversion webhooks for a kind.
import type { Argv, Options } from 'yargs';
import type { SelectAction } from './action.js';
import { example } from './examples.js';
import { withPluginFlags } from '../plugins.js';

/** The flags of the command; main reads their types (see src/cli/argv.ts). */
export const createWebhookFlags = {
  'group': { type: 'string', default: '', describe: 'API group of the kind, as given to create api (empty: the project domain); core, apps, ... for built-in kinds' },
  'version': { type: 'string', demandOption: true, describe: 'API version of the kind (the hub, with --conversion)' },
  'kind': { type: 'string', demandOption: true, describe: 'Kind, in PascalCase' },
  'plural': { type: 'string', describe: "Resource name of a built-in kind, when it is not the default plural (an API of the project keeps the plural PROJECT records)" },
  'defaulting': { type: 'boolean', default: false, describe: 'A mutating webhook that sets defaults' },
  'programmatic-validation': { type: 'boolean', default: false, describe: 'A validating webhook for create, update and delete' },
  'conversion': { type: 'boolean', default: false, describe: 'A conversion webhook; this version becomes the hub' },
  'spoke': { type: 'string', array: true, default: [] as string[], describe: 'With --conversion: the versions converted to and from the hub (repeatable, or comma-separated)' },
  'defaulting-path': { type: 'string', describe: 'Custom URL path of the defaulting webhook' },
  'validation-path': { type: 'string', describe: 'Custom URL path of the validating webhook' },
  'make': { type: 'boolean', default: true, describe: 'Regenerate manifests afterwards (scaffolder manifests)' },
  'force': { type: 'boolean', default: false, describe: 'Overwrite the webhook files and scaffold existing webhook types again' },
} satisfies Record<string, Options>;

export function createWebhookCommand(y: Argv, select: SelectAction): Argv {
  return y.command(
    'webhook',
    'Scaffold defaulting, validating or conversion webhooks for a kind',
    (b) => withPluginFlags(b.options(createWebhookFlags), 'create webhook')
      .example(...example('$0 create webhook --group batch --version v1 --kind CronJob --defaulting --programmatic-validation', 'defaulter and validator'))
      .example(...example('$0 create webhook --group batch --version v1 --kind CronJob --conversion --spoke v2', 'v1 is the hub, v2 converts to and from it'))
      .example(...example('$0 create webhook --group core --version v1 --kind Pod --defaulting', 'a webhook for a built-in kind')),
    (argv) => select(async (io) => {
      // Loaded when the command runs (see main.ts).
      const { planCreateWebhook } = await import('../../scaffold/plugins/webhook/create-webhook.js');
      const { runPlan } = await import('../apply-plan.js');
      const { manifestsAfterScaffold } = await import('../manifests-runner.js');
      const { loadProject } = await import('../project-dir.js');
      const { pluginSteps } = await import('../plugins.js');
      const cfg = loadProject(io);
      const plugins = await pluginSteps('create webhook', argv);
      const spoke = argv.spoke.flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean);
      const { written, planned } = runPlan(io, { dryRun: argv['dry-run'] === true, force: argv.force }, (plan) => plugins.run(plan, planCreateWebhook(plan, cfg, {
        group: argv.group,
        version: argv.version,
        kind: argv.kind,
        plural: argv.plural,
        defaulting: argv.defaulting,
        validation: argv['programmatic-validation'],
        conversion: argv.conversion,
        spoke,
        defaultingPath: argv['defaulting-path'],
        validationPath: argv['validation-path'],
        force: argv.force,
      })));
      if ((written || io.dryRun) && argv.make) return manifestsAfterScaffold(io, planned);
      return 0;
    }),
  );
}
