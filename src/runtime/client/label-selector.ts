/**
 * Label selectors as clients pass them (the API's string syntax or an equality map), evaluated in
 * memory for cache reads with apimachinery's grammar (src/kube/label-selector.ts): `a=b`, `a==b`,
 * `a!=b`, `a in (x,y)`, `a notin (x)`, `a` (exists), `!a` (does not exist), `a>1`, `a<1`, joined
 * with commas (all must hold).
 */
import { matchesLabels, parseLabelSelector, type LabelRequirements } from '../../kube/label-selector.js';
import type { LabelSelector } from './types.js';

export type LabelMatcher = (labels: Record<string, string> | undefined) => boolean;

const matchEverything: LabelMatcher = () => true;

/** Compiles a selector (string form or equality map) into a predicate; throws on bad syntax. */
export function compileLabelSelector(selector: LabelSelector | undefined): LabelMatcher {
  if (selector === undefined) return matchEverything;
  const reqs: LabelRequirements = typeof selector === 'string'
    ? parseLabelSelector(selector)
    : Object.entries(selector).map(([key, v]) => ({ key, operator: '=', values: [v] }));
  if (reqs.length === 0) return matchEverything;
  return (labels) => matchesLabels(reqs, labels);
}

/** Turns a selector's string form into the canonical form of a `labelSelector` query parameter. */
export function labelSelectorString(selector: LabelSelector): string {
  if (typeof selector === 'string') return selector;
  return Object.entries(selector).map(([k, v]) => `${k}=${v}`).join(',');
}
