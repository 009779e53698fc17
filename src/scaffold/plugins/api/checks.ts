// What PROJECT forbids `create api` to add: a kind or controller already there, a second group in a
// single-group project, names two kinds would share (files, declarations, imports, CRD names).
import { UsageError } from '../../../project/usage-error.js';
import type { ResourceNames } from '../../../project/names.js';
import { findResource, type ProjectConfig } from '../../../project/project-file.js';
import { gvkText, importAlias, pluralOf, qualifiedGroup, sameGvk, type Resource } from '../../../project/resource.js';
import type { Plan } from '../../machinery/plan.js';
import type { CreateApiOptions } from './options.js';
import { controllerNames, controllerPaths } from './controller-paths.js';

/** Groups the project itself defines APIs in. */
function ownGroups(cfg: ProjectConfig): Set<string> {
  return new Set(cfg.resources.filter((r) => r.api && !r.core && !r.external).map((r) => r.group));
}

/** What the kind's PROJECT entry allows: scaffolding again takes --force, and a recorded plural stays. */
export function checkAgainstProject(cfg: ProjectConfig, opts: CreateApiOptions): void {
  const existing = findResource(cfg, opts);
  if (opts.resource) {
    if (existing?.api !== undefined && !opts.force) throw new UsageError(`API ${gvkText(opts)} already exists in PROJECT; pass --force to scaffold it again`);
    const groups = ownGroups(cfg);
    if (!cfg.multigroup && groups.size > 0 && !groups.has(opts.group)) {
      throw new UsageError(`group "${opts.group}" would be a second API group (the project has "${[...groups].join('", "')}"); multiple groups need a multi-group project: run \`scaffolder edit --multigroup\` first`);
    }
  }
  if (opts.controller && existing?.controller && !opts.force && !opts.resource && opts.controllerName === undefined) {
    throw new UsageError(`a controller for ${gvkText(opts)} already exists in PROJECT; pass --force to scaffold it again`);
  }
  if (!opts.resource && existing && opts.plural !== undefined && opts.plural !== pluralOf(existing)) {
    throw new UsageError(`--plural ${opts.plural}: ${gvkText(opts)} is recorded in PROJECT with plural "${pluralOf(existing)}"; leave --plural out`);
  }
}

/** A new API's kind against the group's other kinds: its files, declarations and import name are its own. */
export function checkNewKindNames(cfg: ProjectConfig, opts: CreateApiOptions): void {
  const cased = cfg.resources.find((r) => r.api && r.group === opts.group && r.kind !== opts.kind && r.kind.toLowerCase() === opts.kind.toLowerCase());
  if (cased) throw new UsageError(`kind "${opts.kind}" differs from ${gvkText(cased)} only in case: their files (${opts.kind.toLowerCase()}_types.ts, ...) and CRD would be the same`);
  // The types file of a kind declares <Kind>, <Kind>Spec, <Kind>Status and <Kind>List in its package.
  const declared = (kind: string) => [kind, `${kind}Spec`, `${kind}Status`, `${kind}List`];
  for (const other of cfg.resources.filter((r) => r.api && r.group === opts.group && r.version === opts.version && r.kind !== opts.kind)) {
    const both = declared(opts.kind).find((n) => declared(other.kind).includes(n));
    if (both) throw new UsageError(`kind "${opts.kind}" clashes with ${gvkText(other)}: both would declare ${both} in the same API package; choose another kind name`);
  }
  // src/main.ts imports each API package under `<group><version>` with '-' and '.' dropped.
  const alias = importAlias(opts);
  const twin = cfg.resources.find((r) => r.api && r.group !== opts.group && importAlias(r) === alias);
  if (twin) throw new UsageError(`group "${opts.group}" would share the import name ${alias} with group "${twin.group}" in src/main.ts; choose another group name`);
}

/** The CRD's names: a plural of its own within the group, within the lengths a resource and a group may have. */
export function checkResourceNames(cfg: ProjectConfig, opts: CreateApiOptions, res: Resource, names: ResourceNames): void {
  const samePlural = opts.resource && cfg.resources.find((r) => r.api && r.group === res.group && r.kind !== res.kind && pluralOf(r) === names.plural);
  if (samePlural) {
    throw new UsageError(`plural "${names.plural}" is already the plural of ${gvkText(samePlural)}: two kinds of a group cannot share a resource name (CRD ${names.plural}.${names.qualifiedGroup}); pass another --plural`);
  }
  if (opts.resource && names.plural.length > 63) {
    throw new UsageError(`kind "${opts.kind}" gives the plural "${names.plural}" (${names.plural.length} characters), longer than the 63 a resource name may have; pass a shorter --plural or choose a shorter kind`);
  }
  if (qualifiedGroup(res) !== '' && qualifiedGroup(res).length > 253) throw new UsageError(`group "${qualifiedGroup(res)}" is longer than 253 characters`);
}

/**
 * One controller file per kind name: another version's (or, without multigroup, another group's
 * kind of the same name, such as core Pod) is in the way; kubebuilder refuses too.
 */
export function checkControllerFileFree(plan: Plan, cfg: ProjectConfig, res: Resource, opts: CreateApiOptions): void {
  if (opts.force) return;
  const multigroup = cfg.multigroup === true;
  const file = controllerPaths(res, multigroup, opts.controllerName).file;
  const owner = cfg.resources.find((r) => !sameGvk(r, res) && controllerNames(r).some((n) => controllerPaths(r, multigroup, n).file === file));
  if (owner && plan.exists(file)) {
    const way = owner.group === res.group
      ? (opts.resource ? 'pass --controller=false to scaffold only the API, or --force to overwrite it' : 'pass --force to overwrite it')
      : 'run `scaffolder edit --multigroup` first to give each group its own src/controllers/<group>/';
    throw new UsageError(`${file} already exists: it is the controller of ${gvkText(owner)}; ${way}`);
  }
}
