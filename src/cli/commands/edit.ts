// `scaffolder edit`: change project-wide choices made at init.
import type { Argv } from 'yargs';
import { planEdit } from '../../scaffold/plugins/edit.js';
import { runPlan } from '../apply-plan.js';
import { manifestsAfterScaffold } from '../manifests-runner.js';
import { loadProject } from '../project-dir.js';
import type { SelectAction } from './action.js';
import { KUBERNETES_API_VERSIONS } from '../../kube/kubernetes-api.js';

export function editCommand(y: Argv, select: SelectAction): Argv {
  return y.command(
    'edit',
    'Change project-wide settings (multi-group, namespace scope, license header, Kubernetes version)',
    (b) => b
      .option('multigroup', { type: 'boolean', describe: 'Allow APIs in several groups' })
      .option('namespaced', { type: 'boolean', describe: 'Limit the operator to its own namespace' })
      .option('owner', { type: 'string', describe: 'Owner named in the license header' })
      .option('license', { choices: ['apache2', 'none'] as const, describe: 'License header for generated files' })
      .option('kubernetes-version', {
        type: 'string',
        describe: `Kubernetes minor release whose built-in types CRDs embed (PROJECT's kubernetesVersion): ${KUBERNETES_API_VERSIONS.join(', ')}`,
      })
      .option('make', { type: 'boolean', default: true, describe: 'With --namespaced: regenerate config/rbac/role.yaml from the RBAC markers afterwards (scaffolder manifests)' })
      .example('$0 edit --multigroup', 'allow a second API group')
      .example('$0 edit --namespaced', 'switch to a namespace-scoped operator')
      .example('$0 edit --license apache2 --owner "Jane Doe"', 'change the license header')
      .example('$0 edit --kubernetes-version 1.35', 'embed Kubernetes 1.35 built-in types in CRDs (run manifests afterwards)'),
    (argv) => select(async (io) => {
      const cfg = loadProject(io.cwd);
      const wrote = runPlan(io, { dryRun: argv['dry-run'] === true, force: false }, (plan) => planEdit(plan, cfg, {
        multigroup: argv.multigroup,
        namespaced: argv.namespaced,
        owner: argv.owner,
        license: argv.license,
        kubernetesVersion: argv['kubernetes-version'] === undefined ? undefined : String(argv['kubernetes-version']),
      }));
      // The manager's role is generated: redo it in the new scope from the markers (init's role.yaml stays without any).
      if (wrote && argv.make && argv.namespaced !== undefined && argv.namespaced !== (cfg.namespaced === true)) return manifestsAfterScaffold(io);
      return 0;
    }),
  );
}
