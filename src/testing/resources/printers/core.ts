/** Printers of the core group's kinds (and of events.k8s.io Events, printed as core Events). */
import { eventsV1ToCore } from '../event-shapes.js';
import { isPlainObject, type KubeObject } from '../object.js';
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

export const CORE_PRINTERS: Record<string, TablePrinter> = {
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
  '/PersistentVolume': {
    columns: [NAME, col('Capacity', 'string', "capacity is the description of the persistent volume's resources and capacity."),
      col('Access Modes', 'string', 'accessModes contains all ways the volume can be mounted.'),
      col('Reclaim Policy', 'string', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
      col('Status', 'string', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
      col('Claim', 'string', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
      col('StorageClass', 'string', 'StorageClass of the pv'), col('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
      col('Reason', 'string', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'), AGE,
      col('VolumeMode', 'string', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.', 1)],
    row: pvRow,
  },
  '/PodTemplate': {
    columns: [NAME, { ...CONTAINERS, priority: 0 }, { ...IMAGES, priority: 0 }, col('Pod Labels', 'string', 'The labels for the pod template.')],
    row: (o) => [nameOf(o), ...containerCells(at(o.template, 'spec')), formatLabels(at(o.template, 'metadata', 'labels'))],
  },
  '/ReplicationController': {
    columns: [NAME, col('Desired', 'integer', 'Replicas is the number of desired replicas.'), col('Current', 'integer', 'Replicas is the most recently observed number of replicas.'),
      col('Ready', 'integer', 'The number of ready replicas for this replication controller.'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 'Selector is a label query over pods that should match the Replicas count.', 1)],
    row: (o, now) => [nameOf(o), int(at(o.spec, 'replicas')), int(at(o.status, 'replicas')), int(at(o.status, 'readyReplicas')), ageOf(o, now),
      ...containerCells(at(o.spec, 'template', 'spec')), formatLabels(at(o.spec, 'selector'))],
  },
  '/ResourceQuota': {
    columns: [NAME, col('Request', 'string', 'Request represents a minimum amount of cpu/memory that a container may consume.'),
      col('Limit', 'string', 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.'), AGE],
    row: quotaRow,
  },
  '/ComponentStatus': {
    columns: [NAME, col('Status', 'string', 'Status of the component conditions'), col('Message', 'string', 'Message of the component conditions'),
      col('Error', 'string', 'Error of the component conditions')],
    row: componentStatusRow,
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
};
