/**
 * Built-in resources as discovery names them (group, version, resource, kind, short names,
 * categories): the ones kubescaffolder/runtime has kind descriptors for and the test API server
 * serves with kind-specific behaviour. Scope comes from cluster-scoped-kinds.ts. The server also
 * serves the release's other resources (their short names are below).
 */
import { CLUSTER_SCOPED_BUILTIN_KINDS } from './cluster-scoped-kinds.js';

export interface BuiltinResource {
  group: string;
  version: string;
  resource: string;
  kind: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
}

const RESOURCES: Omit<BuiltinResource, 'namespaced'>[] = [
  { group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', shortNames: ['ns'] },
  { group: '', version: 'v1', resource: 'pods', kind: 'Pod', shortNames: ['po'], categories: ['all'] },
  { group: '', version: 'v1', resource: 'services', kind: 'Service', shortNames: ['svc'], categories: ['all'] },
  { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', shortNames: ['cm'] },
  { group: '', version: 'v1', resource: 'secrets', kind: 'Secret' },
  { group: '', version: 'v1', resource: 'events', kind: 'Event', shortNames: ['ev'] },
  { group: '', version: 'v1', resource: 'serviceaccounts', kind: 'ServiceAccount', shortNames: ['sa'] },
  { group: '', version: 'v1', resource: 'endpoints', kind: 'Endpoints', shortNames: ['ep'] },
  { group: '', version: 'v1', resource: 'persistentvolumeclaims', kind: 'PersistentVolumeClaim', shortNames: ['pvc'] },
  { group: '', version: 'v1', resource: 'nodes', kind: 'Node', shortNames: ['no'] },
  { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment', shortNames: ['deploy'], categories: ['all'] },
  { group: 'apps', version: 'v1', resource: 'replicasets', kind: 'ReplicaSet', shortNames: ['rs'], categories: ['all'] },
  { group: 'apps', version: 'v1', resource: 'statefulsets', kind: 'StatefulSet', shortNames: ['sts'], categories: ['all'] },
  { group: 'apps', version: 'v1', resource: 'daemonsets', kind: 'DaemonSet', shortNames: ['ds'], categories: ['all'] },
  { group: 'apps', version: 'v1', resource: 'controllerrevisions', kind: 'ControllerRevision' },
  { group: 'batch', version: 'v1', resource: 'jobs', kind: 'Job', categories: ['all'] },
  { group: 'batch', version: 'v1', resource: 'cronjobs', kind: 'CronJob', shortNames: ['cj'], categories: ['all'] },
  { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', kind: 'Lease' },
  { group: 'events.k8s.io', version: 'v1', resource: 'events', kind: 'Event', shortNames: ['ev'] },
  { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions', kind: 'CustomResourceDefinition', shortNames: ['crd', 'crds'], categories: ['api-extensions'] },
  { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'mutatingwebhookconfigurations', kind: 'MutatingWebhookConfiguration', categories: ['api-extensions'] },
  { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingwebhookconfigurations', kind: 'ValidatingWebhookConfiguration', categories: ['api-extensions'] },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'roles', kind: 'Role' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'rolebindings', kind: 'RoleBinding' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles', kind: 'ClusterRole' },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterrolebindings', kind: 'ClusterRoleBinding' },
  { group: 'networking.k8s.io', version: 'v1', resource: 'ingresses', kind: 'Ingress', shortNames: ['ing'] },
  { group: 'policy', version: 'v1', resource: 'poddisruptionbudgets', kind: 'PodDisruptionBudget', shortNames: ['pdb'] },
];

/**
 * The short names and categories kube-apiserver's discovery gives the other built-in resources
 * (by `<group>/<resource>`), which no OpenAPI document carries; their plural, scope and
 * subresources come from the release's data (data/kubernetes-api).
 */
const OTHER_DISCOVERY_NAMES: Record<string, Pick<BuiltinResource, 'shortNames' | 'categories'>> = {
  '/componentstatuses': { shortNames: ['cs'] },
  '/limitranges': { shortNames: ['limits'] },
  '/persistentvolumes': { shortNames: ['pv'] },
  '/replicationcontrollers': { shortNames: ['rc'], categories: ['all'] },
  '/resourcequotas': { shortNames: ['quota'] },
  'admissionregistration.k8s.io/mutatingadmissionpolicies': { categories: ['api-extensions'] },
  'admissionregistration.k8s.io/mutatingadmissionpolicybindings': { categories: ['api-extensions'] },
  'admissionregistration.k8s.io/validatingadmissionpolicies': { categories: ['api-extensions'] },
  'admissionregistration.k8s.io/validatingadmissionpolicybindings': { categories: ['api-extensions'] },
  'apiregistration.k8s.io/apiservices': { categories: ['api-extensions'] },
  'autoscaling/horizontalpodautoscalers': { shortNames: ['hpa'], categories: ['all'] },
  'certificates.k8s.io/certificatesigningrequests': { shortNames: ['csr'] },
  'networking.k8s.io/ipaddresses': { shortNames: ['ip'] },
  'networking.k8s.io/networkpolicies': { shortNames: ['netpol'] },
  'scheduling.k8s.io/priorityclasses': { shortNames: ['pc'] },
  'storage.k8s.io/storageclasses': { shortNames: ['sc'] },
  'storage.k8s.io/volumeattributesclasses': { shortNames: ['vac'] },
};

/** Short names and categories of a built-in resource outside RESOURCES (none for most). */
export function otherDiscoveryNames(group: string, resource: string): Pick<BuiltinResource, 'shortNames' | 'categories'> {
  return OTHER_DISCOVERY_NAMES[`${group}/${resource}`] ?? {};
}

const byGroupKind = new Map(RESOURCES.map((r) => [`${r.group}/${r.kind}`, { ...r, namespaced: !CLUSTER_SCOPED_BUILTIN_KINDS.has(r.kind) }]));

/** Every resource of the list above, scope resolved. */
export function builtinResources(): BuiltinResource[] {
  return [...byGroupKind.values()];
}

/** The built-in resource of `kind` in API group `group` ('' for the legacy core group). */
export function builtinResource(group: string, kind: string): BuiltinResource {
  const resource = byGroupKind.get(`${group}/${kind}`);
  if (!resource) throw new Error(`no built-in resource ${kind} in group "${group}"`);
  return resource;
}
