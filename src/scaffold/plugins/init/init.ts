// `init`: the files of a new project (package, manager entry point, Makefile, image, config/, e2e tests, CI, dev container).
// Checks first, then PROJECT's values, then the files (files.ts).
import { basename } from 'node:path';
import type { License } from '../../../project/boilerplate.js';
import { newProjectConfig, type ProjectConfig } from '../../../project/project-file.js';
import { validateDomain, validateOwner, validateProjectName } from '../../../project/validation.js';
import type { Plan } from '../../machinery/plan.js';
import { checkProjectDirectory } from './checks.js';
import { initData } from './context.js';
import { initFiles } from './files.js';
import { keepIgnoreFile } from './gitignore.js';

export interface InitOptions {
  domain: string;
  projectName?: string;
  owner?: string;
  license: License;
  multigroup: boolean;
  namespaced: boolean;
  /** What the generated package.json depends on for kubescaffolder (`^0.2.0`, `file:vendor/kubescaffolder-0.2.0.tgz`). */
  scaffolderDependency: string;
  /** The scaffolder version writing the project, recorded as PROJECT's cliVersion. */
  cliVersion: string;
}

/** Plans a new project in `plan.root`; returns its PROJECT configuration (already added to the plan). */
export function planInit(plan: Plan, opts: InitOptions): ProjectConfig {
  checkProjectDirectory(plan);
  validateDomain(opts.domain);
  const projectName = opts.projectName ?? basename(plan.root);
  validateProjectName(projectName);
  if (opts.owner !== undefined) validateOwner(opts.owner);
  const cfg = newProjectConfig({
    cliVersion: opts.cliVersion,
    domain: opts.domain, projectName, multigroup: opts.multigroup, namespaced: opts.namespaced,
    owner: opts.owner, license: opts.license,
  });
  for (const file of initFiles(initData(cfg, opts.scaffolderDependency))) {
    if (file.path === '.gitignore' && plan.exists(file.path)) keepIgnoreFile(plan, file);
    else plan.addFile(file);
  }
  return cfg;
}
