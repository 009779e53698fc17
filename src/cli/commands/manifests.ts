// `scaffolder manifests`: CRDs, RBAC and webhook configurations from the markers in the sources.
import type { Argv } from 'yargs';
import { isKubernetesApiVersion, KUBERNETES_API_VERSIONS, NEWEST_KUBERNETES_API_VERSION } from '../../kube/kubernetes-api.js';
import { UsageError } from '../../scaffold/errors.js';
import { runManifests } from '../manifests-runner.js';
import type { SelectAction } from './action.js';

export function manifestsCommand(y: Argv, select: SelectAction): Argv {
  return y.command(
    'manifests',
    'Generate CRDs, RBAC roles and webhook configurations from the markers in api/ and src/',
    (b) => b
      .option('paths', { type: 'string', array: true, describe: 'Source files or directories to read (repeatable; default: api and src)' })
      .option('output-dir', { type: 'string', describe: 'Where to write (default: config/)' })
      .option('max-desc-len', { type: 'number', describe: 'Truncate field descriptions in CRDs to this length (0 drops them)' })
      .option('check', { type: 'boolean', default: false, describe: 'Write nothing; fail if the files on disk are out of date' })
      .option('watch', { type: 'boolean', default: false, describe: 'Regenerate whenever a source changes' })
      .option('strict', { type: 'boolean', default: false, describe: 'Treat warnings (e.g. unknown markers) as errors' })
      .option('kube-openapi', {
        type: 'string',
        array: true,
        describe: "Kubernetes OpenAPI documents (a file, or a directory of *.json; repeatable) for the schemas of @kubernetes/client-node types, e.g. from `kubectl get --raw /openapi/v3/apis/batch/v1`",
      })
      .option('kubernetes-version', {
        type: 'string',
        describe: `Kubernetes minor release whose built-in types (V1PodTemplateSpec, ...) CRDs embed: ${KUBERNETES_API_VERSIONS.join(', ')} (default: PROJECT's kubernetesVersion, else ${NEWEST_KUBERNETES_API_VERSION})`,
      })
      .option('generate-embedded-object-meta', {
        type: 'boolean',
        default: false,
        describe: "As controller-gen's crd:generateEmbeddedObjectMeta=true: metadata below the top level (a pod template's) keeps name, namespace, labels, annotations and finalizers",
      })
      .example('$0 manifests', 'regenerate config/crd/bases, config/rbac/role.yaml and config/webhook/manifests.yaml')
      .example('$0 manifests --check', 'in CI: fail when someone forgot to regenerate')
      .example('$0 manifests --paths api/v1 --output-dir out --max-desc-len 0', 'one package, no descriptions')
      .example('$0 manifests --kube-openapi k8s', 'built-in types (V1PodTemplateSpec, ...) from the OpenAPI documents in k8s/'),
    (argv) => select(async (io) => {
      const maxDescLen = argv['max-desc-len'];
      if (maxDescLen !== undefined && (!Number.isInteger(maxDescLen) || maxDescLen < 0)) {
        throw new UsageError(`invalid --max-desc-len "${String(maxDescLen)}": must be a whole number of at least 0`);
      }
      const kubernetesVersion = argv['kubernetes-version'];
      if (kubernetesVersion !== undefined && !isKubernetesApiVersion(String(kubernetesVersion))) {
        throw new UsageError(`invalid --kubernetes-version "${String(kubernetesVersion)}": must be one of ${KUBERNETES_API_VERSIONS.join(', ')}`);
      }
      if (argv.check && argv.watch) throw new UsageError('--check and --watch cannot be used together');
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
      }, io);
    }),
  );
}
