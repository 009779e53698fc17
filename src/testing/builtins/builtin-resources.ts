/**
 * The built-in kinds the test API server serves with kind-specific behaviour: the ones operators
 * create, own and watch (the release's other resources are served generically, releaseRows).
 * Each row adds to the resource's names and scope (src/kube/builtin-resources.ts) its
 * subresources, field selectors and strategy. How every built-in kind's lists merge comes from
 * the release's schema (releaseListRule).
 */
import { BUILTIN_DEFAULTS } from './builtin-defaults.js';
import { BUILTIN_VALIDATION, type BuiltinValidation } from './validation/index.js';
import { builtinResource, otherDiscoveryNames, type BuiltinResource } from '../../kube/builtin-resources.js';
import type { ApiResource, KubernetesApi } from '../../kube/kubernetes-api.js';
import { podCreateDefaults, podUpdateAdmission } from './pod-create-defaults.js';
import { podGracePeriod } from './pod-graceful-delete.js';
import { allocateNodePorts, keepNodePorts } from './service-node-ports.js';
import { daemonSetTemplateGeneration } from './daemon-set-template-generation.js';
import { childObject, isPlainObject, setDefault, type JSONObject, type KubeObject } from '../model/object.js';
import { listRuleFromSchema } from '../model/list-rules.js';
import { StatusError } from '../model/status.js';
import { invalidStatus } from '../../kube/status.js';
import { invalid as invalidCause } from '../../kube/field-errors.js';
import { coreToEventsV1, EVENTS_V1_FIELDS, eventsV1ToCore } from './event-shapes.js';
import { builtinConverter, olderVersions } from './builtin-conversions.js';
import type { ResourceType, ScaleSubresource, VersionInfo } from '../model/resource-type.js';

/** A version served beside the storage version (`version`), converted (builtin-conversions.ts). */
interface OlderRowVersion {
  name: string;
  status: boolean;
  scale: boolean;
}

interface BuiltinRow extends BuiltinResource {
  status?: boolean;
  scale?: boolean;
  older?: OlderRowVersion[];
  fields?: string[];
  defaultPropagation?: 'Background' | 'Orphan';
  /** Create-time defaults of the kind's strategy (PrepareForCreate), beyond the scheme defaults. */
  defaults?: (obj: KubeObject) => void;
  keepAllocated?: (current: KubeObject, next: KubeObject) => void;
  prepareWrite?: ResourceType['prepareWrite'];
  gracePeriod?: ResourceType['gracePeriod'];
  allowCreateOnUpdate?: boolean;
  conditionalUpdateOnly?: boolean;
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

function combine(a: ResourceType['validate'], b: BuiltinValidation | undefined): ResourceType['validate'] {
  if (!a && !b) return undefined;
  return (obj, old) => [...(a?.(obj, old) ?? []), ...(b?.(obj, old) ?? [])];
}

/**
 * The selector a Job's strategy generates unless spec.manualSelector: its pods' template gets the
 * job-name and controller-uid labels (each under its legacy and its batch.kubernetes.io/ name),
 * and the selector matches the prefixed uid; labels the user set are kept.
 */
function generateJobSelector(o: KubeObject): void {
  const spec = childObject(o, 'spec');
  if (spec.manualSelector === true) return;
  const labels = childObject(childObject(childObject(spec, 'template'), 'metadata'), 'labels');
  const { name, uid } = o.metadata ?? {};
  for (const key of ['job-name', 'batch.kubernetes.io/job-name']) setDefault(labels, key, name ?? '');
  for (const key of ['controller-uid', 'batch.kubernetes.io/controller-uid']) setDefault(labels, key, uid);
  setDefault(childObject(childObject(spec, 'selector'), 'matchLabels'), 'batch.kubernetes.io/controller-uid', uid);
  // A Job without labels takes its template's: the scheme default, which kube-apiserver runs again
  // when it reads the created Job back from storage (and so after the labels above).
  const meta = childObject(o, 'metadata');
  if (!isPlainObject(meta.labels) || Object.keys(meta.labels).length === 0) meta.labels = { ...labels };
}

/** Service IPs come from 10.96.0.0/12 in order, as a fresh cluster hands them out (no release). */
let nextServiceIP = 10;

function allocateClusterIP(o: KubeObject): void {
  const spec = childObject(o, 'spec');
  const type = spec.type ?? 'ClusterIP';
  if (type === 'ExternalName') return;
  if (spec.clusterIP === 'None') {
    // A headless Service gets no IP but its families (initIPFamilyFields): one headless and without
    // a selector defaults to RequireDualStack and both families, even on a single-stack cluster.
    const selectorless = !isPlainObject(spec.selector) || Object.keys(spec.selector).length === 0;
    setDefault(spec, 'clusterIPs', ['None']);
    setDefault(spec, 'ipFamilyPolicy', selectorless ? 'RequireDualStack' : 'SingleStack');
    const families = Array.isArray(spec.ipFamilies) && spec.ipFamilies.length > 0 ? spec.ipFamilies : ['IPv4'];
    if (selectorless && spec.ipFamilyPolicy !== 'SingleStack' && families.length < 2) families.push(families[0] === 'IPv6' ? 'IPv4' : 'IPv6');
    spec.ipFamilies = families;
    return;
  }
  const requested = Array.isArray(spec.clusterIPs) ? spec.clusterIPs : [spec.clusterIP ?? ''];
  if (spec.clusterIP === undefined || spec.clusterIP === '') {
    const n = nextServiceIP++;
    spec.clusterIP = `10.96.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
  }
  const name = o.metadata?.name ?? '';
  if (name === '') {
    // The IP is allocated (an IPAddress object whose parentRef names the Service) before the
    // Service is validated: a Service without a name fails there first.
    const ip = String(spec.clusterIP);
    const cause = invalidCause('spec.clusterIPs', requested, `failed to allocate IP: IPAddress.networking.k8s.io ${JSON.stringify(ip)} is invalid: spec.parentRef.name: Required value`);
    throw new StatusError(invalidStatus('Service', '', name, [cause]));
  }
  setDefault(spec, 'clusterIPs', [spec.clusterIP]);
  setDefault(spec, 'ipFamilies', ['IPv4']);
  setDefault(spec, 'ipFamilyPolicy', 'SingleStack');
}

/** A new Service's cluster IP and node ports. */
function allocateServiceAddresses(o: KubeObject): void {
  allocateClusterIP(o);
  allocateNodePorts(o);
}

/** An update keeps the cluster IPs and node ports it leaves out, and gets node ports its new type needs. */
function keepServiceAddresses(current: KubeObject, next: KubeObject): void {
  keepClusterIP(current, next);
  keepNodePorts(current, next);
  allocateNodePorts(next);
}

/** An update that leaves out the cluster IPs keeps the allocated ones (the service registry's patchAllocatedValues). */
function keepClusterIP(current: KubeObject, next: KubeObject): void {
  const before = current.spec as Record<string, unknown> | undefined;
  const after = childObject(next, 'spec');
  if (!before) return;
  for (const key of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) {
    if ((after[key] === undefined || after[key] === '') && before[key] !== undefined) after[key] = before[key];
  }
}

const ROWS: BuiltinRow[] = [
  { ...builtinResource('', 'Namespace'), status: true, fields: ['status.phase'],
    defaults: (o) => { setDefault(childObject(o, 'spec'), 'finalizers', ['kubernetes']); setDefault(childObject(o, 'status'), 'phase', 'Active'); } },
  { ...builtinResource('', 'Pod'), status: true,
    fields: ['spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'spec.hostNetwork', 'status.phase', 'status.podIP', 'status.nominatedNodeName'],
    defaults: podCreateDefaults, keepAllocated: podUpdateAdmission, gracePeriod: podGracePeriod },
  { ...builtinResource('', 'Service'), status: true, defaults: allocateServiceAddresses, keepAllocated: keepServiceAddresses, allowCreateOnUpdate: true },
  { ...builtinResource('', 'ConfigMap') },
  { ...builtinResource('', 'Secret'), fields: ['type'] },
  { ...builtinResource('', 'Event'), allowCreateOnUpdate: true,
    fields: ['involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid', 'involvedObject.apiVersion', 'involvedObject.resourceVersion', 'involvedObject.fieldPath', 'reason', 'reportingComponent', 'source', 'type'] },
  { ...builtinResource('', 'ServiceAccount') },
  { ...builtinResource('', 'Endpoints'), allowCreateOnUpdate: true },
  { ...builtinResource('', 'PersistentVolumeClaim'), status: true },
  { ...builtinResource('', 'Node'), status: true },
  { ...builtinResource('apps', 'Deployment'), status: true, scale: true },
  { ...builtinResource('apps', 'ReplicaSet'), status: true, scale: true },
  { ...builtinResource('apps', 'StatefulSet'), status: true, scale: true },
  { ...builtinResource('apps', 'DaemonSet'), status: true, prepareWrite: daemonSetTemplateGeneration },
  { ...builtinResource('apps', 'ControllerRevision'), },
  { ...builtinResource('batch', 'Job'), status: true, fields: ['status.successful'], defaultPropagation: 'Orphan', defaults: generateJobSelector },
  { ...builtinResource('batch', 'CronJob'), status: true },
  { ...builtinResource('coordination.k8s.io', 'Lease'), allowCreateOnUpdate: true, conditionalUpdateOnly: true },
  { ...builtinResource('events.k8s.io', 'Event'), allowCreateOnUpdate: true, fields: Object.keys(EVENTS_V1_FIELDS),
    sharesStorageOf: { resource: 'events.', toStored: eventsV1ToCore, fromStored: coreToEventsV1 } },
  { ...builtinResource('apiextensions.k8s.io', 'CustomResourceDefinition'), status: true },
  { ...builtinResource('admissionregistration.k8s.io', 'MutatingWebhookConfiguration') },
  { ...builtinResource('admissionregistration.k8s.io', 'ValidatingWebhookConfiguration') },
  { ...builtinResource('rbac.authorization.k8s.io', 'Role'), allowCreateOnUpdate: true },
  { ...builtinResource('rbac.authorization.k8s.io', 'RoleBinding'), allowCreateOnUpdate: true },
  { ...builtinResource('rbac.authorization.k8s.io', 'ClusterRole'), allowCreateOnUpdate: true },
  { ...builtinResource('rbac.authorization.k8s.io', 'ClusterRoleBinding'), allowCreateOnUpdate: true },
  { ...builtinResource('networking.k8s.io', 'Ingress'), status: true },
  { ...builtinResource('policy', 'PodDisruptionBudget'), status: true },
];

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
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a JSON scalar left: a string, number or boolean
    return String(cur);
  };
}

/** `vN` as a number, to pick a resource's newest GA version. */
const versionNumber = (version: string) => Number(version.slice(1));

/**
 * The release's other resources (a GA version a client can list), served with the generic
 * strategy: the release's schema; status and scale subresources where it has them; the default
 * table (name and creation time). A resource in several GA versions is stored at the newest; an
 * older one is served too when the server has the kind's conversion (builtin-conversions.ts).
 */
function releaseRows(api: KubernetesApi): BuiltinRow[] {
  const withBehaviour = new Set(ROWS.map((row) => `${row.group}/${row.resource}`));
  const versions = new Map<string, ApiResource[]>();
  for (const r of api.resources) {
    const key = `${r.group}/${r.resource}`;
    if (withBehaviour.has(key)) continue;
    versions.set(key, [...(versions.get(key) ?? []), r]);
  }
  return [...versions.values()].map((all) => {
    const [r, ...rest] = [...all].sort((a, b) => versionNumber(b.version) - versionNumber(a.version));
    const converted = olderVersions(r.group, r.kind);
    return {
      group: r.group,
      version: r.version,
      resource: r.resource,
      kind: r.kind,
      namespaced: r.namespaced,
      ...otherDiscoveryNames(r.group, r.resource),
      status: r.subresources.includes('status'),
      scale: r.subresources.includes('scale'),
      older: rest
        .filter((o) => converted[o.version] !== undefined)
        .map((o) => ({ name: o.version, status: o.subresources.includes('status'), scale: o.subresources.includes('scale') })),
    };
  });
}

/**
 * How a kind's lists merge in strategic merge patches and server-side apply: as its schema in
 * the release says (x-kubernetes-list-type and map keys, which carry the Go types' listType and
 * listMapKey tags). The schema is resolved on the first patch or apply that needs it.
 */
function releaseListRule(api: KubernetesApi, row: BuiltinRow): ResourceType['listRule'] {
  let schema: JSONObject | undefined;
  const resolved = () => (schema ??= api.resolveAsServed(api.schemaOfKind(row) ?? {}) as unknown as JSONObject);
  return (path) => listRuleFromSchema(resolved(), path);
}

/** The versions a row serves: its storage version, then the older ones it converts. */
function rowVersions(row: BuiltinRow): VersionInfo[] {
  const older = olderVersions(row.group, row.kind);
  const served = (name: string, status: boolean, scale: boolean, extra: Partial<VersionInfo>): VersionInfo => ({
    name,
    served: true,
    storage: false,
    statusSubresource: status,
    scale: scale ? REPLICAS_SCALE : undefined,
    printerColumns: [],
    selectableFields: [],
    ...extra,
  });
  return [
    served(row.version, row.status ?? false, row.scale ?? false, { storage: true, schemeDefaults: BUILTIN_DEFAULTS[row.kind] }),
    ...(row.older ?? []).map((v) =>
      served(v.name, v.status, v.scale, { schemeDefaults: older[v.name]?.defaults, statusAnnotations: older[v.name]?.statusAnnotations }),
    ),
  ];
}

/** The built-in resources of `api`'s release: the rows above, then every other resource it has. */
export function builtinResourceTypes(api: KubernetesApi): ResourceType[] {
  return [...ROWS, ...releaseRows(api)].map((row) => ({
    group: row.group,
    resource: row.resource,
    kind: row.kind,
    listKind: `${row.kind}List`,
    singular: row.kind.toLowerCase(),
    namespaced: row.namespaced,
    shortNames: row.shortNames ?? [],
    categories: row.categories ?? [],
    versions: rowVersions(row),
    builtin: true,
    // Field selectors read the stored shape, which for a shared resource has other field names.
    fieldLabels: Object.fromEntries((row.fields ?? []).map((f) => [f, fieldReader(row.sharesStorageOf ? (EVENTS_V1_FIELDS[f] ?? f) : f)])),
    listRule: releaseListRule(api, row),
    defaultPropagation: row.defaultPropagation ?? 'Background',
    defaultOnCreate: row.defaults,
    convertBuiltin: builtinConverter(row.group, row.kind, row.version, BUILTIN_DEFAULTS[row.kind]),
    keepAllocated: row.keepAllocated,
    prepareWrite: row.prepareWrite,
    gracePeriod: row.gracePeriod,
    allowCreateOnUpdate: row.allowCreateOnUpdate,
    conditionalUpdateOnly: row.conditionalUpdateOnly,
    sharesStorageOf: row.sharesStorageOf,
    validate: combine(row.validate, BUILTIN_VALIDATION[row.kind]),
    // Pods keep a generation too since 1.34 (PodObservedGenerationTracking).
    tracksGeneration: GENERATION_GROUPS.has(row.group) || (row.group === '' && row.kind === 'Pod'),
  }));
}

export { fieldReader };
