import type { MarkerDefinition, MarkerRegistry } from '../../markers/index.js';

const list = { type: { slice: 'string' }, optional: true } as const;

/** `+kubebuilder:rbac:groups=...,resources=...,verbs=...`: one permission the operator needs. */
export const RBAC_DEFINITION = {
  name: 'kubebuilder:rbac',
  target: 'package',
  args: {
    groups: list,
    resources: list,
    resourceNames: list,
    verbs: { type: { slice: 'string' } },
    urls: list,
    namespace: { type: 'string', optional: true },
    roleName: { type: 'string', optional: true },
  },
  help: 'an RBAC rule for the manager role (config/rbac/role.yaml)',
} as const satisfies MarkerDefinition;

export const RBAC_MARKER = RBAC_DEFINITION.name;

export function defineRbacMarkers(registry: MarkerRegistry): void {
  registry.define(RBAC_DEFINITION);
}
