/**
 * What still differs between the in-process server and kube-apiserver in the scenario corpus, one
 * entry per cause with the scenarios it accounts for. Most are differences found and not yet
 * closed; the garbage-collection ones are kube-controller-manager's work, which kube-apiserver
 * alone does not do. A listed scenario must still differ on the in-process server: once it
 * matches, its name has to leave this list (scenarios.test.ts fails until it does).
 */
export interface Remaining {
  area: string;
  why: string;
  scenarios: string[];
}

export const REMAINING: Remaining[] = [
  {
    area: "gc",
    why: "kube-apiserver alone runs no garbage collector and no namespace controller (kube-controller-manager's): there the object keeps its orphan/foregroundDeletion finalizer, the dependent stays and the namespace stays Terminating; the in-process server runs both",
    scenarios: ["a deleted namespace is Terminating", "a dependent of a deleted owner", "configmap deleted with propagationPolicy Foreground", "configmap deleted with propagationPolicy Orphan", "widget deleted with propagationPolicy Foreground", "widget deleted with propagationPolicy Orphan"],
  },
  {
    area: "field-validation",
    why: "a merge patch refused by Strict quotes the patched object's JSON, in which kube-apiserver keeps the Go struct field order of what the patch did not touch (a Deployment's spec); the API data the in-process server has records no struct field order, so it writes those keys sorted",
    scenarios: ["deployment: merge patch with a duplicate field, Strict", "deployment: merge patch with an unknown field, Strict"],
  },
  {
    area: "field-validation",
    why: "apply of a value of the wrong type (an object in a ConfigMap's data): kube-apiserver's typed conversion answers 500 with structured-merge-diff's text (`expected string, got &value.valueUnstructured{...}`), not reproduced",
    scenarios: ["configmap: apply with an unknown nested field, Strict", "configmap: apply with an unknown nested field, Warn"],
  },
  {
    area: "crud",
    why: "a Job is deleted (alone or in a collection) with the orphan finalizer (its default propagation) that kube-controller-manager's garbage collector removes: kube-apiserver alone still serves it afterwards, the in-process server's collector has removed it",
    scenarios: ["jobs: delete answers, and the object is gone", "jobs: delete collection"],
  },
  {
    area: "crud",
    why: "a PUT of a Job whose template the server had filled in (its generated labels) is refused as immutable; kube-apiserver's message quotes the internal PodTemplateSpec Go struct (`{\"Spec\":{\"Volumes\":null,...}}`), the in-process server its JSON",
    scenarios: ["jobs: update without a resourceVersion"],
  },
  {
    area: "apply",
    why: "server-side apply differences not yet closed: duplicate keys in list-maps and sets, null in an applied configuration, preserved-unknown subtrees, apply without apiVersion/kind, apply to /scale",
    scenarios: ["apply of a field set to null", "apply of a list-map with a duplicate key is refused", "apply of a preserved-unknown subtree", "apply of a set with a duplicate is refused", "apply of finalizers (a set)", "apply without apiVersion and kind is 400", "deployment: apply to scale is refused"],
  },
  {
    area: "patch",
    why: "a JSON patch whose result does not decode quotes the patched object, in which kube-apiserver keeps the Go struct order of what the patch did not touch (metadata: name, namespace, uid, ...); the in-process server writes those keys sorted",
    scenarios: ["json: a value of the wrong type"],
  },
  {
    area: "patch",
    why: "strategic merge patch and merge patch differences: $setElementOrder ordering, list elements without a merge key, type errors reported as kube-apiserver reports them, scale subresource patches",
    scenarios: ["merge: a nested preserved subtree", "merge: a patch of apiVersion is refused", "merge: a value of the wrong type is 422", "merge: through the scale subresource", "strategic: $setElementOrder naming a missing element", "strategic: $setElementOrder of containers", "strategic: $setElementOrder of env", "strategic: a Service port merged by port", "strategic: a list element without its merge key", "strategic: a list patch of a map field is refused", "strategic: a patch with a type error", "strategic: an unknown $patch value", "strategic: ports merge by containerPort"],
  },
  {
    area: "watch",
    why: "a write through a custom resource's /scale: kube-apiserver records it in managedFields as its own entry (subresource: scale, owning spec.replicas); the in-process server adds spec.replicas to the writer's main Update entry",
    scenarios: ["a custom resource: status and scale changes"],
  },
];

export function remainingEntry(area: string, scenario: string): Remaining | undefined {
  return REMAINING.find((r) => r.area === area && r.scenarios.includes(scenario));
}
