// The values every template may use, derived once from PROJECT.
import { boilerplate, defaultOwner, headerYear } from './boilerplate.js';
import type { ProjectConfig } from './project-file.js';

export interface ProjectContext {
  projectName: string;
  domain: string;
  multigroup: boolean;
  namespaced: boolean;
  owner: string;
  apache2: boolean;
  year: number;
  /** License header for TypeScript files ('' without a license). */
  boilerplate: string;
}

export function projectContext(cfg: ProjectConfig): ProjectContext {
  const owner = cfg.owner ?? defaultOwner(cfg.projectName);
  const license = cfg.license ?? 'apache2';
  const year = headerYear();
  return {
    projectName: cfg.projectName,
    domain: cfg.domain,
    multigroup: cfg.multigroup === true,
    namespaced: cfg.namespaced === true,
    owner,
    apache2: license === 'apache2',
    year,
    boilerplate: boilerplate(license, owner, year),
  };
}
