// The kind's PROJECT entry as `create webhook` leaves it: its webhooks (paths, spokes) added to
// those it had; a built-in kind gets an entry of its own.
import { builtinGroupDomain } from '../../../project/core-groups.js';
import { findResource, type ProjectConfig } from '../../../project/project-file.js';
import type { Resource, ResourceWebhooks } from '../../../project/resource.js';
import { resourcePlural } from '../../../kube/plural.js';
import type { CreateWebhookOptions } from './context.js';

export function webhookEntry(cfg: ProjectConfig, opts: CreateWebhookOptions): Resource {
  const existing = findResource(cfg, opts);
  const old = existing?.webhooks;
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
  return res;
}
