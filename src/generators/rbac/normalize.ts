/**
 * controller-gen's rule normalisation: verbs unioned for equal (groups, resources, names, urls); then rules
 * equal but for their resources merged, then equal but for their groups, then equal but for their urls;
 * every list deduplicated and sorted; rules sorted by key; `*` absorbing the other verbs.
 */
import { type PolicyRule, type RbacRule, normalize, ruleKey, toPolicyRule, uniqueSorted } from './rule.js';

type ListField = 'groups' | 'resources' | 'urls';

/** Merges rules that agree on everything but `field`, keyed by the other lists and the verbs. */
function mergeOn(rules: Iterable<RbacRule>, field: ListField): Map<string, RbacRule> {
  const buckets = new Map<string, RbacRule[]>();
  for (const rule of rules) {
    const others = (['groups', 'resources', 'resourceNames', 'urls'] as const).filter((f) => f !== field).map((f) => rule[f].join('&'));
    const key = [...others, rule.verbs.join('&')].join(' + ');
    const bucket = buckets.get(key);
    if (bucket) bucket.push(rule);
    else buckets.set(key, [rule]);
  }
  const out = new Map<string, RbacRule>();
  for (const bucket of buckets.values()) {
    const merged = normalize({ ...(bucket[0]), [field]: bucket.flatMap((r) => r[field]) });
    out.set(ruleKey(merged), merged);
  }
  return out;
}

export function normalizeRules(input: readonly RbacRule[]): PolicyRule[] {
  let byKey = new Map<string, RbacRule>();
  for (const raw of input) {
    const rule = normalize({ ...raw, groups: raw.groups.map((g) => (g === 'core' ? '' : g)) });
    const key = ruleKey(rule);
    const existing = byKey.get(key);
    if (existing) byKey.set(key, { ...existing, verbs: uniqueSorted([...existing.verbs, ...rule.verbs]) });
    else byKey.set(key, rule);
  }
  byKey = mergeOn(byKey.values(), 'resources');
  byKey = mergeOn(byKey.values(), 'groups');
  byKey = mergeOn(byKey.values(), 'urls');
  const keys = [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return keys.map((key) => {
    const rule = byKey.get(key) as RbacRule;
    return toPolicyRule(rule.verbs.includes('*') ? { ...rule, verbs: ['*'] } : rule);
  });
}
