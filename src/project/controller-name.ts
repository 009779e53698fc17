// `create api --controller-name`: several controllers for one kind, as kubebuilder v4 names them.
// The name is a DNS-1035 label; it names the file (`-` as `_`), the reconciler class (PascalCase +
// Reconciler) and the controller at runtime (`.named(...)`, group-prefixed in multi-group projects).
// A controller without a name is the kind's (`<kind>_controller.ts`, `<Kind>Reconciler`).
import { dns1035LabelPattern as dns1035Label } from '../kube/dns-names.js';
import { UsageError } from './usage-error.js';
import { gvkText, type Resource } from './resource.js';

export function validateControllerName(name: string): void {
  if (name.length > 63 || !dns1035Label.test(name)) {
    throw new UsageError(`invalid controller name "${name}": must be a DNS-1035 label (a lower-case letter, then lower-case letters, digits and '-', at most 63 characters), e.g. captain-backup`);
  }
}

/** The controller's file name without `_controller.ts`: `captain_backup`, or the lower-case kind. */
export function controllerFileBase(kind: string, name?: string): string {
  return name === undefined ? kind.toLowerCase() : name.replace(/-/g, '_');
}

/** `CaptainBackupReconciler`; `<Kind>Reconciler` without a name or when the name is the lower-case kind. */
export function reconcilerClassName(kind: string, name?: string): string {
  if (name === undefined || name === kind.toLowerCase()) return `${kind}Reconciler`;
  return `${name.split('-').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('')}Reconciler`;
}

/** Names that give the same class (`captain-backup`, `captainbackup`) cannot both be used. */
function collisionKey(name: string): string {
  return name.replace(/[^a-z0-9]/gi, '').toLowerCase();
}

/**
 * Adds the controller `name` (or the unnamed one) to `res`, refusing what kubebuilder refuses: an
 * unnamed controller next to named ones, a name already used, and names that give the same class.
 * Adding a named controller to a kind with the unnamed one records that one under the lower-case kind.
 */
export function addController(res: Resource, name: string | undefined, opts: { force: boolean }): void {
  const named = res.controllers ?? [];
  if (name === undefined) {
    if (named.length > 0) {
      throw new UsageError(`${gvkText(res)} already has named controllers (${named.map((c) => c.name).join(', ')}); pass --controller-name to add another one, or --controller=false`);
    }
    res.controller = true;
    return;
  }
  validateControllerName(name);
  const all = [...named, ...(res.controller ? [{ name: res.kind.toLowerCase() }] : [])];
  const same = all.find((c) => c.name === name);
  if (same && !opts.force) throw new UsageError(`a controller named "${name}" already exists for ${gvkText(res)}; pass --force to scaffold it again`);
  const clash = all.find((c) => c.name !== name && collisionKey(c.name) === collisionKey(name));
  if (clash) throw new UsageError(`controller name "${name}" conflicts with the controller "${clash.name}" of ${gvkText(res)}: both would be ${reconcilerClassName(res.kind, name)}`);
  if (!same) res.controllers = [...(res.controller ? [{ name: res.kind.toLowerCase() }] : []), ...named, { name }];
  else res.controllers = all;
  delete res.controller;
}
