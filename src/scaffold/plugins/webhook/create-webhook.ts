// `create webhook`: defaulting, validating and conversion webhooks for a kind, the config/ that
// serves them (service, cert-manager certificates, manager patch), and their registration.
// A later run for another webhook type of the same kind merges into the existing file.
import { UsageError } from '../../../project/usage-error.js';
import { Plan } from '../../machinery/plan.js';
import { projectContext } from '../../../project/context.js';
import { builtinGroupDomain, isBuiltinGroup, runtimeBuiltinKinds } from '../../../project/core-groups.js';
import { checkBuiltinKind } from '../../../project/builtin-kinds.js';
import { resourceNames } from '../../../project/names.js';
import { resourcePlural } from '../../../kube/plural.js';
import { findResource, type ProjectConfig } from '../../../project/project-file.js';
import { gvkText, pluralOf, type Resource, type ResourceWebhooks } from '../../../project/resource.js';
import { validateGvk, validateVersion, validateWebhookPath } from '../../../project/validation.js';
import { type CreateWebhookOptions, type WebhookContext, type WebhookTypes, apiWebhookTestFile } from './context.js';
import { planConversion } from './conversion.js';
import { planRegistration } from './registration.js';
import { planWebhookConfig } from './webhook-config.js';
import { planWebhookSource } from './webhook-source.js';

export type { CreateWebhookOptions } from './context.js';
import { planSiblingAdmission, planWebhookTest } from './webhook-test.js';

/** Plans `create webhook`; returns the updated PROJECT configuration. */
export function planCreateWebhook(plan: Plan, cfg: ProjectConfig, opts: CreateWebhookOptions): ProjectConfig {
  validateGvk(opts);
  if (!opts.defaulting && !opts.validation && !opts.conversion) {
    throw new UsageError('create webhook needs at least one of --defaulting, --programmatic-validation, --conversion');
  }
  if (opts.spoke.length > 0 && !opts.conversion) throw new UsageError('--spoke is only valid with --conversion');
  if (opts.conversion && opts.spoke.length === 0) throw new UsageError('--conversion needs at least one --spoke version (the versions converted to and from this hub version)');
  if (opts.defaultingPath !== undefined && !opts.defaulting) throw new UsageError('--defaulting-path is only valid with --defaulting');
  if (opts.validationPath !== undefined && !opts.validation) throw new UsageError('--validation-path is only valid with --programmatic-validation');
  for (const p of [opts.defaultingPath, opts.validationPath]) {
    if (p !== undefined) validateWebhookPath(p);
  }

  const existing = findResource(cfg, opts);
  const own = existing?.api !== undefined;
  const core = !own && (existing?.core === true || isBuiltinGroup(opts.group));
  if (!own && !core) {
    throw new UsageError(`API ${gvkText(opts)} does not exist in this project; create it first with \`scaffolder create api --group ${opts.group} --version ${opts.version} --kind ${opts.kind}\``);
  }
  if (core && !existing) {
    const note = checkBuiltinKind(cfg, opts);
    if (note) plan.note(note);
  }
  if (existing && opts.plural !== undefined && opts.plural !== pluralOf(existing)) {
    throw new UsageError(`--plural ${opts.plural}: ${gvkText(opts)} is recorded in PROJECT with plural "${pluralOf(existing)}"; leave --plural out`);
  }
  if (core && opts.conversion) throw new UsageError(`--conversion is not possible for built-in kind ${gvkText(opts)}: only the project's own APIs can convert`);
  for (const spoke of opts.spoke) {
    validateVersion(spoke);
    if (spoke === opts.version) throw new UsageError(`--spoke ${spoke} is the hub version itself; spokes are the other versions of ${opts.kind}`);
    if (!findResource(cfg, { ...opts, version: spoke })?.api) {
      throw new UsageError(`--spoke ${spoke}: API ${gvkText({ ...opts, version: spoke })} does not exist; create it first with \`scaffolder create api\``);
    }
  }
  if (opts.conversion) {
    // A kind converts through one hub: another version that is already the hub takes the new spokes.
    const hub = cfg.resources.find((r) => r.api && r.group === opts.group && r.kind === opts.kind && r.version !== opts.version && r.webhooks?.conversion);
    if (hub) {
      const wanted = [opts.version, ...opts.spoke].filter((v) => v !== hub.version && !hub.webhooks?.spoke?.includes(v));
      const how = wanted.length > 0
        ? `add spokes to it: \`scaffolder create webhook --group ${opts.group} --version ${hub.version} --kind ${opts.kind} --conversion --spoke ${wanted.join(',')}\``
        : 'it converts those versions already';
      throw new UsageError(`${gvkText(hub)} is already the conversion hub of ${opts.kind} (spokes ${(hub.webhooks?.spoke ?? []).join(', ')}); a kind has one hub: ${how}`);
    }
  }

  const old: ResourceWebhooks | undefined = existing?.webhooks;
  if (!opts.force) {
    if (opts.defaulting && old?.defaulting) throw new UsageError(`${gvkText(opts)} already has a defaulting webhook; pass --force to scaffold it again`);
    if (opts.validation && old?.validation) throw new UsageError(`${gvkText(opts)} already has a validating webhook; pass --force to scaffold it again`);
    const known = opts.spoke.filter((s) => old?.spoke?.includes(s));
    if (known.length > 0) throw new UsageError(`${gvkText(opts)} already converts to ${known.join(', ')}; pass --force to scaffold it again`);
  }

  const res: Resource = existing ? { ...existing } : { group: opts.group, version: opts.version, kind: opts.kind, core: true, domain: builtinGroupDomain(opts.group) ?? '' };
  if (opts.plural !== undefined && opts.plural !== resourcePlural(opts.kind)) res.plural = opts.plural;
  const webhooks: ResourceWebhooks = { ...(old ?? {}), webhookVersion: 'v1' };
  if (opts.defaulting) {
    webhooks.defaulting = true;
    if (opts.defaultingPath) webhooks.defaultingPath = opts.defaultingPath;
  }
  if (opts.validation) {
    webhooks.validation = true;
    if (opts.validationPath) webhooks.validationPath = opts.validationPath;
  }
  if (opts.conversion) {
    webhooks.conversion = true;
    webhooks.spoke = [...new Set([...(old?.spoke ?? []), ...opts.spoke])].sort();
  }
  res.webhooks = webhooks;

  const multigroup = cfg.multigroup === true;
  const names = resourceNames(res, multigroup);
  const runtimeKind = core ? runtimeBuiltinKinds.get(`${res.group}/${res.version}/${res.kind}`) : undefined;
  const webhookFile = core
    ? `src/webhooks/${res.group}/${res.version}/${names.lowerKind}_webhook.ts`
    : `${names.apiPath}/${names.lowerKind}_webhook.ts`;
  const testFile = core ? `test/webhooks/${res.group}/${res.version}/${names.lowerKind}_webhook.test.ts` : apiWebhookTestFile(names);
  const groupPath = names.qualifiedGroup.replace(/\./g, '-');
  const wc: WebhookContext = {
    res, names, ctx: projectContext(cfg), core, cfg, multigroup,
    kindRef: runtimeKind ?? res.kind,
    kindType: core ? `ObjectOf<typeof ${runtimeKind ?? res.kind}>` : res.kind,
    inlineKind: core && !runtimeKind,
    webhookFile,
    testFile,
    defaultingPath: webhooks.defaultingPath ?? `/mutate-${groupPath}-${res.version}-${names.lowerKind}`,
    validationPath: webhooks.validationPath ?? `/validate-${groupPath}-${res.version}-${names.lowerKind}`,
  };

  const all: WebhookTypes = { defaulting: webhooks.defaulting === true, validation: webhooks.validation === true, spokes: webhooks.spoke ?? [] };
  const added: WebhookTypes = {
    defaulting: opts.defaulting && !old?.defaulting,
    validation: opts.validation && !old?.validation,
    spokes: opts.spoke.filter((s) => !old?.spoke?.includes(s)),
  };
  // A later webhook type rewrites the webhook file and its test while they are still exactly what the
  // earlier types scaffolded, so that they do not depend on the order the types were added (and
  // `alpha generate`, which adds them at once, writes them again as they are); edited, they are merged into.
  const before: WebhookTypes = { defaulting: old?.defaulting === true, validation: old?.validation === true, spokes: old?.spoke ?? [] };
  const rewrite = opts.force || !plan.exists(webhookFile) || asScaffolded(plan, wc.webhookFile, (scratch) => planWebhookSource(scratch, wc, before, true));
  planWebhookSource(plan, wc, rewrite ? all : added, rewrite);
  const rewriteTest = rewrite || !plan.exists(wc.testFile) || asScaffolded(plan, wc.testFile, (scratch) => planWebhookTest(scratch, wc, before, true));
  planWebhookTest(plan, wc, rewriteTest ? all : added, rewriteTest);
  if (!core && (webhooks.defaulting || webhooks.validation)) planSiblingAdmission(plan, wc);
  planRegistration(plan, wc);
  planWebhookConfig(plan, wc, opts);
  if (opts.conversion) planConversion(plan, wc, opts.spoke, opts.force);

  const resources = existing ? cfg.resources.map((r) => (r === existing ? res : r)) : [...cfg.resources, res];
  return { ...cfg, resources };
}

/**
 * Whether `file` holds exactly what `write` (a rewrite of it, planned on a scratch plan that is never
 * applied) would scaffold: the user has not changed it, nor has another command inserted into it.
 */
function asScaffolded(plan: Plan, file: string, write: (scratch: Plan) => void): boolean {
  const scratch = new Plan(plan.root, { force: true });
  write(scratch);
  return scratch.read(file) === plan.read(file);
}
