// What every part of `create webhook` reads: the kind, its names and files, and the webhook types
// a run adds; the spoke versions' names.
import { projectContext, type ProjectContext } from '../../../project/context.js';
import { clusterScopedBuiltinKinds, runtimeBuiltinKinds } from '../../../project/core-groups.js';
import { pascal, resourceNames, type ResourceNames } from '../../../project/names.js';
import { findResource, type ProjectConfig } from '../../../project/project-file.js';
import { apiNamespaced, type Resource } from '../../../project/resource.js';

export interface WebhookTypes {
  defaulting: boolean;
  validation: boolean;
  spokes: string[];
}

export interface WebhookContext {
  res: Resource;
  names: ResourceNames;
  ctx: ProjectContext;
  core: boolean;
  /** The identifier of the kind descriptor in the webhook file. */
  kindRef: string;
  /** The TypeScript type of an object of the kind. */
  kindType: string;
  /** A built-in kind kubescaffolder/runtime has no descriptor for: the webhook file defines one. */
  inlineKind: boolean;
  webhookFile: string;
  testFile: string;
  defaultingPath: string;
  validationPath: string;
  multigroup: boolean;
  cfg: ProjectConfig;
}

/** The context of the kind `res` (its PROJECT entry with the webhooks of this run); `core`: a built-in kind. */
export function webhookContext(cfg: ProjectConfig, res: Resource, core: boolean): WebhookContext {
  const multigroup = cfg.multigroup === true;
  const names = resourceNames(res, multigroup);
  const runtimeKind = core ? runtimeBuiltinKinds.get(`${res.group}/${res.version}/${res.kind}`) : undefined;
  const groupPath = names.qualifiedGroup.replace(/\./g, '-');
  return {
    res, names, ctx: projectContext(cfg), core, cfg, multigroup,
    kindRef: runtimeKind ?? res.kind,
    kindType: core ? `ObjectOf<typeof ${runtimeKind ?? res.kind}>` : res.kind,
    inlineKind: core && !runtimeKind,
    webhookFile: core ? `src/webhooks/${res.group}/${res.version}/${names.lowerKind}_webhook.ts` : `${names.apiPath}/${names.lowerKind}_webhook.ts`,
    testFile: core ? `test/webhooks/${res.group}/${res.version}/${names.lowerKind}_webhook.test.ts` : apiWebhookTestFile(names),
    defaultingPath: res.webhooks?.defaultingPath ?? `/mutate-${groupPath}-${res.version}-${names.lowerKind}`,
    validationPath: res.webhooks?.validationPath ?? `/validate-${groupPath}-${res.version}-${names.lowerKind}`,
  };
}

/** The names of a spoke version, from its own PROJECT entry (its package path may differ from the hub's layout). */
export function spokeNamesOf(wc: WebhookContext, spoke: string): ResourceNames {
  const own = findResource(wc.cfg, { ...wc.res, version: spoke });
  return resourceNames(own ?? { ...wc.res, version: spoke, path: undefined }, wc.multigroup);
}

export function spokeAlias(wc: WebhookContext, spoke: string): string {
  return spokeNamesOf(wc, spoke).importAlias;
}

/** The spoke's sample constructor as the conversion tests import it: `newCronJobV2`. */
export function spokeSampleName(wc: WebhookContext, spoke: string): string {
  return `new${wc.res.kind}${pascal(spoke)}`;
}

export function spokeIndex(wc: WebhookContext, spoke: string): string {
  return `${spokeNamesOf(wc, spoke).apiPath}/index.ts`;
}

export function sectionData(wc: WebhookContext) {
  return {
    ...wc.ctx, ...wc.names, version: wc.res.version, kindRef: wc.kindRef, kindType: wc.kindType,
    defaultingPath: wc.defaultingPath, validationPath: wc.validationPath, markerGroup: wc.names.webhookGroup, core: wc.core,
    inlineKind: wc.inlineKind, group: wc.res.group,
    namespaced: wc.res.api ? apiNamespaced(wc.res.api) : !clusterScopedBuiltinKinds.has(wc.res.kind),
  };
}

/** An API's webhook test mirrors its package (api/v1 -> test/webhooks/v1, api/crew/v1 -> test/webhooks/crew/v1). */
export function apiWebhookTestFile(names: ResourceNames): string {
  return `test/webhooks/${names.apiPath.replace(/^api\//, '')}/${names.lowerKind}_webhook.test.ts`;
}

/** The flags of `create webhook`. */
export interface CreateWebhookOptions {
  group: string;
  version: string;
  kind: string;
  plural?: string;
  defaulting: boolean;
  validation: boolean;
  conversion: boolean;
  spoke: string[];
  defaultingPath?: string;
  validationPath?: string;
  force: boolean;
}
