/** What the manifests command reads from the PROJECT file: the project name and whether it is namespaced. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface ProjectSettings {
  readonly projectName?: string;
  /** `init --namespaced`: the manager runs with a Role in its own namespace. */
  readonly namespaced: boolean;
}

/** `planned`: the PROJECT text a scaffolding command would write, read instead of the file. */
export function readProjectSettings(projectDir: string, planned?: string): ProjectSettings {
  const file = path.join(projectDir, 'PROJECT');
  if (planned === undefined && !existsSync(file)) return { namespaced: false };
  let doc: unknown;
  try {
    doc = parse(planned ?? readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not valid YAML: ${(e as Error).message}`);
  }
  const record = (doc ?? {}) as Record<string, unknown>;
  const projectName = typeof record['projectName'] === 'string' ? record['projectName'] : undefined;
  return { projectName, namespaced: record['namespaced'] === true };
}

/** The namespace kubebuilder's kustomize config deploys the manager into. */
export function operatorNamespace(settings: ProjectSettings, projectDir: string): string {
  return `${settings.projectName ?? path.basename(path.resolve(projectDir))}-system`;
}
