// config/ for serving webhooks: webhook and certmanager kustomizations, service, manager patch,
// network policy, and the blocks of config/default they need.
import { containsLines } from '../../machinery/inserter.js';
import * as blocks from '../../machinery/kustomize-blocks.js';
import type { Plan } from '../../machinery/plan.js';
import type { TemplateName } from '../../machinery/template-data.js';
import { enableInDefault } from '../../machinery/kustomize-edits.js';
import type { CreateWebhookOptions, WebhookContext } from './context.js';

export function planWebhookConfig(plan: Plan, wc: WebhookContext, opts: CreateWebhookOptions): void {
  const data = { ...wc.ctx, ...wc.names };
  // Written by the first webhook only: later ones leave the user's changes (issuer, patch, ...) alone.
  const add = (template: TemplateName, path: string) => plan.addFile({ path, template, data, ifExists: 'skip' });
  add('webhook/config/kustomization.yaml', 'config/webhook/kustomization.yaml');
  add('webhook/config/service.yaml', 'config/webhook/service.yaml');
  add('webhook/config/manager_webhook_patch.yaml', 'config/default/manager_webhook_patch.yaml');
  add('webhook/config/allow-webhook-traffic.yaml', 'config/network-policy/allow-webhook-traffic.yaml');
  for (const f of ['kustomization.yaml', 'kustomizeconfig.yaml', 'issuer.yaml', 'certificate-webhook.yaml', 'certificate-metrics.yaml'] as const) {
    add(`webhook/config/certmanager/${f}`, `config/certmanager/${f}`);
  }
  if (!plan.exists('config/network-policy/kustomization.yaml')) {
    plan.note('config/network-policy/kustomization.yaml not found: list allow-webhook-traffic.yaml there by hand');
  } else plan.edit('config/network-policy/kustomization.yaml', (content) => {
    if (containsLines(content, '- allow-webhook-traffic.yaml')) return content;
    return content.replace(/^resources:\n/m, 'resources:\n- allow-webhook-traffic.yaml\n');
  });
  for (const block of [blocks.webhookResource, blocks.certManagerResource, blocks.webhookPatch, blocks.replacementsKey, blocks.webhookServiceReplacements]) {
    enableInDefault(plan, block);
  }
  if (opts.defaulting) enableInDefault(plan, blocks.mutatingCaInjection);
  if (opts.validation) enableInDefault(plan, blocks.validatingCaInjection);
}
