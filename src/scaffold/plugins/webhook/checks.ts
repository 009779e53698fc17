// What `create webhook` refuses: flags that do not go together, a kind the project does not have,
// conversion of a built-in kind, spokes that are not versions of the kind, a second hub, a webhook
// already there (without --force).
import { UsageError } from '../../../project/usage-error.js';
import { checkBuiltinKind } from '../../../project/builtin-kinds.js';
import { isBuiltinGroup } from '../../../project/core-groups.js';
import { findResource, type ProjectConfig } from '../../../project/project-file.js';
import { gvkText, pluralOf } from '../../../project/resource.js';
import { validateGvk, validateVersion, validateWebhookPath } from '../../../project/validation.js';
import type { Plan } from '../../machinery/plan.js';
import type { CreateWebhookOptions } from './context.js';

export function checkCreateWebhookFlags(opts: CreateWebhookOptions): void {
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
}

/** Checks the webhooks asked for against PROJECT; returns whether the kind is a built-in one. */
export function checkAgainstProject(plan: Plan, cfg: ProjectConfig, opts: CreateWebhookOptions): boolean {
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
  checkSpokes(cfg, opts);
  const old = existing?.webhooks;
  if (!opts.force) {
    if (opts.defaulting && old?.defaulting) throw new UsageError(`${gvkText(opts)} already has a defaulting webhook; pass --force to scaffold it again`);
    if (opts.validation && old?.validation) throw new UsageError(`${gvkText(opts)} already has a validating webhook; pass --force to scaffold it again`);
    const known = opts.spoke.filter((s) => old?.spoke?.includes(s));
    if (known.length > 0) throw new UsageError(`${gvkText(opts)} already converts to ${known.join(', ')}; pass --force to scaffold it again`);
  }
  return core;
}

/** Each spoke is another version of the kind in PROJECT, and the kind has one hub. */
function checkSpokes(cfg: ProjectConfig, opts: CreateWebhookOptions): void {
  for (const spoke of opts.spoke) {
    validateVersion(spoke);
    if (spoke === opts.version) throw new UsageError(`--spoke ${spoke} is the hub version itself; spokes are the other versions of ${opts.kind}`);
    if (!findResource(cfg, { ...opts, version: spoke })?.api) {
      throw new UsageError(`--spoke ${spoke}: API ${gvkText({ ...opts, version: spoke })} does not exist; create it first with \`scaffolder create api\``);
    }
  }
  if (!opts.conversion) return;
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
