/** Printers of the core group's kinds (and of events.k8s.io Events, printed as core Events). */
import { eventsV1ToCore } from '../event-shapes.js';
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { accessModesText, AGE, ageOf, at, col, containerCells, CONTAINERS, formatLabels, hasCondition, humanDuration, IMAGES, int, list, loadBalancerText, NAME, nameOf, obj, quantityText, since, storageClassOf, str, type Obj, type TablePrinter } from './cells.js';

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

/** unsetOr: a string field's value, `<unset>` when the field is absent. */
function setOr(value: unknown): string {
  return typeof value === 'string' ? value : '<unset>';
}

function pvcRow(pvc: KubeObject, nowMs: number): unknown[] {
  const spec = obj(pvc.spec);
  const status = obj(pvc.status);
  const phase = pvc.metadata?.deletionTimestamp ? 'Terminating' : str(status.phase);
  const bound = str(spec.volumeName) !== '';
  return [nameOf(pvc), phase, str(spec.volumeName), bound ? quantityText(at(status, 'capacity', 'storage'), '0') : '', bound ? accessModesText(status.accessModes) : '',
    storageClassOf(pvc), setOr(spec.volumeAttributesClassName), ageOf(pvc, nowMs), setOr(spec.volumeMode)];
}

/** printPersistentVolume: the claim as `namespace/name`, the capacity's text (`0` when unset). */
function pvRow(pv: KubeObject, nowMs: number): unknown[] {
  const spec = obj(pv.spec);
  const status = obj(pv.status);
  const claim = isPlainObject(spec.claimRef) ? `${str(spec.claimRef.namespace)}/${str(spec.claimRef.name)}` : '';
  return [nameOf(pv), quantityText(at(spec, 'capacity', 'storage'), '0'), accessModesText(spec.accessModes), str(spec.persistentVolumeReclaimPolicy),
    pv.metadata?.deletionTimestamp ? 'Terminating' : str(status.phase), claim, storageClassOf(pv), setOr(spec.volumeAttributesClassName),
    str(status.reason), ageOf(pv, nowMs), setOr(spec.volumeMode)];
}

/** printResourceQuota: `name: used/hard` for each hard limit, by name; `limits.*` ones in the Limit column. */
function quotaRow(quota: KubeObject, nowMs: number): unknown[] {
  const status = obj(quota.status);
  const requests: string[] = [];
  const limits: string[] = [];
  for (const resource of Object.keys(obj(status.hard)).sort()) {
    const text = `${resource}: ${quantityText(at(status, 'used', resource), '0')}/${quantityText(at(status, 'hard', resource), '0')}`;
    (resource.split('.')[0] === 'limits' && resource.includes('.') ? limits : requests).push(text);
  }
  return [nameOf(quota), requests.join(', '), limits.join(', '), ageOf(quota, nowMs)];
}

/** printComponentStatus: the Healthy condition's status, message and error. */
function componentStatusRow(cs: KubeObject): unknown[] {
  const healthy = list(cs.conditions).find((c) => c.type === 'Healthy');
  if (!healthy) return [nameOf(cs), 'Unknown', '', ''];
  return [nameOf(cs), healthy.status === 'True' ? 'Healthy' : 'Unhealthy', str(healthy.message), str(healthy.error)];
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

const EVENT_COLUMNS = [
  col('Last Seen', 'string'),
  col('Type', 'string'),
  col('Reason', 'string'),
  col('Object', 'string'),
  col('Subobject', 'string', 1),
  col('Source', 'string', 1),
  col('Message', 'string'),
  col('First Seen', 'string', 1),
  col('Count', 'string', 1),
  { ...NAME, priority: 1 },
];

export const CORE_PRINTERS: Record<string, TablePrinter> = {
  '/Pod': {
    columns: [NAME, col('Ready', 'string'), col('Status', 'string'),
      col('Restarts', 'string'), AGE,
      col('IP', 'string', 1),
      col('Node', 'string', 1),
      col('Nominated Node', 'string', 1),
      col('Readiness Gates', 'string', 1)],
    row: podRow,
  },
  '/Service': {
    columns: [NAME, col('Type', 'string'), col('Cluster-IP', 'string'),
      col('External-IP', 'string'),
      col('Port(s)', 'string'), AGE,
      col('Selector', 'string', 1)],
    row: serviceRow,
  },
  '/ConfigMap': {
    columns: [NAME, col('Data', 'string'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', Object.keys(obj(o.data)).length + Object.keys(obj(o.binaryData)).length, since(o.metadata?.creationTimestamp, now)],
  },
  '/Secret': {
    columns: [NAME, col('Type', 'string'), col('Data', 'string'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', str(o.type), Object.keys(obj(o.data)).length, since(o.metadata?.creationTimestamp, now)],
  },
  '/Namespace': {
    columns: [NAME, col('Status', 'string'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', str(at(o.status, 'phase')), since(o.metadata?.creationTimestamp, now)],
  },
  '/ServiceAccount': {
    columns: [NAME, col('Secrets', 'string'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', list(o.secrets).length, since(o.metadata?.creationTimestamp, now)],
  },
  '/Endpoints': {
    columns: [NAME, col('Endpoints', 'string'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', endpointsText(o.subsets), since(o.metadata?.creationTimestamp, now)],
  },
  '/PersistentVolumeClaim': {
    columns: [NAME, col('Status', 'string'), col('Volume', 'string'),
      col('Capacity', 'string'), col('Access Modes', 'string'),
      col('StorageClass', 'string'), col('VolumeAttributesClass', 'string'), AGE,
      col('VolumeMode', 'string', 1)],
    row: pvcRow,
  },
  '/PersistentVolume': {
    columns: [NAME, col('Capacity', 'string'),
      col('Access Modes', 'string'),
      col('Reclaim Policy', 'string'),
      col('Status', 'string'),
      col('Claim', 'string'),
      col('StorageClass', 'string'), col('VolumeAttributesClass', 'string'),
      col('Reason', 'string'), AGE,
      col('VolumeMode', 'string', 1)],
    row: pvRow,
  },
  '/PodTemplate': {
    columns: [NAME, { ...CONTAINERS, priority: 0 }, { ...IMAGES, priority: 0 }, col('Pod Labels', 'string')],
    row: (o) => [nameOf(o), ...containerCells(at(o.template, 'spec')), formatLabels(at(o.template, 'metadata', 'labels'))],
  },
  '/ReplicationController': {
    columns: [NAME, col('Desired', 'integer'), col('Current', 'integer'),
      col('Ready', 'integer'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 1)],
    row: (o, now) => [nameOf(o), int(at(o.spec, 'replicas')), int(at(o.status, 'replicas')), int(at(o.status, 'readyReplicas')), ageOf(o, now),
      ...containerCells(at(o.spec, 'template', 'spec')), formatLabels(at(o.spec, 'selector'))],
  },
  '/ResourceQuota': {
    columns: [NAME, col('Request', 'string'),
      col('Limit', 'string'), AGE],
    row: quotaRow,
  },
  '/ComponentStatus': {
    columns: [NAME, col('Status', 'string'), col('Message', 'string'),
      col('Error', 'string')],
    row: componentStatusRow,
  },
  '/Node': {
    columns: [NAME, col('Status', 'string'), col('Roles', 'string'), AGE, col('Version', 'string'),
      col('Internal-IP', 'string', 1), col('External-IP', 'string', 1),
      col('OS-Image', 'string', 1),
      col('Kernel-Version', 'string', 1),
      col('Container-Runtime', 'string', 1)],
    row: nodeRow,
  },
  '/Event': { columns: EVENT_COLUMNS, row: eventRow },
  'events.k8s.io/Event': { columns: EVENT_COLUMNS, row: (o, now) => eventRow(eventsV1ToCore(o), now) },
};
