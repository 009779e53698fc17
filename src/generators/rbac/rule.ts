/** One RBAC rule as the marker states it, and the set operations controller-gen's normalisation uses. */

export interface RbacRule {
  groups: string[];
  resources: string[];
  resourceNames: string[];
  verbs: string[];
  urls: string[];
}

/** A Kubernetes PolicyRule, empty lists left out (verbs always present). */
export interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
  verbs: string[];
}

/** Deduplicated and sorted by code unit, as Go sorts strings. */
export function uniqueSorted(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function normalize(rule: RbacRule): RbacRule {
  return {
    groups: uniqueSorted(rule.groups),
    resources: uniqueSorted(rule.resources),
    resourceNames: uniqueSorted(rule.resourceNames),
    verbs: uniqueSorted(rule.verbs),
    urls: uniqueSorted(rule.urls),
  };
}

/** The identity of a rule without its verbs: rules with the same key have their verbs unioned. */
export function ruleKey(rule: RbacRule): string {
  return [rule.groups, rule.resources, rule.resourceNames, rule.urls].map((l) => l.join('&')).join(' + ');
}

export function toPolicyRule(rule: RbacRule): PolicyRule {
  const out: PolicyRule = { verbs: rule.verbs };
  if (rule.groups.length) out.apiGroups = rule.groups;
  if (rule.resources.length) out.resources = rule.resources;
  if (rule.resourceNames.length) out.resourceNames = rule.resourceNames;
  if (rule.urls.length) out.nonResourceURLs = rule.urls;
  return out;
}
