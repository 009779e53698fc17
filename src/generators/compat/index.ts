// Breaking-change detection between the CRDs at a git ref and the CRDs generated now.
export { ALLOW_LIST_FILE, type AllowEntry, AllowListError, parseAllowList } from './allow-list.js';
export { runCompatCheck, crdsAtRef, type CompatCheckInput } from './check-compat.js';
export { compareCrd, compareCrds } from './compare-crds.js';
export type { CompatFinding, CompatSeverity } from './finding.js';
