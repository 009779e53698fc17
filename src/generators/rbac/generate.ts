/**
 * config/rbac/role.yaml from `+kubebuilder:rbac` markers: one ClusterRole per role name for rules without
 * a namespace, one Role per (namespace, role name), sorted by namespace then name.
 */
import { type MarkedValue, markersOf } from '../../markers/index.js';
import { RBAC_DEFINITION } from './markers.js';
import { normalizeRules } from './normalize.js';
import type { PolicyRule, RbacRule } from './rule.js';

export interface RbacOptions {
  /** The role name for rules without `roleName` (controller-gen's default: manager-role). */
  readonly roleName?: string;
  /**
   * For namespaced projects: rules without a namespace go to a Role in this namespace (the operator's)
   * instead of a ClusterRole.
   */
  readonly defaultNamespace?: string;
}

export interface RoleObject {
  apiVersion: 'rbac.authorization.k8s.io/v1';
  kind: 'ClusterRole' | 'Role';
  metadata: { name: string; namespace?: string };
  rules: PolicyRule[];
}

/** The roles the markers ask for, in controller-gen's order; empty when there are none. */
export function generateRoles(markers: readonly MarkedValue[], options: RbacOptions = {}): RoleObject[] {
  const defaultRole = options.roleName ?? 'manager-role';
  const byRole = new Map<string, { namespace: string; roleName: string; rules: RbacRule[] }>();
  for (const { value: v } of markersOf(RBAC_DEFINITION, markers)) {
    const namespace = v.namespace || options.defaultNamespace || '';
    const roleName = v.roleName || defaultRole;
    const key = `${namespace}\u0000${roleName}`;
    let entry = byRole.get(key);
    if (!entry) byRole.set(key, (entry = { namespace, roleName, rules: [] }));
    const base = { groups: v.groups ?? [], resourceNames: v.resourceNames ?? [], verbs: v.verbs, urls: v.urls ?? [] };
    const resources = v.resources ?? [];
    // one rule per resource, so that verbs can be merged per resource
    if (resources.length === 0) entry.rules.push({ ...base, resources: [] });
    for (const resource of resources) entry.rules.push({ ...base, groups: [...base.groups], resources: [resource] });
  }
  const entries = [...byRole.values()].sort((a, b) =>
    a.namespace !== b.namespace ? (a.namespace < b.namespace ? -1 : 1) : a.roleName < b.roleName ? -1 : a.roleName > b.roleName ? 1 : 0,
  );
  const roles: RoleObject[] = [];
  for (const entry of entries) {
    const rules = normalizeRules(entry.rules);
    if (rules.length === 0) continue;
    roles.push(
      entry.namespace === ''
        ? { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: entry.roleName }, rules }
        : { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: entry.roleName, namespace: entry.namespace }, rules },
    );
  }
  return roles;
}
