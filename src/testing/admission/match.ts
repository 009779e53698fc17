/**
 * Which webhooks a request goes to, as kube-apiserver decides: rules (operations, apiGroups,
 * apiVersions, resources with `*` and `res/sub`, scope), namespaceSelector and objectSelector.
 * With matchPolicy Equivalent (the default), a webhook whose rules name the same group and
 * resource at another version also matches: it is called with the object at its version.
 */
import { fromLabelSelectorObject, matchesLabels, type LabelSelector } from '../../kube/label-selector.js';
import type { AdmissionAttributes, RuleWithOperations, Webhook } from './types.js';

type Labels = Record<string, string>;

/** A webhook's namespaceSelector or objectSelector; none selects everything. */
function matchesLabelSelector(selector: LabelSelector | undefined, labels: Labels): boolean {
  return !selector || matchesLabels(fromLabelSelectorObject(selector), labels);
}

const star = (list: string[] | undefined, value: string) => (list ?? []).some((x) => x === '*' || x === value);

function matchesResource(resources: string[] | undefined, resource: string, subResource: string): boolean {
  return (resources ?? []).some((entry) => {
    const slash = entry.indexOf('/');
    const res = slash < 0 ? entry : entry.slice(0, slash);
    const sub = slash < 0 ? '' : entry.slice(slash + 1);
    return (res === '*' || res === resource) && (sub === '*' || sub === subResource);
  });
}

function isNamespaceObject(attrs: AdmissionAttributes): boolean {
  return attrs.resource.group === '' && attrs.resource.resource === 'namespaces' && !attrs.subResource;
}

function matchesScope(rule: RuleWithOperations, attrs: AdmissionAttributes): boolean {
  const scope = rule.scope ?? '*';
  if (scope === '*') return true;
  if (scope === 'Namespaced') return !isNamespaceObject(attrs) && !!attrs.namespace;
  return isNamespaceObject(attrs) || !attrs.namespace;
}

export function matchesRule(rule: RuleWithOperations, attrs: AdmissionAttributes): boolean {
  return (
    star(rule.operations, attrs.operation) &&
    star(rule.apiGroups, attrs.resource.group) &&
    star(rule.apiVersions, attrs.resource.version) &&
    matchesResource(rule.resources, attrs.resource.resource, attrs.subResource ?? '') &&
    matchesScope(rule, attrs)
  );
}

function labelsOf(obj: unknown): Labels | undefined {
  const labels = (obj as { metadata?: { labels?: Labels } } | null | undefined)?.metadata?.labels;
  return obj === undefined || obj === null ? undefined : (labels ?? {});
}

function matchesNamespaceSelector(hook: Webhook, attrs: AdmissionAttributes): boolean {
  const selector = hook.namespaceSelector;
  if (!selector || (!selector.matchLabels && !selector.matchExpressions)) return true;
  if (isNamespaceObject(attrs)) {
    const labels = labelsOf(attrs.object) ?? labelsOf(attrs.oldObject) ?? {};
    return matchesLabelSelector(selector, labels);
  }
  // Cluster-scoped objects are not in a namespace: the selector does not apply.
  if (!attrs.namespace) return true;
  return matchesLabelSelector(selector, attrs.namespaceLabels ?? {});
}

function matchesObjectSelector(hook: Webhook, attrs: AdmissionAttributes): boolean {
  const selector = hook.objectSelector;
  if (!selector || (!selector.matchLabels && !selector.matchExpressions)) return true;
  const candidates = [labelsOf(attrs.object), labelsOf(attrs.oldObject)].filter((l): l is Labels => l !== undefined);
  return candidates.some((labels) => matchesLabelSelector(selector, labels));
}

/**
 * How a webhook matches a request: 'exact', or the version of an equivalent match (same group
 * and resource, another version the rule names), or undefined when it does not match.
 */
export function webhookMatch(hook: Webhook, attrs: AdmissionAttributes): 'exact' | { version: string } | undefined {
  if (!matchesNamespaceSelector(hook, attrs) || !matchesObjectSelector(hook, attrs)) return undefined;
  const rules = hook.rules ?? [];
  if (rules.some((rule) => matchesRule(rule, attrs))) return 'exact';
  if (hook.matchPolicy === 'Exact') return undefined;
  for (const rule of rules) {
    for (const version of rule.apiVersions ?? []) {
      if (version === '*' || version === attrs.resource.version) continue;
      const atVersion = { ...attrs, resource: { ...attrs.resource, version } };
      if (matchesRule(rule, atVersion)) return { version };
    }
  }
  return undefined;
}

