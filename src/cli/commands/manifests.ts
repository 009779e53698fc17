// `scaffolder manifests`: CRDs, RBAC and webhook configurations from the markers in the sources.
import type { Argv, Options } from 'yargs';
import { isKubernetesApiVersion, KUBERNETES_API_VERSIONS, NEWEST_KUBERNETES_API_VERSION } from '../../kube/kubernetes-api.js';
import { conflictingOptions } from '../../generators/manifests/options.js';
import { UsageError } from '../../project/usage-error.js';
import type { CommandModule, CommandName, SelectAction } from './action.js';
import { example } from './examples.js';

/** The flags of the command; main reads their types (see src/cli/argv.ts). */
export const manifestsFlags = {
  'paths': { type: 'string', array: true, describe: 'Source files or directories to read (repeatable; default: api and src)' },
  'output-dir': { type: 'string', describe: 'Where to write (default: config/)' },
  // Read as text and checked here: yargs turns a non-number into NaN, losing what was typed.
  'max-desc-len': { type: 'string', describe: 'Truncate field descriptions in CRDs to this length (0 drops them)' },
  'check': { type: 'boolean', default: false, describe: 'Write nothing; fail if the files on disk are out of date' },
  // A value only after `=` (src/cli/argv.ts): `--check-compat` alone is '' (HEAD).
  'check-compat': {
    type: 'string',
    requiresArg: false,
    describe: 'Write nothing; compare the CRDs generated now with those committed at a git ref (default HEAD) in config/crd/bases, and fail on breaking changes not accepted in .compat-allow.yaml',
  },
  'watch': { type: 'boolean', default: false, describe: 'Regenerate whenever a source changes' },
  'strict': { type: 'boolean', default: false, describe: 'Treat warnings (e.g. unknown markers) as errors' },
  'kube-openapi': {
    type: 'string',
    array: true,
    describe: "Kubernetes OpenAPI documents (a file, or a directory of *.json; repeatable) for the schemas of @kubernetes/client-node types, e.g. from `kubectl get --raw /openapi/v3/apis/batch/v1`",
  },
  'kubernetes-version': {
    type: 'string',
    describe: `Kubernetes minor release whose built-in types (V1PodTemplateSpec, ...) CRDs embed: ${KUBERNETES_API_VERSIONS.join(', ')} (default: PROJECT's kubernetesVersion, else ${NEWEST_KUBERNETES_API_VERSION})`,
  },
  'generate-embedded-object-meta': {
    type: 'boolean',
    default: false,
    describe: "As controller-gen's crd:generateEmbeddedObjectMeta=true: metadata below the top level (a pod template's) keeps name, namespace, labels, annotations and finalizers",
  },
} satisfies Record<string, Options>;

function manifestsCommand(y: Argv, select: SelectAction, name: CommandName): Argv {
  return y.command(
    name.usage,
    name.describe,
    (b) => b
      .options(manifestsFlags)
      .example(...example('$0 manifests', 'regenerate the CRDs, RBAC role and webhook configurations in config/'))
      .example(...example('$0 manifests --check', 'in CI: fail when someone forgot to regenerate'))
      .example(...example('$0 manifests --check-compat=origin/main', 'in CI: fail on API changes that break stored objects or clients'))
      .example(...example('$0 manifests --paths api/v1 --output-dir out --max-desc-len 0', 'one package, no descriptions'))
      .example(...example('$0 manifests --kube-openapi k8s', 'built-in types (V1PodTemplateSpec, ...) from the OpenAPI documents in k8s/')),
    (argv) => select(async (io) => {
      // Loaded when the command runs (see main.ts).
      const { runManifests } = await import('../manifests-runner.js');
      const { loadProject } = await import('../project-dir.js');
      const maxDescLenText = argv['max-desc-len'];
      if (maxDescLenText !== undefined && !/^\d+$/.test(maxDescLenText)) {
        throw new UsageError(`invalid --max-desc-len "${maxDescLenText}": must be a whole number of at least 0`);
      }
      const maxDescLen = maxDescLenText === undefined ? undefined : Number(maxDescLenText);
      const kubernetesVersion = argv['kubernetes-version'];
      if (kubernetesVersion !== undefined && !isKubernetesApiVersion(String(kubernetesVersion))) {
        throw new UsageError(`invalid --kubernetes-version "${String(kubernetesVersion)}": must be one of ${KUBERNETES_API_VERSIONS.join(', ')}`);
      }
      const checkCompat = argv['check-compat'] === undefined ? undefined : String(argv['check-compat']);
      const conflict = conflictingOptions({ check: argv.check, watch: argv.watch, dryRun: io.dryRun, checkCompat });
      if (conflict) throw new UsageError(conflict);
      // As every other command: outside a project there is nothing to generate from (it said "0 written").
      loadProject(io, argv.check ? '--check' : undefined);
      return runManifests({
        projectDir: io.cwd,
        paths: argv.paths?.map(String),
        outputDir: argv['output-dir'],
        maxDescLen,
        check: argv.check,
        watch: argv.watch,
        strict: argv.strict,
        kubeOpenApi: argv['kube-openapi']?.map(String),
        kubernetesVersion: kubernetesVersion === undefined ? undefined : String(kubernetesVersion),
        generateEmbeddedObjectMeta: argv['generate-embedded-object-meta'],
        checkCompat,
      }, io);
    }),
  );
}

export const command: CommandModule = { register: manifestsCommand, flags: { 'manifests': manifestsFlags } };
