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
];

export function remainingEntry(area: string, scenario: string): Remaining | undefined {
  return REMAINING.find((r) => r.area === area && r.scenarios.includes(scenario));
}
