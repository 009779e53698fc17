/** Table cells as kube-apiserver computes them: CRD printer columns and the built-in printers. */
import { describe, expect, it } from 'vitest';
import { BUILTIN_PRINTERS, humanDuration } from '../../src/testing/builtins/printers/index.js';
import type { KubeObject } from '../../src/testing/model/object.js';
import { crdResourceType } from '../../src/testing/server/registry/crd-resource-type.js';
import { asTable } from '../../src/testing/server/handlers/table.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString().replace(/\.\d+Z$/, 'Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function cells(key: string, obj: Partial<KubeObject>): unknown[] {
  const printer = BUILTIN_PRINTERS[key];
  const row = printer.row({ metadata: { name: 'x', creationTimestamp: ago(5 * MIN) }, ...obj }, NOW);
  return Object.fromEntries(printer.columns.map((c, i) => [c.name, row[i]])) as unknown as unknown[];
}

/** A printer's raw cells (for printers whose rows carry more cells than columns). */
function printerRow(key: string, obj: Partial<KubeObject>): unknown[] {
  return BUILTIN_PRINTERS[key].row({ metadata: { name: 'x', creationTimestamp: ago(5 * MIN) }, ...obj }, NOW);
}

describe('humanDuration (duration.HumanDuration)', () => {
  it.each([
    [-1500, '0s'], [-2500, '<invalid>'], [59_000, '59s'], [119_000, '119s'], [2 * MIN, '2m'], [9 * MIN + 5000, '9m5s'],
    [179 * MIN, '179m'], [3 * HOUR, '3h'], [7 * HOUR + 30 * MIN, '7h30m'], [47 * HOUR, '47h'], [2 * DAY, '2d'], [3 * DAY + 4 * HOUR, '3d4h'],
    [400 * DAY, '400d'], [3 * 365 * DAY + 10 * DAY, '3y10d'], [9 * 365 * DAY, '9y'],
  ])('%d ms is %s', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});

describe('pod STATUS, READY and RESTARTS', () => {
  const spec = { containers: [{ name: 'a', image: 'i' }, { name: 'b', image: 'i' }] };
  it.each([
    ['a pending pod', { spec, status: { phase: 'Pending' } }, '0/2', 'Pending', '0'],
    ['running and ready', { spec, status: { phase: 'Running', containerStatuses: [
      { name: 'a', ready: true, restartCount: 0, state: { running: {} } }, { name: 'b', ready: true, restartCount: 0, state: { running: {} } }] } }, '2/2', 'Running', '0'],
    ['a container waiting, with restarts', { spec, status: { phase: 'Running', containerStatuses: [
      { name: 'a', ready: true, restartCount: 1, state: { running: {} }, lastState: {} },
      { name: 'b', ready: false, restartCount: 4, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastTerminationState: { terminated: { finishedAt: ago(3 * MIN) } } }] } },
      '1/2', 'CrashLoopBackOff', '5 (3m ago)'],
    ['a container exited without a reason', { spec, status: { phase: 'Running', containerStatuses: [{ name: 'a', state: { terminated: { exitCode: 2 } } }] } }, '0/2', 'ExitCode:2', '0'],
    ['an init container running', { spec: { ...spec, initContainers: [{ name: 'i1' }, { name: 'i2' }] }, status: { phase: 'Pending',
      initContainerStatuses: [{ name: 'i1', state: { terminated: { exitCode: 0 } } }, { name: 'i2', state: { running: {} } }] } }, '0/2', 'Init:1/2', '0'],
    ['an init container failing', { spec: { ...spec, initContainers: [{ name: 'i1' }] }, status: { phase: 'Pending',
      initContainerStatuses: [{ name: 'i1', state: { waiting: { reason: 'ImagePullBackOff' } } }] } }, '0/2', 'Init:ImagePullBackOff', '0'],
    ['a sidecar counts as a container', { spec: { ...spec, initContainers: [{ name: 's', restartPolicy: 'Always' }] }, status: { phase: 'Running',
      initContainerStatuses: [{ name: 's', started: true, ready: true, state: { running: {} } }],
      containerStatuses: [{ name: 'a', ready: true, state: { running: {} } }, { name: 'b', ready: true, state: { running: {} } }] } }, '3/3', 'Running', '0'],
    ['being deleted', { metadata: { name: 'x', creationTimestamp: ago(MIN), deletionTimestamp: ago(0) }, spec, status: { phase: 'Running' } }, '0/2', 'Terminating', '0'],
    ['scheduling gated', { spec, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } }, '0/2', 'SchedulingGated', '0'],
  ])('%s', (_name, pod, ready, status, restarts) => {
    const row = cells('/Pod', pod) as unknown as Record<string, unknown>;
    expect([row.Ready, row.Status, row.Restarts]).toEqual([ready, status, restarts]);
  });
});

describe('other built-in cells', () => {
  const row = (key: string, obj: Record<string, unknown>) => cells(key, obj) as unknown as Record<string, unknown>;

  it('services: external IPs by type, node ports, selectors', () => {
    expect(row('/Service', { spec: { type: 'LoadBalancer', clusterIPs: ['10.96.0.5'], ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }], selector: { b: '2', a: '1' } } }))
      .toMatchObject({ 'Cluster-IP': '10.96.0.5', 'External-IP': '<pending>', 'Port(s)': '80:30080/TCP', Selector: 'a=1,b=2' });
    expect(row('/Service', { spec: { type: 'LoadBalancer', externalIPs: ['1.2.3.4'], ports: [] }, status: { loadBalancer: { ingress: [{ ip: '5.6.7.8' }] } } }))
      .toMatchObject({ 'Cluster-IP': '<none>', 'External-IP': '5.6.7.8,1.2.3.4', 'Port(s)': '<none>', Selector: '<none>' });
    expect(row('/Service', { spec: { type: 'ExternalName', externalName: 'db.example.com' } })).toMatchObject({ 'External-IP': 'db.example.com' });
    // The load balancer's addresses are a set: sorted, each once.
    expect(row('/Service', { spec: { type: 'LoadBalancer' }, status: { loadBalancer: { ingress: [{ ip: '9.9.9.9' }, { hostname: 'lb.example.com' }, { ip: '1.1.1.1' }, { ip: '9.9.9.9' }] } } }))
      .toMatchObject({ 'External-IP': '1.1.1.1,9.9.9.9,lb.example.com' });
  });

  it('endpoints: the first three addresses, then how many more', () => {
    const subsets = [{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ port: 80 }, { port: 443 }] }];
    expect(row('/Endpoints', { subsets }).Endpoints).toBe('10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more...');
    expect(row('/Endpoints', {}).Endpoints).toBe('<none>');
  });

  it('jobs: status from conditions, completions with parallelism', () => {
    expect(row('batch/Job', { spec: { parallelism: 3 }, status: { succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] } }))
      .toMatchObject({ Status: 'Complete', Completions: '1/1 of 3', Duration: '' });
    expect(row('batch/Job', { spec: { completions: 2 }, status: { startTime: ago(10 * MIN), completionTime: ago(8 * MIN), conditions: [{ type: 'Failed', status: 'True' }] } }))
      .toMatchObject({ Status: 'Failed', Completions: '0/2', Duration: '2m' });
    expect(row('batch/Job', { spec: {}, status: { conditions: [{ type: 'Suspended', status: 'True' }] } })).toMatchObject({ Status: 'Suspended' });
    // A finished Job reads Complete or Failed even while it is deleted; an unfinished one reads Terminating, before Suspended.
    expect(row('batch/Job', { metadata: { name: 'j', deletionTimestamp: ago(0) }, spec: {}, status: { conditions: [{ type: 'Complete', status: 'True' }] } })).toMatchObject({ Status: 'Complete' });
    expect(row('batch/Job', { metadata: { name: 'j', deletionTimestamp: ago(0) }, spec: {}, status: { conditions: [{ type: 'Suspended', status: 'True' }] } })).toMatchObject({ Status: 'Terminating', Completions: '0/1', Selector: '<none>' });
    expect(row('batch/Job', { spec: {}, status: { conditions: [{ type: 'Complete', status: 'False' }, { type: 'SuccessCriteriaMet', status: 'True' }] } })).toMatchObject({ Status: 'SuccessCriteriaMet' });
  });

  it('workloads: ready counts, containers, images and selectors', () => {
    const template = { spec: { containers: [{ name: 'web', image: 'nginx' }, { name: 'log', image: 'fluentd' }] } };
    expect(row('apps/Deployment', { spec: { replicas: 3, template, selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'dev'] }] } }, status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 } }))
      .toMatchObject({ Ready: '2/3', 'Up-to-date': 3, Available: 2, Containers: 'web,log', Images: 'nginx,fluentd', Selector: 'app=web,env in (dev,prod)' });
    expect(row('apps/StatefulSet', { spec: { replicas: 2, template }, status: { readyReplicas: 1 } })).toMatchObject({ Ready: '1/2' });
    expect(row('apps/DaemonSet', { spec: { template: { spec: { ...template.spec, nodeSelector: { 'kubernetes.io/os': 'linux' } } } }, status: { desiredNumberScheduled: 3, numberReady: 2 } }))
      .toMatchObject({ Desired: 3, Ready: 2, 'Node Selector': 'kubernetes.io/os=linux' });
    expect(row('apps/ControllerRevision', { metadata: { name: 'r', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'u', controller: true }] }, revision: 4 }))
      .toMatchObject({ Controller: 'statefulset.apps/db', Revision: 4 });
    // FormatLabelSelector prints <none> for an empty selector; the Deployment printer prints the selector's plain text.
    expect(row('apps/ReplicaSet', { spec: { replicas: 1, template, selector: {} } })).toMatchObject({ Selector: '<none>' });
    expect(row('apps/Deployment', { spec: { replicas: 1, template, selector: {} } })).toMatchObject({ Selector: '' });
  });

  it('events: last seen, object, series counts', () => {
    const event = { type: 'Warning', reason: 'BackOff', message: ' Back-off restarting \n', involvedObject: { kind: 'Pod', name: 'web-1', fieldPath: 'spec.containers{web}' },
      source: { component: 'kubelet', host: 'node-1' }, firstTimestamp: ago(10 * MIN), lastTimestamp: ago(MIN), count: 7 };
    expect(row('/Event', event)).toMatchObject({ 'Last Seen': '60s', Object: 'pod/web-1', Subobject: 'spec.containers{web}', Source: 'kubelet, node-1', Message: 'Back-off restarting', 'First Seen': '10m', Count: 7 });
    expect(row('events.k8s.io/Event', { type: 'Normal', reason: 'Created', note: 'made', regarding: { kind: 'Job', name: 'j' }, eventTime: '2026-06-01T11:59:00.000000Z', reportingController: 'ctl', series: { count: 3, lastObservedTime: ago(30_000) } }))
      .toMatchObject({ 'Last Seen': '30s', Object: 'job/j', Message: 'made', 'First Seen': '60s', Count: 3, Source: 'ctl' });
    expect(row('/Event', { ...event, source: {}, reportingInstance: 'node-2' })).toMatchObject({ Source: ', node-2' });
  });

  it('roles print Created At, bindings their role and subjects', () => {
    expect(row('rbac.authorization.k8s.io/Role', { metadata: { name: 'r', creationTimestamp: '2026-05-01T10:00:00Z' } })).toEqual({ Name: 'r', 'Created At': '2026-05-01T10:00:00Z' });
    expect(row('rbac.authorization.k8s.io/RoleBinding', { roleRef: { kind: 'ClusterRole', name: 'edit' }, subjects: [{ kind: 'User', name: 'ann' }, { kind: 'ServiceAccount', name: 'bot', namespace: 'ops' }, { kind: 'User', name: 'bo' }] }))
      .toMatchObject({ Role: 'ClusterRole/edit', Users: 'ann, bo', Groups: '', ServiceAccounts: 'ops/bot' });
  });

  it('claims: the beta storage-class annotation wins, unset fields print <unset>', () => {
    expect(row('/PersistentVolumeClaim', { metadata: { name: 'c', annotations: { 'volume.beta.kubernetes.io/storage-class': 'old' } }, spec: { storageClassName: 'new' } }))
      .toMatchObject({ StorageClass: 'old', VolumeAttributesClass: '<unset>', VolumeMode: '<unset>' });
    expect(row('/PersistentVolumeClaim', { spec: { storageClassName: 'new', volumeMode: 'Block', volumeAttributesClassName: '' } }))
      .toMatchObject({ StorageClass: 'new', VolumeAttributesClass: '', VolumeMode: 'Block' });
  });
});

describe('printers of the kinds served from the release data: the cases the server tests do not reach', () => {
  const row = (key: string, obj: Record<string, unknown>) => cells(key, obj) as unknown as Record<string, unknown>;
  const hpa = (metrics: unknown[], currentMetrics: unknown[] = []) =>
    row('autoscaling/HorizontalPodAutoscaler', { spec: { scaleTargetRef: { kind: 'Deployment', name: 'w' }, maxReplicas: 3, metrics }, status: { currentMetrics } }).Targets;

  it('HPA targets of every metric source, read from the status at the same position', () => {
    expect(hpa([])).toBe('<none>');
    expect(hpa([{ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } }],
      [{ type: 'External', external: { current: { averageValue: '12' } } }])).toBe('12/30 (avg)');
    expect(hpa([{ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '100' } } }])).toBe('<unknown>/100');
    expect(hpa([{ type: 'Object', object: { metric: { name: 'rps' }, target: { type: 'Value', value: '10k' } } }],
      [{ type: 'Object', object: { current: { value: '2k' } } }])).toBe('2k/10k');
    expect(hpa([{ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization' } } }],
      [{ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', current: { averageUtilization: 7 } } }])).toBe('cpu: 7%/<auto>');
    expect(hpa([{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1Gi' } } }],
      [{ type: 'Resource', resource: { name: 'memory', current: { averageValue: '300Mi' } } }])).toBe('memory: 300Mi/1Gi');
    expect(hpa([{ type: 'Sideways' }])).toBe('<unknown type>');
  });

  it('CSR condition: Denied before Approved, then Failed and Issued; no signer or duration print <none>', () => {
    const csr = (conditions: unknown[], certificate?: string) => row('certificates.k8s.io/CertificateSigningRequest', { spec: { username: 'ann' }, status: { conditions, certificate } });
    expect(csr([{ type: 'Approved', status: 'True' }, { type: 'Denied', status: 'True' }])).toMatchObject({ Condition: 'Denied', SignerName: '<none>', RequestedDuration: '<none>', Requestor: 'ann' });
    expect(csr([{ type: 'Approved', status: 'True' }], 'Y2VydA==').Condition).toBe('Approved,Issued');
    expect(csr([{ type: 'Failed', status: 'True' }]).Condition).toBe('Pending,Failed');
  });

  it('ResourceClaim state, ComponentStatus health, CSIStorageCapacity without capacity', () => {
    const claim = (metadata: Record<string, unknown>, status: Record<string, unknown>) => row('resource.k8s.io/ResourceClaim', { metadata: { name: 'c', ...metadata }, status }).State;
    expect(claim({}, { allocation: {}, reservedFor: [{ resource: 'pods', name: 'p', uid: 'u' }] })).toBe('allocated,reserved');
    expect(claim({ deletionTimestamp: ago(0) }, {})).toBe('deleted');
    expect(claim({ deletionTimestamp: ago(0) }, { allocation: {} })).toBe('deleted,allocated');
    expect(row('/ComponentStatus', { conditions: [{ type: 'Healthy', status: 'False', message: 'down', error: 'refused' }] })).toEqual({ Name: 'x', Status: 'Unhealthy', Message: 'down', Error: 'refused' });
    expect(row('/ComponentStatus', {})).toEqual({ Name: 'x', Status: 'Unknown', Message: '', Error: '' });
    expect(row('storage.k8s.io/CSIStorageCapacity', { storageClassName: 'fast' })).toEqual({ Name: 'x', StorageClassName: 'fast', Capacity: '<unset>' });
  });

  it('PersistentVolume: Terminating while deleted, the beta storage-class annotation, capacity 0 when unset', () => {
    expect(row('/PersistentVolume', { metadata: { name: 'v', deletionTimestamp: ago(0), annotations: { 'volume.beta.kubernetes.io/storage-class': 'old' } }, spec: { storageClassName: 'new' }, status: { phase: 'Bound' } }))
      .toMatchObject({ Capacity: '0', Status: 'Terminating', StorageClass: 'old', Claim: '', VolumeMode: '<unset>' });
  });

  it('StorageClass: the beta default annotation counts, any value but "true" does not', () => {
    const sc = (annotations: Record<string, string>) => row('storage.k8s.io/StorageClass', { metadata: { name: 'sc', annotations }, provisioner: 'p' }).Name;
    expect(sc({ 'storageclass.beta.kubernetes.io/is-default-class': 'true' })).toBe('sc (default)');
    expect(sc({ 'storageclass.kubernetes.io/is-default-class': 'True' })).toBe('sc');
  });

  it('MutatingAdmissionPolicy and bindings; a param selector prints as Go prints a LabelSelector', () => {
    expect(row('admissionregistration.k8s.io/MutatingAdmissionPolicy', { spec: { mutations: [{ patchType: 'ApplyConfiguration' }] } })).toMatchObject({ Mutations: 1, ParamKind: '<unset>' });
    const binding = (paramRef?: unknown) => row('admissionregistration.k8s.io/MutatingAdmissionPolicyBinding', { spec: { policyName: 'p', paramRef } }).ParamRef;
    expect(binding()).toBe('<unset>');
    expect(binding({ selector: { matchLabels: { b: '2', a: '1' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'dev'] }] } }))
      .toBe('&LabelSelector{MatchLabels:map[string]string{a: 1,b: 2,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:env,Operator:In,Values:[prod dev],},},}');
  });

  it('IPAddress parents: resource.group, namespace only when set', () => {
    const ip = (parentRef?: unknown) => printerRow('networking.k8s.io/IPAddress', { spec: { parentRef } })[1];
    expect(ip({ group: 'gateway.networking.k8s.io', resource: 'Gateways', name: 'gw' })).toBe('gateways.gateway.networking.k8s.io/gw');
    expect(ip()).toBe('<none>');
  });
});

describe('CRD printer columns (tableconvertor)', () => {
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'things.example.com' },
    spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'things', kind: 'Thing' }, versions: [{ name: 'v1', served: true, storage: true,
      additionalPrinterColumns: [
        { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
        { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
        { name: 'Ratio', type: 'number', jsonPath: '.spec.ratio' },
        { name: 'On', type: 'boolean', jsonPath: '.spec.on' },
        { name: 'Spec', type: 'string', jsonPath: '.spec.nested' },
        { name: 'Nothing', type: 'string', jsonPath: '.spec.nothing' },
        { name: 'Since', type: 'date', jsonPath: '.status.since' },
        { name: 'Items', type: 'string', jsonPath: '.spec.items[*]' },
      ] }] },
  };
  const rt = crdResourceType(crd);

  it('types each cell as its column says, prints maps as JSON and nulls as <no value>', () => {
    const thing = { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't1' },
      spec: { size: 2.7, ratio: 3, on: 'yes', nested: { b: 1, a: [true] }, nothing: null, items: ['x', 'y'] },
      status: { since: 'not a time', conditions: [{ type: 'Ready', status: 'False' }] } };
    const table = asTable(rt, rt.versions[0], thing) as { columnDefinitions: { name: string; description: string }[]; rows: { cells: unknown[] }[] };
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Ready', 'Size', 'Ratio', 'On', 'Spec', 'Nothing', 'Since', 'Items']);
    expect(table.columnDefinitions[1].description).toBe('Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=="Ready")].status');
    // Only the first value a path finds makes the cell.
    expect(table.rows[0].cells).toEqual(['t1', 'False', 2, 3, null, '{"a":[true],"b":1}', '<no value>', '<invalid>', 'x']);
  });

  it('leaves a cell empty when the path finds nothing or fails', () => {
    const table = asTable(rt, rt.versions[0], { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't2' }, spec: { items: 'not a list' } }) as { rows: { cells: unknown[] }[] };
    // [*] on a string is a slice of a non-list: an error, so no cell (a `.*` would yield its bytes).
    expect(table.rows[0].cells).toEqual(['t2', null, null, null, null, null, null, null, null]);
  });
});
