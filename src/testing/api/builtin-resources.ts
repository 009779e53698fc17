/**
 * The built-in kinds the test API server serves: the ones operators create, own and watch.
 * Each row gives names, scope, subresources and the list-merge keys that strategic merge
 * patch and server-side apply need (the patchMergeKey / listMapKeys tags of the Go types).
 */
import { BUILTIN_DEFAULTS } from './builtin-defaults.js';
import { BUILTIN_VALIDATION } from './builtin-validation.js';
import { CLUSTER_SCOPED_BUILTIN_KINDS } from '../../kube/cluster-scoped-kinds.js';
import { deepEqual } from '../../kube/json-values.js';
import type { KubeObject, StoredObject } from './object.js';
import { forbiddenField } from './status.js';
import type { FieldCause } from '../../kube/field-errors.js';
import { coreToEventsV1, EVENTS_V1_FIELDS, eventsV1ToCore } from './event-shapes.js';
import type { ListMergeRule, ResourceType, ScaleSubresource } from './resource-type.js';

interface BuiltinRow {
  group: string;
  version: string;
  resource: string;
  kind: string;
  shortNames?: string[];
  categories?: string[];
  status?: boolean;
  scale?: boolean;
  fields?: string[];
  defaultPropagation?: 'Background' | 'Orphan';
  /** Create-time defaults of the kind's strategy (PrepareForCreate), beyond the scheme defaults. */
  defaults?: (obj: KubeObject) => void;
  keepAllocated?: (current: KubeObject, next: KubeObject) => void;
  sharesStorageOf?: ResourceType['sharesStorageOf'];
  validate?: ResourceType['validate'];
}

/** Kinds whose strategy maintains metadata.generation (the rest never set it). */
const GENERATION_GROUPS = new Set(['apps', 'batch', 'apiextensions.k8s.io', 'policy', 'networking.k8s.io', 'admissionregistration.k8s.io']);

const REPLICAS_SCALE: ScaleSubresource = {
  specReplicasPath: '.spec.replicas',
  statusReplicasPath: '.status.replicas',
  labelSelectorPath: '.status.selector',
};

function record(obj: KubeObject, key: string): Record<string, unknown> {
  const existing = obj[key];
  if (typeof existing === 'object' && existing !== null && !Array.isArray(existing)) return existing as Record<string, unknown>;
  const created: Record<string, unknown> = {};
  obj[key] = created;
  return created;
}

function setDefault(target: Record<string, unknown>, key: string, value: unknown): void {
  if (target[key] === undefined) target[key] = value;
}

function combine(
  a: ResourceType['validate'],
  b: ((obj: KubeObject) => FieldCause[]) | undefined,
): ResourceType['validate'] {
  if (!a && !b) return undefined;
  return (obj, old) => [...(a?.(obj, old) ?? []), ...(b?.(obj) ?? [])];
}

/** A ConfigMap or Secret marked immutable keeps its data and cannot be made mutable again. */
function immutableData(obj: StoredObject, old: StoredObject | undefined): FieldCause[] {
  if (!old || old.immutable !== true) return [];
  const errors: FieldCause[] = [];
  if (obj.immutable !== true) errors.push(forbiddenField('immutable', 'field is immutable when `immutable` is set'));
  for (const field of ['data', 'binaryData', ...(obj.kind === 'Secret' ? ['type'] : [])]) {
    if (!deepEqual(obj[field], old[field])) errors.push(forbiddenField(field, 'field is immutable when `immutable` is set'));
  }
  return errors;
}

/** Service IPs come from 10.96.0.0/12 in order, as a fresh cluster hands them out (no release). */
let nextServiceIP = 10;

function allocateClusterIP(o: KubeObject): void {
  const spec = record(o, 'spec');
  const type = spec.type ?? 'ClusterIP';
  if (type === 'ExternalName' || spec.clusterIP === 'None') return;
  if (spec.clusterIP === undefined || spec.clusterIP === '') {
    const n = nextServiceIP++;
    spec.clusterIP = `10.96.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
  }
  setDefault(spec, 'clusterIPs', [spec.clusterIP]);
  setDefault(spec, 'ipFamilies', ['IPv4']);
  setDefault(spec, 'ipFamilyPolicy', 'SingleStack');
}

/** An update that leaves out the cluster IPs keeps the allocated ones (the service registry's patchAllocatedValues). */
function keepClusterIP(current: KubeObject, next: KubeObject): void {
  const before = current.spec as Record<string, unknown> | undefined;
  const after = record(next, 'spec');
  if (!before) return;
  for (const key of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) {
    if ((after[key] === undefined || after[key] === '') && before[key] !== undefined) after[key] = before[key];
  }
}

const ROWS: BuiltinRow[] = [
  { group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', shortNames: ['ns'], status: true, fields: ['status.phase'],
    defaults: (o) => { setDefault(record(o, 'spec'), 'finalizers', ['kubernetes']); setDefault(record(o, 'status'), 'phase', 'Active'); } },
  { group: '', version: 'v1', resource: 'pods', kind: 'Pod', shortNames: ['po'], categories: ['all'], status: true,
    fields: ['spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'spec.hostNetwork', 'status.phase', 'status.podIP', 'status.nominatedNodeName'],
    defaults: (o) => setDefault(record(o, 'status'), 'phase', 'Pending') },
  { group: '', version: 'v1', resource: 'services', kind: 'Service', shortNames: ['svc'], categories: ['all'], status: true, defaults: allocateClusterIP, keepAllocated: keepClusterIP },
  { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', shortNames: ['cm'], validate: immutableData },
  { group: '', version: 'v1', resource: 'secrets', kind: 'Secret', fields: ['type'], validate: immutableData },
  { group: '', version: 'v1', resource: 'events', kind: 'Event', shortNames: ['ev'],
    fields: ['involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid', 'involvedObject.apiVersion', 'involvedObject.resourceVersion', 'involvedObject.fieldPath', 'reason', 'reportingComponent', 'source', 'type'] },
  { group: '', version: 'v1', resource: 'serviceaccounts', kind: 'ServiceAccount', shortNames: ['sa'] },
  { group: '', version: 'v1', resource: 'endpoints', kind: 'Endpoints', shortNames: ['ep'] },
  { group: '', version: 'v1', resource: 'persistentvolumeclaims', kind: 'PersistentVolumeClaim', shortNames: ['pvc'], status: true },
  { group: '', version: 'v1', resource: 'nodes', kind: 'Node', shortNames: ['no'], status: true },
  { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment', shortNames: ['deploy'], categories: ['all'], status: true, scale: true },
  { group: 'apps', version: 'v1', resource: 'replicasets', kind: 'ReplicaSet', shortNames: ['rs'], categories: ['all'], status: true, scale: true },
  { group: 'apps', version: 'v1', resource: 'statefulsets', kind: 'StatefulSet', shortNames: ['sts'], categories: ['all'], status: true, scale: true },
  { group: 'apps', version: 'v1', resource: 'daemonsets', kind: 'DaemonSet', shortNames: ['ds'], categories: ['all'], status: true },
  { group: 'apps', version: 'v1', resource: 'controllerrevisions', kind: 'ControllerRevision', },
  { group: 'batch', version: 'v1', resource: 'jobs', kind: 'Job', categories: ['all'], status: true, fields: ['status.successful'], defaultPropagation: 'Orphan' },
  { group: 'batch', version: 'v1', resource: 'cronjobs', kind: 'CronJob', shortNames: ['cj'], categories: ['all'], status: true },
  { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', kind: 'Lease', },
  { group: 'events.k8s.io', version: 'v1', resource: 'events', kind: 'Event', shortNames: ['ev'], fields: Object.keys(EVENTS_V1_FIELDS),
    sharesStorageOf: { resource: 'events.', toStored: eventsV1ToCore, fromStored: coreToEventsV1 } },
  { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions', kind: 'CustomResourceDefinition', shortNames: ['crd', 'crds'], categories: ['api-extensions'], status: true },
  { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'mutatingwebhookconfigurations', kind: 'MutatingWebhookConfiguration', categories: ['api-extensions'] },
  { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingwebhookconfigurations', kind: 'ValidatingWebhookConfiguration', categories: ['api-extensions'] },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'roles', kind: 'Role', },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'rolebindings', kind: 'RoleBinding', },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles', kind: 'ClusterRole', },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterrolebindings', kind: 'ClusterRoleBinding', },
  { group: 'networking.k8s.io', version: 'v1', resource: 'ingresses', kind: 'Ingress', shortNames: ['ing'], status: true },
  { group: 'policy', version: 'v1', resource: 'poddisruptionbudgets', kind: 'PodDisruptionBudget', shortNames: ['pdb'], status: true },
];

/**
 * Merge keys of built-in list fields, by field name; `ports` depends on where it sits
 * (a Service's ports merge by port, a container's by containerPort).
 */
const MAP_LISTS: Record<string, string[]> = {
  containers: ['name'],
  initContainers: ['name'],
  ephemeralContainers: ['name'],
  env: ['name'],
  volumes: ['name'],
  volumeMounts: ['mountPath'],
  volumeDevices: ['devicePath'],
  imagePullSecrets: ['name'],
  conditions: ['type'],
  hostAliases: ['ip'],
  topologySpreadConstraints: ['topologyKey', 'whenUnsatisfiable'],
  ownerReferences: ['uid'],
  resourceClaims: ['name'],
  volumeClaimTemplates: ['metadata.name'],
};

const SET_LISTS = new Set(['finalizers']);

export function builtinListRule(kind: string, path: readonly string[]): ListMergeRule | undefined {
  const field = path[path.length - 1];
  if (field === 'ports') {
    const isServicePorts = kind === 'Service' && path.length === 2 && path[0] === 'spec';
    return { type: 'map', keys: isServicePorts ? ['port', 'protocol'] : ['containerPort', 'protocol'], keyDefaults: { protocol: 'TCP' } };
  }
  if (field === 'finalizers' && path.length === 2 && path[0] === 'metadata') return { type: 'set' };
  if (SET_LISTS.has(field) && path[0] === 'metadata') return { type: 'set' };
  const keys = MAP_LISTS[field];
  // ownerReferences and conditions mean the same thing wherever they sit; other keyed lists sit under a spec.
  if (keys) return { type: 'map', keys };
  return undefined;
}

function fieldReader(path: string): (obj: KubeObject) => string | undefined {
  const parts = path.split('.');
  return (obj) => {
    let cur: unknown = obj;
    for (const p of parts) {
      if (typeof cur !== 'object' || cur === null) return undefined;
      cur = (cur as Record<string, unknown>)[p];
    }
    if (cur === undefined || cur === null) return '';
    // Go renders an Event's source as "component,host"; a plain string otherwise.
    if (typeof cur === 'object') {
      const source = cur as Record<string, unknown>;
      return [source.component, source.host].filter((s) => typeof s === 'string' && s !== '').join(',');
    }
    return String(cur);
  };
}

export function builtinResourceTypes(): ResourceType[] {
  return ROWS.map((row) => ({
    group: row.group,
    resource: row.resource,
    kind: row.kind,
    listKind: `${row.kind}List`,
    singular: row.kind.toLowerCase(),
    namespaced: !CLUSTER_SCOPED_BUILTIN_KINDS.has(row.kind),
    shortNames: row.shortNames ?? [],
    categories: row.categories ?? [],
    versions: [{ name: row.version, served: true, storage: true, statusSubresource: row.status ?? false, scale: row.scale ? REPLICAS_SCALE : undefined, printerColumns: [], selectableFields: [] }],
    builtin: true,
    // Field selectors read the stored shape, which for a shared resource has other field names.
    fieldLabels: Object.fromEntries((row.fields ?? []).map((f) => [f, fieldReader(row.sharesStorageOf ? (EVENTS_V1_FIELDS[f] ?? f) : f)])),
    listRule: (path) => builtinListRule(row.kind, path),
    defaultPropagation: row.defaultPropagation ?? 'Background',
    defaultOnCreate: row.defaults,
    schemeDefaults: BUILTIN_DEFAULTS[row.kind],
    keepAllocated: row.keepAllocated,
    sharesStorageOf: row.sharesStorageOf,
    validate: combine(row.validate, BUILTIN_VALIDATION[row.kind]),
    tracksGeneration: GENERATION_GROUPS.has(row.group),
  }));
}

export { fieldReader };
