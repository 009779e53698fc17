// deploy-image/v1-alpha's `create api`, after the base plugin's: the kind gets a spec (size,
// containerPort) and status conditions, and its controller runs the image as a Deployment it owns
// (restricted security context, finalizer, events), reading the image from the manager's
// environment (config/manager/manager.yaml); the tests run it through the test API server.
import { UsageError } from '../../../project/usage-error.js';
import { flagText } from '../../../project/flag-text.js';
import { managerEnvEntry, managerFile, setManagerEnv } from '../../machinery/manager-env.js';
import type { Plan } from '../../machinery/plan.js';
import { render } from '../../machinery/render.js';
import { projectContext } from '../../../project/context.js';
import { crdDefaultPlural } from '../../../kube/plural.js';
import { relativeImport, resourceNames } from '../../../project/names.js';
import { findResource, withPluginConfig, type ProjectConfig } from '../../../project/project-file.js';
import { apiNamespaced, gvkText } from '../../../project/resource.js';
import type { PluginInput, PluginSteps } from '../step.js';
import { planReadmeImages } from './readme.js';
import { yamlStringScalar } from './yaml-scalar.js';
import { controllerPaths, controllerRegistration, reconcilerAlias, reconcilerArgs } from '../api/controller-paths.js';
import { sampleFileName } from '../api/samples.js';
import { mainFile } from '../../../project/layout.js';
import { reconcilerClassName } from '../../../project/controller-name.js';
import {
  commandParts, deployImagePlugin, parseDeployImageConfig, validateDeployImageOptions, type DeployImageOptions, type DeployImageResource,
} from '../../../project/plugins/deploy-image.js';

function optionalString(v: unknown): string | undefined {
  return v === undefined ? undefined : flagText(v);
}

/** <KIND>_IMAGE as kubebuilder's; a multi-group project may have a kind of that name in each group: <GROUP>_<KIND>_IMAGE. */
function imageEnvOf(r: { group: string; kind: string }, multigroup: boolean): string {
  return `${(multigroup && r.group !== '' ? `${r.group}_${r.kind}` : r.kind).toUpperCase().replace(/[^A-Z0-9]/g, '_')}_IMAGE`;
}

/** A single-quoted TypeScript string literal. */
function tsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function planDeployImage(plan: Plan, cfg: ProjectConfig, input: PluginInput): ProjectConfig {
  const { args } = input;
  const options: DeployImageOptions = {
    image: optionalString(args.image) ?? '',
    containerCommand: optionalString(args['image-container-command']),
    containerPort: optionalString(args['image-container-port']),
    runAsUser: optionalString(args['run-as-user']),
  };
  validateDeployImageOptions(options);
  if (args['controller-name'] !== undefined) throw new UsageError('--controller-name does not go with --plugins deploy-image/v1-alpha: it scaffolds the kind\'s one controller');
  const gvk = { group: flagText(args.group ?? ''), version: flagText(args.version), kind: flagText(args.kind) };
  const res = findResource(cfg, gvk);
  if (!res?.api || !res.controller || args.resource === false || args.controller === false) {
    throw new UsageError(`--plugins deploy-image/v1-alpha scaffolds an API and its controller: ${gvkText(gvk)} needs --resource and --controller (leave out --resource=false and --controller=false)`);
  }
  if (!apiNamespaced(res.api)) throw new UsageError('--plugins deploy-image/v1-alpha deploys the image in the namespace of each object: the kind must be namespaced (leave out --namespaced=false)');

  const multigroup = cfg.multigroup === true;
  const names = resourceNames(res, multigroup);
  const { file, testFile } = controllerPaths(res, multigroup);
  const command = options.containerCommand === undefined ? '' : commandParts(options.containerCommand).map(tsString).join(', ');
  const pathMarker = names.plural !== crdDefaultPlural(res.kind) ? `path=${names.plural}` : '';
  const data = {
    ...projectContext(cfg),
    ...names,
    group: res.group,
    version: res.version,
    namespaced: true,
    resourceMarker: pathMarker,
    containerPort: options.containerPort ?? '',
    runAsUser: options.runAsUser ?? '',
    command,
    // A container name is a DNS label, and the same name on its port is at most 15 characters.
    containerName: names.lowerKind.slice(0, 15),
    imageEnv: imageEnvOf(res, multigroup),
    reconcilerName: reconcilerClassName(res.kind),
    controllerName: multigroup && res.group !== '' ? `${res.group}-${names.lowerKind}` : names.lowerKind,
    kindImport: relativeImport(file, `${names.apiPath}/index.ts`),
    apiImport: relativeImport(testFile, `${names.apiPath}/index.ts`),
    controllerImport: relativeImport(testFile, file),
    sampleImport: relativeImport(testFile, names.sampleFile),
  };

  // The base plugin planned these files a moment ago (or, with --force, planned them again): this
  // plugin's versions replace them.
  plan.add({ path: `${names.apiPath}/${names.lowerKind}_types.ts`, body: render('deploy-image/types.ts', data), ifExists: 'overwrite' });
  const sample = `config/samples/${sampleFileName(res, names)}`;
  plan.add({ path: sample, body: render('deploy-image/sample.yaml', data), ifExists: 'overwrite' });
  plan.add({ path: names.sampleFile, body: render('deploy-image/test_sample.ts', { ...data, apiImport: relativeImport(names.sampleFile, `${names.apiPath}/index.ts`) }), ifExists: 'overwrite' });
  plan.add({ path: file, body: render('deploy-image/controller.ts', data), ifExists: 'overwrite' });
  plan.add({ path: testFile, body: render('deploy-image/controller.test.ts', data), ifExists: 'overwrite' });
  const conditions = file.replace(/[^/]+$/, 'conditions.ts');
  plan.add({ path: conditions, body: render('deploy-image/conditions.ts', data), ifExists: 'skip' });

  // src/main.ts hands the reconciler its event recorder (events.k8s.io, as kubebuilder's mgr.GetEventRecorder).
  const alias = reconcilerAlias(res, multigroup);
  const base = controllerRegistration(alias, reconcilerArgs);
  const withRecorder = controllerRegistration(alias, [...reconcilerArgs, `mgr.getEventRecorder('${data.controllerName}-controller')`]);
  plan.edit(mainFile, (content) => {
    if (!content.includes(base)) {
      if (content.includes(withRecorder)) return content;
      throw new UsageError(`${mainFile}: no line "${base}" to give the ${res.kind} reconciler its event recorder; restore it or add the recorder by hand`);
    }
    // Scaffolded again (--force): the base plugin inserted its line once more beside this plugin's.
    if (content.includes(withRecorder)) return content.split('\n').filter((line) => line.trim() !== base).join('\n');
    return content.replace(base, withRecorder);
  });

  // The manager's environment names the image the controller deploys (an image named `1` or `on`
  // is quoted, or kubectl would read a number or a boolean).
  plan.edit(managerFile, (content) => setManagerEnv(content, data.imageEnv, managerEnvEntry(data.imageEnv, [`value: ${yamlStringScalar(options.image)}`])));

  // PROJECT: the resource and its options under the plugin's key (one entry per kind, the newest run's).
  const recorded: DeployImageResource = {
    domain: res.domain,
    group: res.group,
    kind: res.kind,
    options: {
      containerCommand: options.containerCommand,
      containerPort: options.containerPort,
      image: options.image,
      runAsUser: options.runAsUser,
    },
    version: res.version,
  };
  const current = parseDeployImageConfig(cfg.plugins?.[deployImagePlugin.key], 'PROJECT');
  const same = (r: DeployImageResource) => r.group === res.group && r.version === res.version && r.kind === res.kind;
  const resources = current.resources.some(same) ? current.resources.map((r) => (same(r) ? recorded : r)) : [...current.resources, recorded];
  // README.md: how `make run` gets every deploy-image kind's image.
  planReadmeImages(plan, resources.map((r) => ({ env: imageEnvOf(r, multigroup), image: r.options.image })));
  return withPluginConfig(cfg, deployImagePlugin.key, { resources });
}

export const steps: PluginSteps = { 'create api': planDeployImage };
