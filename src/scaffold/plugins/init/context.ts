// What every file of init is made from: the project's values, the package kubescaffolder comes from,
// the leader election id, and what the project runs on.
import { packageManifest } from '../../../files/package-root.js';
import { KUBERNETES_MODELS_PACKAGE } from '../../../kube/descriptions-package.js';
import { projectContext } from '../../../project/context.js';
import type { ProjectConfig } from '../../../project/project-file.js';
import type { DataOfAll } from '../../machinery/template.js';
import type { TemplateName } from '../../machinery/template-data.js';

/** A template of templates/init/, by its name there. */
export type InitTemplate = TemplateName extends infer N ? N extends `init/${infer Name}` ? Name : never : never;

/** What one object must hold to render every template of init. */
export type InitData = DataOfAll<`init/${InitTemplate}`>;

/** 32-bit FNV-1a, as hex: a short stable id derived from the project name. */
function fnv32a(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** `scaffolderDependency`: what package.json depends on for kubescaffolder. */
export function initData(cfg: ProjectConfig, scaffolderDependency: string): InitData {
  return {
    ...projectContext(cfg),
    // A JSON string's contents in package.json (the install path may hold quotes or backslashes).
    scaffolderDependency: JSON.stringify(scaffolderDependency).slice(1, -1),
    leaderElectionId: `${fnv32a(cfg.projectName)}.${cfg.domain}`,
    ...runtimeRequirements(),
  } satisfies InitData;
}

/**
 * What a generated project runs on is what kubescaffolder/runtime runs on: the same Node floor and the
 * same @kubernetes/client-node (the runtime's API takes and returns its KubeConfig and models). Its
 * `manifests` reads built-in fields' descriptions from the kubernetes-models release this package
 * is tested with (its devDependency), or a later one of the same major.
 */
function runtimeRequirements(): { nodeEngine: string; clientNodeRange: string; kubernetesModelsRange: string } {
  const manifest = packageManifest();
  const nodeEngine = manifest.engines?.node;
  const clientNodeRange = manifest.dependencies?.['@kubernetes/client-node'];
  const kubernetesModels = manifest.devDependencies?.[KUBERNETES_MODELS_PACKAGE];
  if (nodeEngine === undefined || clientNodeRange === undefined || kubernetesModels === undefined) {
    throw new Error(`scaffolder's package.json lacks engines.node, the @kubernetes/client-node dependency or the ${KUBERNETES_MODELS_PACKAGE} devDependency`);
  }
  return { nodeEngine, clientNodeRange, kubernetesModelsRange: `^${kubernetesModels.replace(/^[\^~]/, '')}` };
}
