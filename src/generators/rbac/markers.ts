import type { MarkerRegistry } from '../../markers/index.js';

export const RBAC_MARKER = 'kubebuilder:rbac';

/** `+kubebuilder:rbac:groups=...,resources=...,verbs=...`: one permission the operator needs. */
export function defineRbacMarkers(registry: MarkerRegistry): void {
  const list = { type: { slice: 'string' }, optional: true } as const;
  registry.define({
    name: RBAC_MARKER,
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
  });
}
