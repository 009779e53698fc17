// The kind's PROJECT entry as `create api` leaves it: an API of the project, a built-in kind, or a
// kind of another project; its plural and scope; its controllers.
import { UsageError } from '../../../project/usage-error.js';
import { checkBuiltinKind } from '../../../project/builtin-kinds.js';
import { addController } from '../../../project/controller-name.js';
import { builtinGroupDomain, isBuiltinGroup } from '../../../project/core-groups.js';
import { resolveExternalApiPath } from '../../../project/external-api.js';
import { resourceNames } from '../../../project/names.js';
import { findResource, type ProjectConfig } from '../../../project/project-file.js';
import { apiNamespaced, gvkText, pluralOf, type Resource } from '../../../project/resource.js';
import { resourcePlural } from '../../../kube/plural.js';
import type { Plan } from '../../machinery/plan.js';
import type { ImportedKind } from './imported-crd.js';
import type { CreateApiOptions } from './options.js';

/** The plural and scope the kind's CRD gets (undefined: not given, the defaults). */
export interface CrdNaming {
  plural?: string;
  namespaced?: boolean;
}

/**
 * The versions of a kind share one CRD, so one plural and one scope: a new version takes them from
 * the kind's other versions, and a --plural or --namespaced that disagrees is an error.
 */
export function sameCrdAs(cfg: ProjectConfig, opts: CreateApiOptions): CrdNaming {
  const first = cfg.resources.find((r) => r.api && r.group === opts.group && r.kind === opts.kind && r.version !== opts.version);
  if (!first) return { plural: opts.plural, namespaced: opts.namespaced };
  if (opts.plural !== undefined && opts.plural !== pluralOf(first)) {
    throw new UsageError(`--plural ${opts.plural} differs from "${pluralOf(first)}" of ${gvkText(first)}: the versions of a kind share one CRD and so one plural; leave --plural out`);
  }
  const namespaced = apiNamespaced(first.api!);
  if (opts.namespaced !== undefined && opts.namespaced !== namespaced) {
    throw new UsageError(`--namespaced=${opts.namespaced}: ${gvkText(first)} is ${namespaced ? 'namespaced' : 'cluster-scoped'}, and the versions of a kind share one CRD and so one scope; leave --namespaced out`);
  }
  return { plural: first.plural, namespaced };
}

/** The kind's entry, and whether it is a built-in kind or a kind of another project. */
export function resourceEntry(plan: Plan, cfg: ProjectConfig, opts: CreateApiOptions, crd: CrdNaming, imported: ImportedKind | undefined): {
  res: Resource; core: boolean; external: boolean;
} {
  const existing = findResource(cfg, opts);
  const hasApi = existing?.api !== undefined;
  const external = !opts.resource && !hasApi && (opts.externalApiPath !== undefined || existing?.external === true);
  const core = !opts.resource && !hasApi && !external && (existing?.core === true || isBuiltinGroup(opts.group));
  if (!opts.resource && !hasApi && !core && !external) {
    throw new UsageError(`${gvkText(opts)} is neither an API of this project nor in a built-in group (core, apps, batch, ...); create it with --resource`);
  }
  if (core && !existing) {
    const note = checkBuiltinKind(cfg, opts);
    if (note) plan.note(note);
  }
  const res: Resource = existing ? { ...existing } : { group: opts.group, version: opts.version, kind: opts.kind };
  if (opts.resource) {
    res.domain = cfg.domain;
    res.path = resourceNames({ ...res, domain: cfg.domain }, cfg.multigroup === true).apiPath;
    // Without --namespaced: the scope of the kind's other versions, else of this version when scaffolded again, else namespaced.
    res.api = { crdVersion: 'v1', namespaced: crd.namespaced ?? (existing?.api ? apiNamespaced(existing.api) : true) };
  } else if (core) {
    res.core = true;
    res.domain = builtinGroupDomain(opts.group) ?? '';
  } else if (external && opts.externalApiPath !== undefined) {
    res.external = true;
    res.path = imported?.path ?? opts.externalApiPath;
    res.domain = imported?.domain ?? opts.externalApiDomain ?? '';
    resolveExternalApiPath(res.path, (f) => plan.exists(f));
  }
  const plural = crd.plural ?? res.plural;
  if (plural !== undefined && plural !== resourcePlural(opts.kind)) res.plural = plural;
  else delete res.plural;
  if (opts.controller) addController(res, opts.controllerName, { force: opts.force });
  return { res, core, external };
}
