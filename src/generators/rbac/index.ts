/** RBAC: `+kubebuilder:rbac` markers to config/rbac/role.yaml, normalised as controller-gen does. */
export { RBAC_MARKER, defineRbacMarkers } from './markers.js';
export { type RbacOptions, type RoleObject, generateRoles } from './generate.js';
export { normalizeRules } from './normalize.js';
export type { PolicyRule, RbacRule } from './rule.js';
export { RbacManifestsGenerator } from './manifests-generator.js';
