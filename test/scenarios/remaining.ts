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
    area: "crud",
    why: "a ServiceAccount updated (PUT or merge patch of labels) is answered by kube-apiserver without managedFields; the in-process server records the writer's Update entry, as it does for every other kind (cause not found yet)",
    scenarios: ["serviceaccounts: merge patch of labels keeps the generation", "serviceaccounts: update without a resourceVersion"],
  },
  {
    area: "crud",
    why: "kube-apiserver allocates a Service's cluster IP before it validates the name, so its 422 has other causes",
    scenarios: ["services: create without a name is 422"],
  },
  {
    area: "crud",
    why: "other CRUD answers differ (delete of a pod sets deletionTimestamp and grace period first; list resourceVersions)",
    scenarios: ["pods: delete answers, and the object is gone", "pods: delete with matching preconditions", "pods: dry-run delete keeps the object"],
  },
  {
    area: "options",
    why: "error texts of refused requests that are not kube-apiserver's: label selector parse errors (Go's selector lexer), a body that is not JSON (the serializer's version/kind sniffing), a watch with sendInitialEvents=false and resourceVersionMatch",
    scenarios: ["configmaps: create with a body that is not JSON", "configmaps: list with a labelSelector of a bad key", "configmaps: list with an invalid labelSelector", "configmaps: watch with sendInitialEvents=false and resourceVersionMatch=NotOlderThan", "widgets: create with a body that is not JSON", "widgets: list with a labelSelector of a bad key", "widgets: list with an invalid labelSelector", "widgets: watch with sendInitialEvents=false and resourceVersionMatch=NotOlderThan"],
  },
  {
    area: "metadata",
    why: "generateName objects: managedFields and the 422 text of an invalid prefix differ",
    scenarios: ["generateName makes a name", "generateName of 62 characters", "generateName with a name keeps the name"],
  },
  {
    area: "builtins",
    why: "Pod validation of these fields (dnsPolicy, nodeSelector keys, tolerations, probes with two handlers, volumes with two sources, negative values) and some defaults (a configMap volume's defaultMode) are missing",
    scenarios: ["pod: a bad dnsPolicy", "pod: a bad nodeSelector key", "pod: a configMap volume is defaulted", "pod: a negative terminationGracePeriodSeconds", "pod: a probe with two handlers", "pod: a securityContext runAsUser below 0", "pod: a toleration with an operator Exists and a value", "pod: a volume of two sources"],
  },
  {
    area: "builtins",
    why: "Service defaults of NodePort and LoadBalancer types (externalTrafficPolicy, allocateLoadBalancerNodePorts, sessionAffinityConfig) and their managedFields differ",
    scenarios: ["service: LoadBalancer is defaulted", "service: NodePort gets a nodePort", "service: sessionAffinity ClientIP is defaulted"],
  },
  {
    area: "builtins",
    why: "other built-in kinds' validation and defaulting differ (DaemonSet's template-generation annotation, a Namespace name's message, Role rules without verbs, a negative leaseDurationSeconds)",
    scenarios: ["daemonset is defaulted", "lease: a negative leaseDurationSeconds", "namespace: a name that is not a DNS label", "role: a rule without verbs"],
  },
  {
    area: "crd",
    why: "CRD lifecycle: the CRD's own managedFields and status (conditions' messages, acceptedNames, storedVersions), its validation texts, and deleting a CRD with objects (its customresourcecleanup finalizer) differ",
    scenarios: ["a CRD is accepted and established", "a CRD with a Webhook conversion is accepted", "a cluster-scoped custom resource", "a new storage version adds to storedVersions", "a second CRD with a shortName in use is not accepted", "a second CRD with the same kind is not accepted", "a second CRD with the same singular is not accepted", "a version not served is 404", "deleting a CRD deletes its objects"],
  },

];

export function remainingEntry(area: string, scenario: string): Remaining | undefined {
  return REMAINING.find((r) => r.area === area && r.scenarios.includes(scenario));
}
