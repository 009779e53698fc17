// `create api`: a kind's TypeScript types (the CRD source), its controller, the config/ entries
// that install and sample it, and its registration in src/main.ts. Checks first, then PROJECT's
// entry of the kind, then its files, each planned by the module that owns it.
import { findResource, withResource, type ProjectConfig } from '../../../project/project-file.js';
import type { Plan } from '../../machinery/plan.js';
import { planApiPackage } from './api-package.js';
import { checkAgainstProject, checkControllerFileFree, checkNewKindNames, checkResourceNames } from './checks.js';
import { apiContext } from './context.js';
import { planControllerFiles } from './controller-files.js';
import { planCrdKustomization } from './crd-kustomization.js';
import { importCrd, importedTypes } from './imported-crd.js';
import { checkCreateApiFlags, type CreateApiOptions } from './options.js';
import { resourceEntry, sameCrdAs } from './project-entry.js';
import { planRbacRoles } from './rbac-roles.js';
import { planSamples } from './samples.js';
import { planStorageVersion } from './storage-version.js';
import { planTypesFile } from './types-file.js';

export type { CreateApiOptions } from './options.js';

/** Plans `create api`; returns the updated PROJECT configuration. */
export function planCreateApi(plan: Plan, cfg: ProjectConfig, opts: CreateApiOptions): ProjectConfig {
  checkCreateApiFlags(opts);
  checkAgainstProject(cfg, opts);
  const hasApi = findResource(cfg, opts)?.api !== undefined;
  const imported = opts.externalCrds && !opts.resource ? importCrd(plan, cfg, opts) : undefined;
  const crd = opts.resource ? sameCrdAs(cfg, opts) : imported ?? { plural: opts.plural, namespaced: opts.namespaced };
  if (opts.resource) checkNewKindNames(cfg, opts);
  const { res, core, external } = resourceEntry(plan, cfg, opts, crd, imported);
  const ac = apiContext(cfg, res, { core, external, namespaced: crd.namespaced });
  checkResourceNames(cfg, opts, res, ac.names);
  const next = withResource(cfg, res);

  if (opts.resource) {
    planApiPackage(plan, ac);
    planTypesFile(plan, ac);
    planSamples(plan, ac);
    planRbacRoles(plan, ac);
    planCrdKustomization(plan, ac);
  }
  if (opts.resource && !hasApi) planStorageVersion(plan, cfg, res);
  const hub = opts.resource && !hasApi && cfg.resources.find((r) => r.api && r.group === res.group && r.kind === res.kind && r.webhooks?.conversion);
  if (hub) {
    plan.note(`${res.kind} converts through its hub ${hub.version}, which cannot convert ${res.version} yet: run \`scaffolder create webhook --group ${res.group} --version ${hub.version} --kind ${res.kind} --conversion --spoke ${res.version}\``);
  }
  if (opts.controller) {
    checkControllerFileFree(plan, cfg, res, opts);
    // Whether config/crd/bases will hold CRDs: a project with controllers for built-in kinds only has none.
    // Imported CRDs count: manifests generates them from their types (src/external/) too.
    const hasCrds = next.resources.some((r) => r.api !== undefined) || imported !== undefined || importedTypes(plan, res) !== undefined;
    planControllerFiles(plan, ac, hasCrds, opts.controllerName);
  }
  return next;
}
