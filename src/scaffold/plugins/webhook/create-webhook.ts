// `create webhook`: defaulting, validating and conversion webhooks for a kind, the config/ that
// serves them (service, cert-manager certificates, manager patch), and their registration.
// Checks first, then PROJECT's entry of the kind, then its files, each planned by the module that
// owns it. A later run for another webhook type of the same kind merges into the existing file.
import { findResource, withResource, type ProjectConfig } from '../../../project/project-file.js';
import type { ResourceWebhooks } from '../../../project/resource.js';
import { Plan } from '../../machinery/plan.js';
import { checkAgainstProject, checkCreateWebhookFlags } from './checks.js';
import { type CreateWebhookOptions, type WebhookContext, type WebhookTypes, webhookContext } from './context.js';
import { planConversion } from './conversion.js';
import { webhookEntry } from './project-entry.js';
import { planRegistration } from './registration.js';
import { planWebhookConfig } from './webhook-config.js';
import { planWebhookSource } from './webhook-source.js';
import { planSiblingAdmission, planWebhookTest } from './webhook-test.js';

export type { CreateWebhookOptions } from './context.js';

/** Plans `create webhook`; returns the updated PROJECT configuration. */
export function planCreateWebhook(plan: Plan, cfg: ProjectConfig, opts: CreateWebhookOptions): ProjectConfig {
  checkCreateWebhookFlags(opts);
  const core = checkAgainstProject(plan, cfg, opts);
  const res = webhookEntry(cfg, opts);
  const wc = webhookContext(cfg, res, core);
  planSourceAndTest(plan, wc, findResource(cfg, opts)?.webhooks, opts);
  if (!core && (res.webhooks?.defaulting || res.webhooks?.validation)) planSiblingAdmission(plan, wc);
  planRegistration(plan, wc);
  planWebhookConfig(plan, wc, opts);
  if (opts.conversion) planConversion(plan, wc, opts.spoke, opts.force);
  return withResource(cfg, res);
}

/**
 * The webhook file and its test. A later webhook type rewrites them while they are still exactly what
 * the earlier types scaffolded, so that they do not depend on the order the types were added (and
 * `alpha generate`, which adds them at once, writes them again as they are); edited, they are merged into.
 */
function planSourceAndTest(plan: Plan, wc: WebhookContext, old: ResourceWebhooks | undefined, opts: CreateWebhookOptions): void {
  const webhooks = wc.res.webhooks!;
  const all: WebhookTypes = { defaulting: webhooks.defaulting === true, validation: webhooks.validation === true, spokes: webhooks.spoke ?? [] };
  const added: WebhookTypes = {
    defaulting: opts.defaulting && !old?.defaulting,
    validation: opts.validation && !old?.validation,
    spokes: opts.spoke.filter((s) => !old?.spoke?.includes(s)),
  };
  const before: WebhookTypes = { defaulting: old?.defaulting === true, validation: old?.validation === true, spokes: old?.spoke ?? [] };
  const rewrite = opts.force || !plan.exists(wc.webhookFile) || asScaffolded(plan, wc.webhookFile, (scratch) => planWebhookSource(scratch, wc, before, true));
  planWebhookSource(plan, wc, rewrite ? all : added, rewrite);
  const rewriteTest = rewrite || !plan.exists(wc.testFile) || asScaffolded(plan, wc.testFile, (scratch) => planWebhookTest(scratch, wc, before, true));
  planWebhookTest(plan, wc, rewriteTest ? all : added, rewriteTest);
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
