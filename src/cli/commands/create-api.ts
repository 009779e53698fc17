// `scaffolder create api`: a kind (types, CRD entries, samples) and/or its controller.
import type { Argv, Options } from 'yargs';
import type { SelectAction } from './action.js';
import { example } from './examples.js';
import { withPluginFlags } from '../plugins.js';
import type { LocatedCrd } from '../../scaffold/external-crd/crd-source.js';

/** The flags of the command; main reads their types (see src/cli/argv.ts). */
export const createApiFlags = {
  'group': { type: 'string', default: '', describe: 'API group, prefixed to the project domain (crew: crew.my.domain; empty: the domain itself); core, apps, batch, networking, ... for built-in kinds' },
  'version': { type: 'string', demandOption: true, describe: 'API version, e.g. v1, v1alpha1, v2beta3' },
  'kind': { type: 'string', demandOption: true, describe: 'Kind, in PascalCase, e.g. CronJob' },
  'plural': { type: 'string', describe: "Resource name (default: the plural of the kind's other versions, else the kind pluralised, e.g. policies)" },
  'resource': { type: 'boolean', describe: 'Create the API types (default: ask on a terminal, else true)' },
  'controller': { type: 'boolean', describe: 'Create a controller (default: ask on a terminal, else true)' },
  'namespaced': { type: 'boolean', describe: "The kind is namespaced (false: cluster-scoped); default: true, or the scope of the kind's other versions" },
  'make': { type: 'boolean', default: true, describe: 'Regenerate manifests afterwards (scaffolder manifests)' },
  'force': { type: 'boolean', default: false, describe: 'Overwrite files that already exist' },
  'controller-name': {
    type: 'string',
    describe: 'Name of the controller (a DNS-1035 label, e.g. captain-backup): one of several controllers of a kind, in <name>_controller.ts as CaptainBackupReconciler; PROJECT lists them under controllers',
  },
  'external-api-path': {
    type: 'string',
    describe: "With --resource=false: the kind belongs to another project. Either its CRD YAML (a .yaml/.yml file, a folder of them, or an https:// URL), whose versions are written as TypeScript types with their markers under src/external/<group>/<version>/, or a module exporting its object type <Kind>: an npm module specifier (e.g. @example/cert-manager-types/v1) or a module of this project written ./<path> (a .ts file or a folder with index.ts). PROJECT records external: true and the module's path",
  },
  'external-api-domain': { type: 'string', describe: 'With --external-api-path: the domain of the kind\'s API group (group cert-manager + domain io: cert-manager.io; default for CRD YAML: what follows the group in the CRD\'s); used in the RBAC markers' },
} satisfies Record<string, Options>;

export function createApiCommand(y: Argv, select: SelectAction): Argv {
  return y.command(
    'api',
    'Scaffold a Kubernetes API (a kind) and its controller',
    (b) => withPluginFlags(b.options(createApiFlags), 'create api')
      .example(...example('$0 create api --group batch --version v1 --kind CronJob', 'types, controller, samples and config entries'))
      .example(...example('$0 create api --group crew --version v1 --kind Admiral --plural admirales --namespaced=false', 'an irregular plural, cluster-scoped'))
      .example(...example('$0 create api --group core --version v1 --kind Pod --resource=false --controller', 'a controller for a built-in kind'))
      .example(...example('$0 create api --group crew --version v1 --kind Captain --resource=false --controller-name captain-backup', 'a second controller for a kind (CaptainBackupReconciler)'))
      .example(...example('$0 create api --group cert-manager --version v1 --kind Certificate --resource=false --controller --external-api-path @example/cert-manager-types/v1 --external-api-domain io', "a controller for another project's kind, whose type an npm module exports"))
      .example(...example('$0 create api --group cert-manager --version v1 --kind Certificate --resource=false --controller --external-api-path cert-manager.crds.yaml', "a controller for another project's kind, typed from its CRD YAML"))
      .example(...example('$0 create api --group cache --version v1alpha1 --kind Memcached --image memcached:1.6.26-alpine3.19 --image-container-command "memcached,--memory-limit=64,-o,modern,-v" --image-container-port 11211 --run-as-user 1001 --plugins deploy-image/v1-alpha', 'an operator that deploys and manages an image')),
    (argv) => select(async (io) => {
      // Loaded when the command runs (see main.ts): the generators are not needed for --help.
      const { planCreateApi } = await import('../../scaffold/plugins/api/create-api.js');
      const { runPlan } = await import('../apply-plan.js');
      const { loadProject } = await import('../project-dir.js');
      const { pluginSteps } = await import('../plugins.js');
      const cfg = loadProject(io);
      // CRD YAML (a file, a folder, an https URL) is read before planning: the plan is synchronous.
      // The reader is loaded only for --external-api-path: it brings the CRD validation (CEL, RE2),
      // which cost a plain `create api` a third of its CPU.
      const externalPath = argv['external-api-path'];
      let externalCrds: LocatedCrd[] | undefined;
      if (externalPath !== undefined) {
        const { isCrdSource, readCrdSource } = await import('../../scaffold/external-crd/crd-source.js');
        if (isCrdSource(externalPath, io.cwd)) externalCrds = await readCrdSource(externalPath, io.cwd);
      }
      const plugins = await pluginSteps('create api', argv);
      let resource = argv.resource ?? (plugins.defaults.resource as boolean | undefined);
      let controller = argv.controller ?? (plugins.defaults.controller as boolean | undefined);
      // As kubebuilder: on a terminal, ask for whichever of the two flags was not given.
      if ((resource === undefined || controller === undefined) && io.interactive) {
        const { Prompter } = await import('../prompt.js');
        const prompter = new Prompter(io);
        try {
          resource ??= await prompter.askYesNo('Create Resource');
          controller ??= await prompter.askYesNo('Create Controller');
        } finally {
          prompter.close();
        }
      }
      const { written, planned } = runPlan(io, { dryRun: argv['dry-run'] === true, force: argv.force }, (plan) => plugins.run(plan, planCreateApi(plan, cfg, {
        group: argv.group,
        version: argv.version,
        kind: argv.kind,
        plural: argv.plural,
        resource: resource ?? true,
        controller: controller ?? true,
        namespaced: argv.namespaced,
        force: argv.force,
        controllerName: argv['controller-name'],
        externalApiPath: argv['external-api-path'],
        externalApiDomain: argv['external-api-domain'],
        externalCrds,
      })));
      if ((written || io.dryRun) && argv.make) {
        const { manifestsAfterScaffold } = await import('../manifests-runner.js');
        return manifestsAfterScaffold(io, planned);
      }
      return 0;
    }),
  );
}
