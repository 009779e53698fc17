// What every file deploy-image writes is made from: the kind's names, its controller's paths, the
// image's environment variable, and the data its templates share.
import { crdDefaultPlural } from '../../../kube/plural.js';
import { projectContext } from '../../../project/context.js';
import { reconcilerClassName } from '../../../project/controller-name.js';
import { relativeImport, resourceNames, type ResourceNames } from '../../../project/names.js';
import { commandParts, type DeployImageOptions } from '../../../project/plugins/deploy-image.js';
import type { ProjectConfig } from '../../../project/project-file.js';
import type { Resource } from '../../../project/resource.js';
import { controllerPaths } from '../api/controller-paths.js';

export interface DeployImageContext {
  res: Resource;
  names: ResourceNames;
  multigroup: boolean;
  options: DeployImageOptions;
  /** The controller and its test. */
  file: string;
  testFile: string;
  data: ReturnType<typeof deployImageData>;
}

/** <KIND>_IMAGE as kubebuilder's; a multi-group project may have a kind of that name in each group: <GROUP>_<KIND>_IMAGE. */
export function imageEnvOf(r: { group: string; kind: string }, multigroup: boolean): string {
  return `${(multigroup && r.group !== '' ? `${r.group}_${r.kind}` : r.kind).toUpperCase().replace(/[^A-Z0-9]/g, '_')}_IMAGE`;
}

/** A single-quoted TypeScript string literal. */
function tsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function deployImageContext(cfg: ProjectConfig, res: Resource, options: DeployImageOptions): DeployImageContext {
  const multigroup = cfg.multigroup === true;
  const names = resourceNames(res, multigroup);
  const { file, testFile } = controllerPaths(res, multigroup);
  return { res, names, multigroup, options, file, testFile, data: deployImageData(cfg, res, options, { names, multigroup, file, testFile }) };
}

function deployImageData(cfg: ProjectConfig, res: Resource, options: DeployImageOptions,
  { names, multigroup, file, testFile }: { names: ResourceNames; multigroup: boolean; file: string; testFile: string }) {
  return {
    ...projectContext(cfg),
    ...names,
    group: res.group,
    version: res.version,
    namespaced: true,
    resourceMarker: names.plural !== crdDefaultPlural(res.kind) ? `path=${names.plural}` : '',
    containerPort: options.containerPort ?? '',
    runAsUser: options.runAsUser ?? '',
    command: options.containerCommand === undefined ? '' : commandParts(options.containerCommand).map(tsString).join(', '),
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
}
