// `scaffolder edit`: change project-wide choices made at init.
import type { Argv, Options } from 'yargs';
import { KUBERNETES_API_VERSIONS } from '../../kube/kubernetes-api.js';
import type { CommandModule, CommandName, SelectAction } from './action.js';
import { example } from './examples.js';
import { pluginCliFlags, withPluginFlags } from '../plugins.js';

/** The flags of the command; main reads their types (see src/cli/argv.ts). */
export const editFlags = {
  'multigroup': { type: 'boolean', describe: 'Allow APIs in several groups' },
  'namespaced': { type: 'boolean', describe: 'Limit the operator to its own namespace' },
  'owner': { type: 'string', describe: 'Owner named in the license header' },
  'license': { choices: ['apache2', 'none'] as const, describe: 'License header for generated files' },
  'kubernetes-version': {
    type: 'string',
    describe: `Kubernetes minor release whose built-in types CRDs embed (PROJECT's kubernetesVersion): ${KUBERNETES_API_VERSIONS.join(', ')}`,
  },
  'make': { type: 'boolean', default: true, describe: 'With --namespaced: regenerate config/rbac/role.yaml from the RBAC markers afterwards (scaffolder manifests)' },
} satisfies Record<string, Options>;

function editCommand(y: Argv, select: SelectAction, name: CommandName): Argv {
  return y.command(
    name.usage,
    name.describe,
    (b) => withPluginFlags(b.options(editFlags), 'edit')
      .example(...example('$0 edit --multigroup', 'allow a second API group'))
      .example(...example('$0 edit --namespaced', 'switch to a namespace-scoped operator'))
      .example(...example('$0 edit --license apache2 --owner "Jane Doe"', 'change the license header'))
      .example(...example('$0 edit --kubernetes-version 1.35', 'embed Kubernetes 1.35 built-in types in CRDs (run manifests afterwards)'))
      .example(...example('$0 edit --plugins grafana/v1-alpha', 'add (or regenerate) the Grafana dashboards in grafana/')),
    (argv) => select(async (io) => {
      // Loaded when the command runs (see main.ts).
      const { planEdit } = await import('../../scaffold/plugins/edit/edit.js');
      const { runPlan } = await import('../apply-plan.js');
      const { manifestsAfterScaffold } = await import('../manifests-runner.js');
      const { loadProject } = await import('../project-dir.js');
      const { pluginSteps } = await import('../plugins.js');
      const cfg = loadProject(io);
      const plugins = await pluginSteps('edit', argv);
      const { written, planned } = runPlan(io, { dryRun: argv['dry-run'] === true, force: false }, (plan) => plugins.run(plan, planEdit(plan, cfg, {
        multigroup: argv.multigroup,
        namespaced: argv.namespaced,
        owner: argv.owner,
        license: argv.license,
        kubernetesVersion: argv['kubernetes-version'] === undefined ? undefined : String(argv['kubernetes-version']),
      }, { withPlugins: plugins.keys.length > 0 })));
      // The manager's role is generated: redo it in the new scope from the markers (init's role.yaml stays without any).
      if ((written || io.dryRun) && argv.make && argv.namespaced !== undefined && argv.namespaced !== (cfg.namespaced === true)) {
        return manifestsAfterScaffold(io, planned);
      }
      return 0;
    }),
  );
}

export const command: CommandModule = {
  register: editCommand,
  flags: {
    'edit': { ...editFlags, ...pluginCliFlags('edit') },
  },
};
