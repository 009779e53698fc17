// `scaffolder init`: a new project in the current directory.
import type { Argv, Options } from 'yargs';
import type { CommandModule, CommandName, SelectAction } from './action.js';
import { example } from './examples.js';
import { pluginCliFlags, withPluginFlags } from '../plugins.js';

/** The flags of the command; main reads their types (see src/cli/argv.ts). */
export const initFlags = {
  'domain': { type: 'string', default: 'my.domain', describe: 'Domain for API groups (a DNS-1123 subdomain)' },
  'project-name': { type: 'string', describe: 'Project name (a DNS-1123 label); default: the directory name' },
  'owner': { type: 'string', describe: 'Owner named in the license header' },
  'license': { choices: ['apache2', 'none'] as const, default: 'apache2' as const, describe: 'License header for generated files' },
  'multigroup': { type: 'boolean', default: false, describe: 'Allow APIs in several groups (api/<group>/<version>/)' },
  'namespaced': { type: 'boolean', default: false, describe: 'Limit the operator to its own namespace (Role instead of ClusterRole)' },
  'install': { type: 'boolean', default: true, describe: 'Run npm install in the new project' },
  // kubebuilder users type `init --repo github.com/...` from habit: taken, and said to be of no use here.
  'repo': { type: 'string', describe: "kubebuilder's Go module path: not needed (a TypeScript project has no go.mod); ignored" },
} satisfies Record<string, Options>;

function initCommand(y: Argv, select: SelectAction, name: CommandName): Argv {
  return y.command(
    name.usage,
    name.describe,
    (b) => withPluginFlags(b.options(initFlags), 'init')
      .example(...example('$0 init --domain my.domain', 'a project named after the current directory'))
      .example(...example('$0 init --domain example.com --project-name guestbook --owner "Jane Doe"', 'choose the name and the license owner'))
      .example(...example('$0 init --multigroup --namespaced --install=false', 'several API groups, one namespace, no npm install')),
    (argv) => select(async (io) => {
      // Loaded when the command runs (see main.ts).
      const { packageVersion } = await import('../../files/package-root.js');
      const { packedPackage, scaffolderDependency, vendorPackage } = await import('../scaffolder-dependency.js');
      const { planInit } = await import('../../scaffold/plugins/init/init.js');
      const { runPlan, undoInterrupted } = await import('../apply-plan.js');
      const { npmInstall } = await import('../npm-install.js');
      const { pluginSteps } = await import('../plugins.js');
      undoInterrupted(io);
      if (argv.repo !== undefined) {
        io.stderr(`warning: --repo ${argv.repo} ignored: it is the Go module path of a kubebuilder project, and a TypeScript project needs none (package.json names it)\n`);
      }
      const plugins = await pluginSteps('init', argv);
      const dependency = scaffolderDependency();
      const dryRun = argv['dry-run'] === true;
      // Packed before anything is written: a failing pack leaves the directory as it was.
      const tarball = dependency.vendored !== undefined && !dryRun ? packedPackage() : undefined;
      const { written } = runPlan(io, { dryRun, force: false }, (plan) => plugins.run(plan, planInit(plan, {
        domain: argv.domain,
        projectName: argv['project-name'],
        owner: argv.owner,
        license: argv.license,
        multigroup: argv.multigroup,
        namespaced: argv.namespaced,
        scaffolderDependency: dependency.spec,
        cliVersion: packageVersion(),
      })));
      if (!written) return 0;
      if (tarball !== undefined) vendorPackage(io.cwd, dependency.vendored!, tarball);
      if (argv.install) {
        io.stdout('running npm install...\n');
        const result = await npmInstall(io);
        if (!result.ok) {
          io.stderr(`error: ${result.reason}; the project files are in place: run \`npm install\` in ${io.cwd} when the registry is reachable\n`);
          return 1;
        }
      }
      io.stdout('next: scaffolder create api --group <group> --version v1 --kind <Kind>\n');
      return 0;
    }),
  );
}

export const command: CommandModule = {
  register: initCommand,
  flags: {
    'init': { ...initFlags, ...pluginCliFlags('init') },
  },
};
