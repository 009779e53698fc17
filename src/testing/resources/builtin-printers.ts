/**
 * The Table columns kube-apiserver prints for built-in kinds (pkg/printers/internalversion),
 * and how each cell is computed from the object. The server produces every column, wide ones
 * (priority 1) included; kubectl hides those without `-o wide`.
 */
import { eventsV1ToCore } from './event-shapes.js';
import { isPlainObject, type KubeObject } from './object.js';

export interface ColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface TablePrinter {
  columns: ColumnDefinition[];
  /** One cell per column, from an object as the API serves it; `nowMs` is the time ages count to. */
  row: (obj: KubeObject, nowMs: number) => unknown[];
}

type Obj = Record<string, unknown>;

/** duration.HumanDuration of a span in milliseconds. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

/** translateTimestampSince: `<unknown>` for a missing time. */
function since(timestamp: unknown, nowMs: number): string {
  if (typeof timestamp !== 'string' || timestamp === '' || Number.isNaN(Date.parse(timestamp))) return '<unknown>';
  return humanDuration(nowMs - Date.parse(timestamp));
}

function obj(value: unknown): Obj {
  return isPlainObject(value) ? value : {};
}

function list(value: unknown): Obj[] {
  return Array.isArray(value) ? value.map(obj) : [];
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function int(value: unknown): number {
  return typeof value === 'number' ? Math.trunc(value) : 0;
}

function at(o: unknown, ...path: string[]): unknown {
  let cur: unknown = o;
  for (const p of path) cur = obj(cur)[p];
  return cur;
}

/** labels.FormatLabels: sorted `k=v` pairs, `<none>` when empty. */
function formatLabels(labels: unknown): string {
  const entries = Object.entries(obj(labels)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '<none>' : entries.map(([k, v]) => `${k}=${str(v)}`).join(',');
}

/** metav1.LabelSelectorAsSelector(...).String(): requirements sorted by key; empty or missing selectors print nothing. */
function selectorString(selector: unknown): string {
  if (!isPlainObject(selector)) return '';
  const requirements: [string, string][] = [];
  for (const [k, v] of Object.entries(obj(selector.matchLabels))) requirements.push([k, `${k}=${str(v)}`]);
  for (const e of list(selector.matchExpressions)) {
    const key = str(e.key);
    const values = (Array.isArray(e.values) ? e.values.map(str) : []).sort();
    switch (e.operator) {
      case 'In': requirements.push([key, `${key} in (${values.join(',')})`]); break;
      case 'NotIn': requirements.push([key, `${key} notin (${values.join(',')})`]); break;
      case 'Exists': requirements.push([key, key]); break;
      case 'DoesNotExist': requirements.push([key, `!${key}`]); break;
    }
  }
  return requirements.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r).join(',');
}

/** metav1.FormatLabelSelector: the selector's text, `<none>` when it selects everything or is unset. */
function formatLabelSelector(selector: unknown): string {
  return selectorString(selector) || '<none>';
}

/** layoutContainerCells: container names and images, comma-separated. */
function containerCells(podSpec: unknown): [string, string] {
  const containers = list(obj(podSpec).containers);
  return [containers.map((c) => str(c.name)).join(','), containers.map((c) => str(c.image)).join(',')];
}

const DESCRIPTIONS = {
  name: 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  age: 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
  containers: 'Names of each container in the template.',
  images: 'Images referenced by each container in the template.',
};

function col(name: string, type = 'string', description = '', priority = 0, format = ''): ColumnDefinition {
  return { name, type, format, description, priority };
}

export const NAME_COLUMN = col('Name', 'string', DESCRIPTIONS.name, 0, 'name');
const NAME = NAME_COLUMN;
const AGE = col('Age', 'string', DESCRIPTIONS.age);
const CONTAINERS = col('Containers', 'string', DESCRIPTIONS.containers, 1);
const IMAGES = col('Images', 'string', DESCRIPTIONS.images, 1);

function hasCondition(conditions: unknown, type: string, status = 'True'): boolean {
  return list(conditions).some((c) => c.type === type && c.status === status);
}

/** printPod: READY, the aggregate STATUS (init progress, waiting/terminated reasons, Terminating), RESTARTS with the last restart's age. */
function podRow(pod: KubeObject, nowMs: number): unknown[] {
  const spec = obj(pod.spec);
  const status = obj(pod.status);
  let restarts = 0;
  let restartableRestarts = 0;
  let lastRestart = 0;
  let lastRestartableRestart = 0;
  let ready = 0;
  let total = list(spec.containers).length;
  let reason = str(status.phase);
  if (str(status.reason) !== '') reason = str(status.reason);
  for (const c of list(status.conditions)) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  const initContainers = new Map(list(spec.initContainers).map((c) => [str(c.name), c]));
  const restartable = (name: string) => initContainers.get(name)?.restartPolicy === 'Always';
  for (const c of initContainers.values()) if (c.restartPolicy === 'Always') total++;
  const finishedAt = (c: Obj) => {
    const t = Date.parse(str(at(c, 'lastTerminationState', 'terminated', 'finishedAt')));
    return Number.isNaN(t) ? 0 : t;
  };

  let initializing = false;
  const initStatuses = list(status.initContainerStatuses);
  for (let i = 0; i < initStatuses.length; i++) {
    const c = initStatuses[i];
    restarts += int(c.restartCount);
    lastRestart = Math.max(lastRestart, finishedAt(c));
    if (restartable(str(c.name))) {
      restartableRestarts += int(c.restartCount);
      lastRestartableRestart = Math.max(lastRestartableRestart, finishedAt(c));
    }
    const terminated = at(c, 'state', 'terminated');
    const waiting = at(c, 'state', 'waiting');
    if (isPlainObject(terminated) && int(terminated.exitCode) === 0) continue;
    if (restartable(str(c.name)) && c.started === true) {
      if (c.ready === true) ready++;
      continue;
    }
    if (isPlainObject(terminated)) {
      if (str(terminated.reason) === '') reason = int(terminated.signal) !== 0 ? `Init:Signal:${int(terminated.signal)}` : `Init:ExitCode:${int(terminated.exitCode)}`;
      else reason = `Init:${str(terminated.reason)}`;
    } else if (isPlainObject(waiting) && str(waiting.reason) !== '' && waiting.reason !== 'PodInitializing') {
      reason = `Init:${str(waiting.reason)}`;
    } else {
      reason = `Init:${i}/${list(spec.initContainers).length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || hasCondition(status.conditions, 'Initialized')) {
    restarts = restartableRestarts;
    lastRestart = lastRestartableRestart;
    let hasRunning = false;
    const statuses = list(status.containerStatuses);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i];
      restarts += int(c.restartCount);
      lastRestart = Math.max(lastRestart, finishedAt(c));
      const waiting = at(c, 'state', 'waiting');
      const terminated = at(c, 'state', 'terminated');
      if (isPlainObject(waiting) && str(waiting.reason) !== '') reason = str(waiting.reason);
      else if (isPlainObject(terminated) && str(terminated.reason) !== '') reason = str(terminated.reason);
      else if (isPlainObject(terminated)) reason = int(terminated.signal) !== 0 ? `Signal:${int(terminated.signal)}` : `ExitCode:${int(terminated.exitCode)}`;
      else if (c.ready === true && isPlainObject(at(c, 'state', 'running'))) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = hasCondition(status.conditions, 'Ready') ? 'Running' : 'NotReady';
  }

  const deleting = pod.metadata?.deletionTimestamp !== undefined && pod.metadata?.deletionTimestamp !== null;
  if (deleting && status.reason === 'NodeLost') reason = 'Unknown';
  else if (deleting && status.phase !== 'Succeeded' && status.phase !== 'Failed') reason = 'Terminating';

  const restartsText = restarts !== 0 && lastRestart !== 0 ? `${restarts} (${humanDuration(nowMs - lastRestart)} ago)` : String(restarts);
  const podIPs = list(status.podIPs);
  const gates = list(spec.readinessGates);
  const gatesText = gates.length === 0 ? '<none>' : `${gates.filter((g) => hasCondition(status.conditions, str(g.conditionType))).length}/${gates.length}`;
  return [
    pod.metadata?.name ?? '', `${ready}/${total}`, reason, restartsText, since(pod.metadata?.creationTimestamp, nowMs),
    podIPs.length > 0 ? str(podIPs[0].ip) : str(status.podIP) || '<none>',
    str(spec.nodeName) || '<none>',
    str(status.nominatedNodeName) || '<none>',
    gatesText,
  ];
}

/** printJob's STATUS: Complete or Failed first (a finished Job stays so while it is deleted), then Terminating, then Suspended, FailureTarget, SuccessCriteriaMet, else Running. */
function jobStatus(job: KubeObject): string {
  const conditions = obj(job.status).conditions;
  if (hasCondition(conditions, 'Complete')) return 'Complete';
  if (hasCondition(conditions, 'Failed')) return 'Failed';
  if (job.metadata?.deletionTimestamp) return 'Terminating';
  if (hasCondition(conditions, 'Suspended')) return 'Suspended';
  if (hasCondition(conditions, 'FailureTarget')) return 'FailureTarget';
  if (hasCondition(conditions, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

function jobRow(job: KubeObject, nowMs: number): unknown[] {
  const spec = obj(job.spec);
  const status = obj(job.status);
  const succeeded = int(status.succeeded);
  let completions: string;
  if (typeof spec.completions === 'number') completions = `${succeeded}/${spec.completions}`;
  else completions = int(spec.parallelism) > 1 ? `${succeeded}/1 of ${int(spec.parallelism)}` : `${succeeded}/1`;
  const start = Date.parse(str(status.startTime));
  const end = Date.parse(str(status.completionTime));
  const duration = Number.isNaN(start) ? '' : humanDuration((Number.isNaN(end) ? nowMs : end) - start);
  return [job.metadata?.name ?? '', jobStatus(job), completions, duration, since(job.metadata?.creationTimestamp, nowMs),
    ...containerCells(at(spec, 'template', 'spec')), formatLabelSelector(spec.selector)];
}

/** printBoolPtr. */
function boolText(value: unknown): string {
  return typeof value === 'boolean' ? (value ? 'True' : 'False') : '<unset>';
}

function cronJobRow(cj: KubeObject, nowMs: number): unknown[] {
  const spec = obj(cj.spec);
  const status = obj(cj.status);
  const jobSpec = at(spec, 'jobTemplate', 'spec');
  return [cj.metadata?.name ?? '', str(spec.schedule), typeof spec.timeZone === 'string' ? spec.timeZone : '<none>', boolText(spec.suspend),
    list(status.active).length, status.lastScheduleTime ? since(status.lastScheduleTime, nowMs) : '<none>', since(cj.metadata?.creationTimestamp, nowMs),
    ...containerCells(at(jobSpec, 'template', 'spec')), formatLabelSelector(obj(jobSpec).selector)];
}

/** loadBalancerStatusStringer: the set of ingress IPs (or hostnames), sorted, comma-separated (never truncated: the server prints wide). */
function loadBalancerText(lb: unknown): string {
  const addresses = new Set(list(obj(lb).ingress).map((i) => str(i.ip) || str(i.hostname)).filter((s) => s !== ''));
  return [...addresses].sort().join(',');
}

function serviceExternalIP(svc: KubeObject): string {
  const spec = obj(svc.spec);
  const externalIPs = Array.isArray(spec.externalIPs) ? spec.externalIPs.map(str) : [];
  switch (spec.type ?? 'ClusterIP') {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerText(at(svc.status, 'loadBalancer'));
      if (externalIPs.length > 0) return [...(lb ? lb.split(',') : []), ...externalIPs].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return str(spec.externalName);
    default:
      return '<unknown>';
  }
}

function serviceRow(svc: KubeObject, nowMs: number): unknown[] {
  const spec = obj(svc.spec);
  const clusterIPs = Array.isArray(spec.clusterIPs) ? spec.clusterIPs.map(str) : [];
  const ports = list(spec.ports).map((p) => (int(p.nodePort) > 0 ? `${int(p.port)}:${int(p.nodePort)}/${str(p.protocol)}` : `${int(p.port)}/${str(p.protocol)}`)).join(',');
  return [svc.metadata?.name ?? '', str(spec.type), clusterIPs[0] ?? '<none>', serviceExternalIP(svc), ports || '<none>', since(svc.metadata?.creationTimestamp, nowMs), formatLabels(spec.selector)];
}

/** formatEndpoints: up to three `ip:port`, then `+ N more...`. */
function endpointsText(subsets: unknown): string {
  const all = list(subsets);
  if (all.length === 0) return '<none>';
  const shown: string[] = [];
  let count = 0;
  let more = false;
  const hostPort = (ip: string, port: number) => (ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`);
  for (const ss of all) {
    const addresses = list(ss.addresses);
    const ports = list(ss.ports);
    const targets = ports.length === 0 ? [undefined] : ports;
    for (const port of targets) {
      count += addresses.length;
      for (const a of addresses) {
        if (shown.length === 3) { more = true; break; }
        shown.push(port === undefined ? str(a.ip) : hostPort(str(a.ip), int(port.port)));
      }
    }
  }
  return more ? `${shown.join(',')} + ${count - 3} more...` : shown.join(',');
}

const ACCESS_MODES: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };

function pvcRow(pvc: KubeObject, nowMs: number): unknown[] {
  const spec = obj(pvc.spec);
  const status = obj(pvc.status);
  const phase = pvc.metadata?.deletionTimestamp ? 'Terminating' : str(status.phase);
  const bound = str(spec.volumeName) !== '';
  const modes = Array.isArray(status.accessModes) ? status.accessModes.map(str) : [];
  const accessModes = bound ? Object.keys(ACCESS_MODES).filter((m) => modes.includes(m)).map((m) => ACCESS_MODES[m]).join(',') : '';
  const capacity = bound ? str(at(status, 'capacity', 'storage')) : '';
  // GetPersistentVolumeClaimClass: the beta annotation, where present, wins over the field.
  const annotations = pvc.metadata?.annotations ?? {};
  const betaClass = 'volume.beta.kubernetes.io/storage-class';
  const storageClass = Object.hasOwn(annotations, betaClass) ? str(annotations[betaClass]) : str(spec.storageClassName);
  const setOr = (value: unknown) => (typeof value === 'string' ? value : '<unset>');
  return [pvc.metadata?.name ?? '', phase, str(spec.volumeName), capacity, accessModes, storageClass, setOr(spec.volumeAttributesClassName),
    since(pvc.metadata?.creationTimestamp, nowMs), setOr(spec.volumeMode)];
}

function nodeRow(node: KubeObject, nowMs: number): unknown[] {
  const spec = obj(node.spec);
  const status = obj(node.status);
  const readyCondition = list(status.conditions).find((c) => c.type === 'Ready');
  const states = [readyCondition ? (readyCondition.status === 'True' ? 'Ready' : 'NotReady') : 'Unknown'];
  if (spec.unschedulable === true) states.push('SchedulingDisabled');
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith('node-role.kubernetes.io/') && k.length > 'node-role.kubernetes.io/'.length) roles.add(k.slice('node-role.kubernetes.io/'.length));
    else if (k === 'kubernetes.io/role' && v !== '') roles.add(v);
  }
  const info = obj(status.nodeInfo);
  const address = (type: string) => str(list(status.addresses).find((a) => a.type === type)?.address) || '<none>';
  return [node.metadata?.name ?? '', states.join(','), [...roles].sort().join(',') || '<none>', since(node.metadata?.creationTimestamp, nowMs), str(info.kubeletVersion),
    address('InternalIP'), address('ExternalIP'), str(info.osImage) || '<unknown>', str(info.kernelVersion) || '<unknown>', str(info.containerRuntimeVersion) || '<unknown>'];
}

/** printEvent, over the core/v1 shape (events.k8s.io/v1 Events are the same internal object). */
function eventRow(event: KubeObject, nowMs: number): unknown[] {
  const involved = obj(event.involvedObject);
  const series = isPlainObject(event.series) ? event.series : undefined;
  const first = event.firstTimestamp ? since(event.firstTimestamp, nowMs) : since(event.eventTime, nowMs);
  let last = event.lastTimestamp ? since(event.lastTimestamp, nowMs) : first;
  let count = int(event.count);
  if (series) {
    last = since(series.lastObservedTime, nowMs);
    count = int(series.count);
  } else if (count === 0) {
    count = 1;
  }
  const kind = str(involved.kind).toLowerCase();
  const target = str(involved.name) !== '' ? `${kind}/${str(involved.name)}` : kind;
  const source = obj(event.source);
  const component = str(source.component) || str(event.reportingComponent);
  const instance = str(source.host) || str(event.reportingInstance);
  // formatEventSource: the component, then `, <instance>` when there is an instance.
  const sourceText = instance === '' ? component : `${component}, ${instance}`;
  return [last, str(event.type), str(event.reason), target, str(involved.fieldPath), sourceText, str(event.message).trim(), first, count, event.metadata?.name ?? ''];
}

function ingressRow(ing: KubeObject, nowMs: number): unknown[] {
  const spec = obj(ing.spec);
  const rules = list(spec.rules);
  const hosts: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (hosts.length === 3) more = true;
    if (!more && str(rule.host) !== '') hosts.push(str(rule.host));
  }
  const hostsText = hosts.length === 0 ? '*' : more ? `${hosts.join(',')} + ${rules.length - 3} more...` : hosts.join(',');
  return [ing.metadata?.name ?? '', typeof spec.ingressClassName === 'string' ? spec.ingressClassName : '<none>', hostsText,
    loadBalancerText(at(ing.status, 'loadBalancer')), list(spec.tls).length > 0 ? '80, 443' : '80', since(ing.metadata?.creationTimestamp, nowMs)];
}

/** An intstr's text, `N/A` when unset. */
function intOrStringText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : 'N/A';
}

function bindingRow(binding: KubeObject, nowMs: number): unknown[] {
  const roleRef = obj(binding.roleRef);
  const subjects = list(binding.subjects);
  const names = (kind: string) => subjects.filter((s) => s.kind === kind).map((s) => (kind === 'ServiceAccount' ? `${str(s.namespace)}/${str(s.name)}` : str(s.name))).join(', ');
  return [binding.metadata?.name ?? '', `${str(roleRef.kind)}/${str(roleRef.name)}`, since(binding.metadata?.creationTimestamp, nowMs), names('User'), names('Group'), names('ServiceAccount')];
}

/** A controller reference as `kind.group/name`, lower-cased (formatResourceName with kind). */
function controllerText(o: KubeObject): string {
  const ref = (o.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
  if (!ref) return '<none>';
  const group = ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '';
  const groupKind = group ? `${ref.kind}.${group}` : ref.kind;
  return `${groupKind.toLowerCase()}/${ref.name}`;
}

/** The default table convertor's `Created At`: the creation time in RFC 3339, UTC. */
function createdAt(o: KubeObject): string {
  const t = Date.parse(str(o.metadata?.creationTimestamp));
  return Number.isNaN(t) ? '0001-01-01T00:00:00Z' : new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const CREATED_AT = col('Created At', 'date', DESCRIPTIONS.age);
/** rest.NewDefaultTableConvertor: kinds without a printer of their own (CRDs, roles) print Name and Created At. */
export const DEFAULT_PRINTER: TablePrinter = { columns: [NAME, CREATED_AT], row: (o) => [o.metadata?.name ?? '', createdAt(o)] };
/** printRoleBinding and printClusterRoleBinding: the same cells; the descriptions name the kind. */
function bindingPrinter(kind: 'roleBinding' | 'clusterRoleBinding', roleRefDescription: string): TablePrinter {
  return {
    columns: [NAME, col('Role', 'string', roleRefDescription), AGE,
      col('Users', 'string', `Users in the ${kind}`, 1), col('Groups', 'string', `Groups in the ${kind}`, 1), col('ServiceAccounts', 'string', `ServiceAccounts in the ${kind}`, 1)],
    row: bindingRow,
  };
}
const WEBHOOKS_PRINTER: TablePrinter = {
  columns: [NAME, col('Webhooks', 'integer', 'Webhooks indicates the number of webhooks registered in this configuration'), AGE],
  row: (o, now) => [o.metadata?.name ?? '', Array.isArray(o.webhooks) ? o.webhooks.length : 0, since(o.metadata?.creationTimestamp, now)],
};
const EVENT_COLUMNS = [
  col('Last Seen', 'string', 'The time at which the most recent occurrence of this event was recorded.'),
  col('Type', 'string', 'Type of this event (Normal, Warning), new types could be added in the future'),
  col('Reason', 'string', 'This should be a short, machine understandable string that gives the reason for the transition into the object\'s current status.'),
  col('Object', 'string', 'The object that this event is about.'),
  col('Subobject', 'string', 'If the reference is to an object, this is the path to the field of the object referenced.', 1),
  col('Source', 'string', 'The component reporting this event. Should be a short machine understandable string.', 1),
  col('Message', 'string', 'A human-readable description of the status of this operation.'),
  col('First Seen', 'string', 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)', 1),
  col('Count', 'string', 'The number of times this event has occurred.', 1),
  { ...NAME, priority: 1 },
];

/** Printers by `<group>/<Kind>` (core kinds have an empty group). */
export const BUILTIN_PRINTERS: Record<string, TablePrinter> = {
  '/Pod': {
    columns: [NAME, col('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'), col('Status', 'string', 'The aggregate status of the containers in this pod.'),
      col('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'), AGE,
      col('IP', 'string', 'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.', 1),
      col('Node', 'string', 'NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename', 1),
      col('Nominated Node', 'string', 'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.', 1),
      col('Readiness Gates', 'string', 'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates', 1)],
    row: podRow,
  },
  '/Service': {
    columns: [NAME, col('Type', 'string', 'type determines how the Service is exposed.'), col('Cluster-IP', 'string', 'clusterIP is the IP address of the service and is usually assigned randomly.'),
      col('External-IP', 'string', 'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.'),
      col('Port(s)', 'string', 'The list of ports that are exposed by this service.'), AGE,
      col('Selector', 'string', 'Route service traffic to pods with label keys and values matching this selector.', 1)],
    row: serviceRow,
  },
  '/ConfigMap': {
    columns: [NAME, col('Data', 'string', 'Data contains the configuration data.'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', Object.keys(obj(o.data)).length + Object.keys(obj(o.binaryData)).length, since(o.metadata?.creationTimestamp, now)],
  },
  '/Secret': {
    columns: [NAME, col('Type', 'string', 'Used to facilitate programmatic handling of secret data.'), col('Data', 'string', 'Data contains the secret data.'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', str(o.type), Object.keys(obj(o.data)).length, since(o.metadata?.creationTimestamp, now)],
  },
  '/Namespace': {
    columns: [NAME, col('Status', 'string', 'The status of the namespace'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', str(at(o.status, 'phase')), since(o.metadata?.creationTimestamp, now)],
  },
  '/ServiceAccount': {
    columns: [NAME, col('Secrets', 'string', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', list(o.secrets).length, since(o.metadata?.creationTimestamp, now)],
  },
  '/Endpoints': {
    columns: [NAME, col('Endpoints', 'string', 'The set of all endpoints is the union of all subsets.'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', endpointsText(o.subsets), since(o.metadata?.creationTimestamp, now)],
  },
  '/PersistentVolumeClaim': {
    columns: [NAME, col('Status', 'string', 'phase represents the current phase of PersistentVolumeClaim.'), col('Volume', 'string', 'volumeName is the binding reference to the PersistentVolume backing this claim.'),
      col('Capacity', 'string', 'capacity represents the actual resources of the underlying volume.'), col('Access Modes', 'string', 'accessModes contains the actual access modes the volume backing the PVC has.'),
      col('StorageClass', 'string', 'StorageClass of the pvc'), col('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'), AGE,
      col('VolumeMode', 'string', 'volumeMode defines what type of volume is required by the claim.', 1)],
    row: pvcRow,
  },
  '/Node': {
    columns: [NAME, col('Status', 'string', 'The status of the node'), col('Roles', 'string', 'The roles of the node'), AGE, col('Version', 'string', 'Kubelet Version reported by the node.'),
      col('Internal-IP', 'string', 'List of addresses reachable to the node.', 1), col('External-IP', 'string', 'List of addresses reachable to the node.', 1),
      col('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', 1),
      col('Kernel-Version', 'string', 'Kernel Version reported by the node from \'uname -r\' (e.g. 3.16.0-0.bpo.4-amd64).', 1),
      col('Container-Runtime', 'string', 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).', 1)],
    row: nodeRow,
  },
  '/Event': { columns: EVENT_COLUMNS, row: eventRow },
  'events.k8s.io/Event': { columns: EVENT_COLUMNS, row: (o, now) => eventRow(eventsV1ToCore(o), now) },
  'apps/Deployment': {
    columns: [NAME, col('Ready', 'string', 'Number of the pod with ready state'), col('Up-to-date', 'string', 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.'),
      col('Available', 'string', 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', `${int(status.readyReplicas)}/${int(spec.replicas)}`, int(status.updatedReplicas), int(status.availableReplicas), since(o.metadata?.creationTimestamp, now),
        ...containerCells(at(spec, 'template', 'spec')), selectorString(spec.selector)];
    },
  },
  'apps/ReplicaSet': {
    columns: [NAME, col('Desired', 'integer', 'Replicas is the number of desired pods.'), col('Current', 'integer', 'Replicas is the most recently observed number of non-terminating pods.'),
      col('Ready', 'integer', 'The number of non-terminating pods targeted by this ReplicaSet with a Ready Condition.'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 'Selector is a label query over pods that should match the replica count.', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', int(spec.replicas), int(status.replicas), int(status.readyReplicas), since(o.metadata?.creationTimestamp, now),
        ...containerCells(at(spec, 'template', 'spec')), formatLabelSelector(spec.selector)];
    },
  },
  'apps/StatefulSet': {
    columns: [NAME, col('Ready', 'string', 'Number of the pod with ready state'), AGE, CONTAINERS, IMAGES],
    row: (o, now) => {
      const spec = obj(o.spec);
      return [o.metadata?.name ?? '', `${int(at(o.status, 'readyReplicas'))}/${int(spec.replicas)}`, since(o.metadata?.creationTimestamp, now), ...containerCells(at(spec, 'template', 'spec'))];
    },
  },
  'apps/DaemonSet': {
    columns: [NAME, col('Desired', 'integer', 'The total number of nodes that should be running the daemon pod.'), col('Current', 'integer', 'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.'),
      col('Ready', 'integer', 'numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.'),
      col('Up-to-date', 'integer', 'The total number of nodes that are running updated daemon pod'),
      col('Available', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)'),
      col('Node Selector', 'string', 'NodeSelector is a selector which must be true for the pod to fit on a node.'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 'A label query over pods that are managed by the daemon set.', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', int(status.desiredNumberScheduled), int(status.currentNumberScheduled), int(status.numberReady), int(status.updatedNumberScheduled), int(status.numberAvailable),
        formatLabels(at(spec, 'template', 'spec', 'nodeSelector')), since(o.metadata?.creationTimestamp, now), ...containerCells(at(spec, 'template', 'spec')), formatLabelSelector(spec.selector)];
    },
  },
  'apps/ControllerRevision': {
    columns: [NAME, col('Controller', 'string', 'Controller of the object'), col('Revision', 'string', 'Revision indicates the revision of the state represented by Data.'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', controllerText(o), int(o.revision), since(o.metadata?.creationTimestamp, now)],
  },
  'batch/Job': {
    columns: [NAME, col('Status', 'string', 'Status of the job.'), col('Completions', 'string', 'The number of pods which reached phase Succeeded. The value increases monotonically for a given spec. However, it may decrease in reaction to scale down of elastic indexed jobs.'), col('Duration', 'string', 'Time required to complete the job.'), AGE,
      CONTAINERS, IMAGES, col('Selector', 'string', 'A label query over pods that should match the pod count.', 1)],
    row: jobRow,
  },
  'batch/CronJob': {
    columns: [NAME, col('Schedule', 'string', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'), col('Timezone', 'string', 'The time zone name for the given schedule.'),
      col('Suspend', 'boolean', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.'),
      col('Active', 'integer', 'A list of pointers to currently running jobs.'), col('Last Schedule', 'string', 'Information when was the last time the job was successfully scheduled.'), AGE,
      CONTAINERS, IMAGES, col('Selector', 'string', 'A label query over pods that should match the pod count.', 1)],
    row: cronJobRow,
  },
  'coordination.k8s.io/Lease': {
    columns: [NAME, col('Holder', 'string', 'holderIdentity contains the identity of the holder of a current lease.'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', str(at(o.spec, 'holderIdentity')), since(o.metadata?.creationTimestamp, now)],
  },
  'networking.k8s.io/Ingress': {
    columns: [NAME, col('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'), col('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'),
      col('Address', 'string', 'Address is a list containing ingress points for the load-balancer'), col('Ports', 'string', 'Ports of TLS configurations that open'), AGE],
    row: ingressRow,
  },
  'policy/PodDisruptionBudget': {
    columns: [NAME, col('Min Available', 'string', 'The minimum number of pods that must be available.'), col('Max Unavailable', 'string', 'The maximum number of pods that may be unavailable.'),
      col('Allowed Disruptions', 'integer', 'Calculated number of pods that may be disrupted at this time.'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', intOrStringText(at(o.spec, 'minAvailable')), intOrStringText(at(o.spec, 'maxUnavailable')), int(at(o.status, 'disruptionsAllowed')), since(o.metadata?.creationTimestamp, now)],
  },
  'rbac.authorization.k8s.io/Role': DEFAULT_PRINTER,
  'rbac.authorization.k8s.io/ClusterRole': DEFAULT_PRINTER,
  'rbac.authorization.k8s.io/RoleBinding': bindingPrinter('roleBinding',
    'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.'),
  'rbac.authorization.k8s.io/ClusterRoleBinding': bindingPrinter('clusterRoleBinding',
    'RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.'),
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': WEBHOOKS_PRINTER,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': WEBHOOKS_PRINTER,
};
