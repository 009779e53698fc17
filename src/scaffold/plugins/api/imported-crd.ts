// `--external-api-path` naming CRD YAML: the kind's CRD written as types under src/external/.
import { UsageError } from '../../../project/usage-error.js';
import { projectContext } from '../../../project/context.js';
import type { ProjectConfig } from '../../../project/project-file.js';
import type { Resource } from '../../../project/resource.js';
import type { Plan } from '../../machinery/plan.js';
import { findImportedCrd, planImportedCrd } from '../../external-crd/plan-imported-crd.js';
import type { CreateApiOptions } from './options.js';

/** What PROJECT records of an imported kind, from its CRD. */
export interface ImportedKind {
  path: string;
  domain: string;
  plural: string;
  namespaced: boolean;
}

/**
 * Writes every version of the kind's CRD as types, its plural and scope taken from the CRD; PROJECT's
 * path is then the package of the version.
 */
export function importCrd(plan: Plan, cfg: ProjectConfig, opts: CreateApiOptions): ImportedKind {
  const source = opts.externalApiPath!;
  const { located, domain } = findImportedCrd(opts.externalCrds!, { ...opts, domain: opts.externalApiDomain }, source);
  const { names, scope } = located.crd.spec;
  if (opts.plural !== undefined && opts.plural !== names.plural) throw new UsageError(`--plural ${opts.plural}: the CRD of ${opts.kind} (${located.file}) has plural "${names.plural}"; leave --plural out`);
  const namespaced = scope !== 'Cluster';
  if (opts.namespaced !== undefined && opts.namespaced !== namespaced) throw new UsageError(`--namespaced=${opts.namespaced}: the CRD of ${opts.kind} (${located.file}) is ${namespaced ? 'namespaced' : 'cluster-scoped'}; leave --namespaced out`);
  const dirs = planImportedCrd(plan, located, { boilerplate: projectContext(cfg).boilerplate, source });
  return { path: `./${dirs.get(opts.version)!}`, domain, plural: names.plural, namespaced };
}

/** The types file of an external kind imported from its CRD (it declares the kind's descriptor), if it is one. */
export function importedTypes(plan: Plan, res: Resource): string | undefined {
  if (res.external !== true || res.api || res.path === undefined || !res.path.startsWith('./')) return undefined;
  const file = `${res.path.slice(2).replace(/\/$/, '')}/${res.kind.toLowerCase()}_types.ts`;
  return plan.read(file)?.includes(`export const ${res.kind} = defineKind<${res.kind}>(`) ? file : undefined;
}
