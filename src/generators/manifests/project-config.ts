/** What the manifests command reads from the PROJECT file: the project name, whether it is namespaced, its Kubernetes release. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseProjectFile, projectFileName } from '../../project/project-file.js';

export interface ProjectSettings {
  readonly projectName?: string;
  /** `init --namespaced`: the manager runs with a Role in its own namespace. */
  readonly namespaced: boolean;
  /** The Kubernetes minor release of the built-in types in CRDs (`init` writes it; absent: the newest shipped). */
  readonly kubernetesVersion?: string;
}

/**
 * PROJECT read as every command reads it (src/project/project-file.ts: errors name the
 * file and line); defaults when there is none. `planned`: the PROJECT text a scaffolding command
 * would write, read instead of the file.
 */
export function readProjectSettings(projectDir: string, planned?: string): ProjectSettings {
  const file = path.join(projectDir, projectFileName);
  if (planned === undefined && !existsSync(file)) return { namespaced: false };
  const project = parseProjectFile(planned ?? readFileSync(file, 'utf8'), file);
  return { projectName: project.projectName, namespaced: project.namespaced === true, kubernetesVersion: project.kubernetesVersion };
}

/** The namespace kubebuilder's kustomize config deploys the manager into. */
export function operatorNamespace(settings: ProjectSettings, projectDir: string): string {
  return `${settings.projectName ?? path.basename(path.resolve(projectDir))}-system`;
}
