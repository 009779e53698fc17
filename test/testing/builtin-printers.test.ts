/**
 * The Tables the server answers for built-in kinds served from the release data, as
 * kube-apiserver's printers make them: objects are created through the server, their status set
 * through /status, and the Table read back with kubectl's Accept header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { credentials } from './support.js';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const AGE = /^\d+s$/;

interface Table {
  kind: string;
  columnDefinitions: { name: string; type: string; priority: number }[];
  rows: { cells: unknown[] }[];
}

let env: TestEnvironment;

beforeAll(async () => {
  env = await startTestEnvironment();
});
afterAll(async () => {
  await env.stop();
});

async function call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Record<string, unknown>> {
  const res = await fetch(`${env.server.url}${path}`, {
    method,
    headers: { 'content-type': contentType, accept: 'application/json', ...credentials(env.server) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Creates an object at `collection`, then merges `status` into it through /status. */
async function create(collection: string, obj: Record<string, unknown>, status?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const created = await call('POST', collection, obj);
  const name = (obj.metadata as { name: string }).name;
  if (status) return call('PATCH', `${collection}/${name}/status`, { status }, 'application/merge-patch+json');
  return created;
}

async function table(path: string): Promise<Table> {
  const res = await fetch(`${env.server.url}${path}`, { headers: { accept: TABLE, ...credentials(env.server) } });
  expect(res.status).toBe(200);
  return (await res.json()) as Table;
}

/** The column names and the first row's cells of a Table. */
async function printed(path: string): Promise<{ columns: string[]; cells: unknown[] }> {
  const t = await table(path);
  expect(t.kind).toBe('Table');
  return { columns: t.columnDefinitions.map((c) => c.name), cells: t.rows[0].cells };
}

describe('tables of the built-in kinds served from the release data', () => {
  it('HorizontalPodAutoscaler: reference, targets with current values, min and max pods, replicas', async () => {
    await create('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 5, metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } },
        { type: 'Pods', pods: { metric: { name: 'packets' }, target: { type: 'AverageValue', averageValue: '1k' } } },
      ] },
    }, { currentReplicas: 2, desiredReplicas: 2, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 50, averageValue: '120m' } } }] });
    const hpa = await printed('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/web');
    expect(hpa.columns).toEqual(['Name', 'Reference', 'Targets', 'MinPods', 'MaxPods', 'Replicas', 'Age']);
    // minReplicas defaults to 1; the second metric has no status yet; past two metrics, a count.
    expect(hpa.cells).toEqual(['web', 'Deployment/web', 'cpu: 50%/80%, memory: <unknown>/500Mi + 1 more...', '1', 5, 2, expect.stringMatching(AGE)]);

    // Without metrics, the server's default metric (80% CPU) is printed.
    await create('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'api' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'api' }, minReplicas: 2, maxReplicas: 4 },
    });
    expect((await printed('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/api')).cells.slice(0, 5))
      .toEqual(['api', 'StatefulSet/api', 'cpu: <unknown>/80%', '2', 4]);
  });

  it('PersistentVolume: capacity, access modes in a fixed order, claim, class, reason', async () => {
    await create('/api/v1/persistentvolumes', {
      apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-data' },
      spec: { capacity: { storage: '10Gi' }, accessModes: ['ReadWriteMany', 'ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Retain', storageClassName: 'fast',
        claimRef: { namespace: 'default', name: 'data' }, hostPath: { path: '/data' } },
    }, { phase: 'Failed', reason: 'RecyclerFailed' });
    const pv = await printed('/api/v1/persistentvolumes/pv-data');
    expect(pv.columns).toEqual(['Name', 'Capacity', 'Access Modes', 'Reclaim Policy', 'Status', 'Claim', 'StorageClass', 'VolumeAttributesClass', 'Reason', 'Age', 'VolumeMode']);
    expect(pv.cells).toEqual(['pv-data', '10Gi', 'RWO,RWX', 'Retain', 'Failed', 'default/data', 'fast', '<unset>', 'RecyclerFailed', expect.stringMatching(AGE), 'Filesystem']);
  });

  it('StorageClass: (default) from the annotation, the defaulted reclaim policy, binding mode and expansion', async () => {
    await create('/apis/storage.k8s.io/v1/storageclasses', {
      apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
      provisioner: 'example.com/disk', volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: true,
    });
    const sc = await printed('/apis/storage.k8s.io/v1/storageclasses/standard');
    expect(sc.columns).toEqual(['Name', 'Provisioner', 'ReclaimPolicy', 'VolumeBindingMode', 'AllowVolumeExpansion', 'Age']);
    expect(sc.cells).toEqual(['standard (default)', 'example.com/disk', 'Delete', 'WaitForFirstConsumer', true, expect.stringMatching(AGE)]);
  });

  it('NetworkPolicy: the pod selector, <none> when it selects every pod', async () => {
    const path = '/apis/networking.k8s.io/v1/namespaces/default/networkpolicies';
    await create(path, { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'web' },
      spec: { podSelector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['db'] }] } } });
    await create(path, { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name: 'all' }, spec: { podSelector: {} } });
    const web = await printed(`${path}/web`);
    expect(web.columns).toEqual(['Name', 'Pod-Selector', 'Age']);
    expect(web.cells.slice(0, 2)).toEqual(['web', 'app=web,tier notin (db)']);
    expect((await printed(`${path}/all`)).cells.slice(0, 2)).toEqual(['all', '<none>']);
  });

  it('ResourceQuota: used/hard by resource name, limits.* in the Limit column', async () => {
    await create('/api/v1/namespaces/default/resourcequotas', {
      apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute' }, spec: { hard: { cpu: '2', pods: '10', 'limits.memory': '2Gi' } },
    }, { hard: { cpu: '2', pods: '10', 'limits.memory': '2Gi' }, used: { cpu: '500m', pods: '3' } });
    const quota = await printed('/api/v1/namespaces/default/resourcequotas/compute');
    expect(quota.columns).toEqual(['Name', 'Request', 'Limit', 'Age']);
    expect(quota.cells.slice(0, 3)).toEqual(['compute', 'cpu: 500m/2, pods: 3/10', 'limits.memory: 0/2Gi']);
  });

  it('ReplicationController and PodTemplate: counts, containers, images, selector and labels', async () => {
    const template = { metadata: { labels: { app: 'web', tier: 'front' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }, { name: 'log', image: 'busybox' }] } };
    await create('/api/v1/namespaces/default/replicationcontrollers', {
      apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'web' }, spec: { replicas: 3, selector: { app: 'web' }, template },
    }, { replicas: 2, readyReplicas: 1 });
    const rc = await printed('/api/v1/namespaces/default/replicationcontrollers/web');
    expect(rc.columns).toEqual(['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
    expect(rc.cells).toEqual(['web', 3, 2, 1, expect.stringMatching(AGE), 'nginx,log', 'nginx:1.25,busybox', 'app=web']);

    await create('/api/v1/namespaces/default/podtemplates', { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'web' }, template });
    const pt = await printed('/api/v1/namespaces/default/podtemplates/web');
    expect(pt).toEqual({ columns: ['Name', 'Containers', 'Images', 'Pod Labels'], cells: ['web', 'nginx,log', 'nginx:1.25,busybox', 'app=web,tier=front'] });
  });

  it('EndpointSlice: address type, ports by number or name, the first three addresses', async () => {
    await create('/apis/discovery.k8s.io/v1/namespaces/default/endpointslices', {
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abc' }, addressType: 'IPv4',
      ports: [{ name: 'http', port: 80, protocol: 'TCP' }, { name: 'metrics', protocol: 'TCP' }],
      endpoints: [{ addresses: ['10.0.0.1', '10.0.0.2'] }, { addresses: ['10.0.0.3'] }, { addresses: ['10.0.0.4', '10.0.0.5'] }],
    });
    const slice = await printed('/apis/discovery.k8s.io/v1/namespaces/default/endpointslices/web-abc');
    expect(slice.columns).toEqual(['Name', 'AddressType', 'Ports', 'Endpoints', 'Age']);
    expect(slice.cells.slice(0, 4)).toEqual(['web-abc', 'IPv4', '80,metrics', '10.0.0.1,10.0.0.2,10.0.0.3 + 2 more...']);
  });

  it('CertificateSigningRequest: signer, requestor, requested duration and condition', async () => {
    const csr = await create('/apis/certificates.k8s.io/v1/certificatesigningrequests', {
      apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'client' },
      spec: { request: Buffer.from('-----BEGIN CERTIFICATE REQUEST-----\n-----END CERTIFICATE REQUEST-----\n').toString('base64'),
        signerName: 'example.com/client', expirationSeconds: 7200, usages: ['client auth'] },
    });
    const printedCsr = await printed('/apis/certificates.k8s.io/v1/certificatesigningrequests/client');
    expect(printedCsr.columns).toEqual(['Name', 'Age', 'SignerName', 'Requestor', 'RequestedDuration', 'Condition']);
    const username = (csr.spec as { username?: string }).username ?? '';
    expect(printedCsr.cells).toEqual(['client', expect.stringMatching(AGE), 'example.com/client', username, '120m', 'Pending']);
  });

  it('storage: CSIDriver defaults, CSINode drivers, VolumeAttachment, VolumeAttributesClass, CSIStorageCapacity', async () => {
    await create('/apis/storage.k8s.io/v1/csidrivers', { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'disk.example.com' },
      spec: { tokenRequests: [{ audience: 'vault' }, { audience: 'aws' }] } });
    const driver = await printed('/apis/storage.k8s.io/v1/csidrivers/disk.example.com');
    expect(driver.columns).toEqual(['Name', 'AttachRequired', 'PodInfoOnMount', 'StorageCapacity', 'TokenRequests', 'RequiresRepublish', 'Modes', 'Age']);
    expect(driver.cells).toEqual(['disk.example.com', true, false, false, 'vault,aws', false, 'Persistent', expect.stringMatching(AGE)]);

    await create('/apis/storage.k8s.io/v1/csinodes', { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'node-1' },
      spec: { drivers: [{ name: 'disk.example.com', nodeID: 'node-1' }] } });
    expect(await printed('/apis/storage.k8s.io/v1/csinodes/node-1')).toEqual({ columns: ['Name', 'Drivers', 'Age'], cells: ['node-1', 1, expect.stringMatching(AGE)] });

    await create('/apis/storage.k8s.io/v1/volumeattachments', { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'csi-123' },
      spec: { attacher: 'disk.example.com', nodeName: 'node-1', source: { persistentVolumeName: 'pv-data' } } }, { attached: true });
    expect(await printed('/apis/storage.k8s.io/v1/volumeattachments/csi-123'))
      .toEqual({ columns: ['Name', 'Attacher', 'PV', 'Node', 'Attached', 'Age'], cells: ['csi-123', 'disk.example.com', 'pv-data', 'node-1', true, expect.stringMatching(AGE)] });

    await create('/apis/storage.k8s.io/v1/volumeattributesclasses', { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttributesClass', metadata: { name: 'gold' },
      driverName: 'disk.example.com', parameters: { iops: '5000' } });
    expect(await printed('/apis/storage.k8s.io/v1/volumeattributesclasses/gold'))
      .toEqual({ columns: ['Name', 'DriverName', 'Age'], cells: ['gold', 'disk.example.com', expect.stringMatching(AGE)] });

    await create('/apis/storage.k8s.io/v1/namespaces/default/csistoragecapacities', { apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: 'zone-a' },
      storageClassName: 'standard', capacity: '100Gi' });
    expect(await printed('/apis/storage.k8s.io/v1/namespaces/default/csistoragecapacities/zone-a'))
      .toEqual({ columns: ['Name', 'StorageClassName', 'Capacity'], cells: ['zone-a', 'standard', '100Gi'] });
  });

  it('cluster classes: PriorityClass, RuntimeClass, IngressClass', async () => {
    await create('/apis/scheduling.k8s.io/v1/priorityclasses', { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 });
    expect(await printed('/apis/scheduling.k8s.io/v1/priorityclasses/high')).toEqual({
      columns: ['Name', 'Value', 'Global-Default', 'Age', 'PreemptionPolicy'], cells: ['high', 1000, false, expect.stringMatching(AGE), 'PreemptLowerPriority'] });

    await create('/apis/node.k8s.io/v1/runtimeclasses', { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc' });
    expect(await printed('/apis/node.k8s.io/v1/runtimeclasses/gvisor')).toEqual({ columns: ['Name', 'Handler', 'Age'], cells: ['gvisor', 'runsc', expect.stringMatching(AGE)] });

    await create('/apis/networking.k8s.io/v1/ingressclasses', { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: 'external' },
      spec: { controller: 'example.com/ingress', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'external-lb' } } });
    expect(await printed('/apis/networking.k8s.io/v1/ingressclasses/external')).toEqual({
      columns: ['Name', 'Controller', 'Parameters', 'Age'], cells: ['external', 'example.com/ingress', 'IngressParameters.k8s.example.com/external-lb', expect.stringMatching(AGE)] });
  });

  it('ServiceCIDR and IPAddress (whose printer defines no Age column but sends the age)', async () => {
    await create('/apis/networking.k8s.io/v1/servicecidrs', { apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name: 'extra' }, spec: { cidrs: ['10.100.0.0/16'] } });
    expect(await printed('/apis/networking.k8s.io/v1/servicecidrs/extra')).toEqual({ columns: ['Name', 'CIDRs', 'Age'], cells: ['extra', '10.100.0.0/16', expect.stringMatching(AGE)] });

    await create('/apis/networking.k8s.io/v1/ipaddresses', { apiVersion: 'networking.k8s.io/v1', kind: 'IPAddress', metadata: { name: '10.100.0.5' },
      spec: { parentRef: { group: '', resource: 'services', namespace: 'default', name: 'web' } } });
    expect(await printed('/apis/networking.k8s.io/v1/ipaddresses/10.100.0.5'))
      .toEqual({ columns: ['Name', 'ParentRef'], cells: ['10.100.0.5', 'services/default/web', expect.stringMatching(AGE)] });
  });

  it('flow control: FlowSchemas listed by matching precedence then name, priority levels with their queuing', async () => {
    const fs = (name: string, precedence: number, distinguisher?: string) => ({
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name, labels: { test: 'printers' } },
      spec: { priorityLevelConfiguration: { name: 'workload' }, matchingPrecedence: precedence, ...(distinguisher ? { distinguisherMethod: { type: distinguisher } } : {}),
        rules: [{ subjects: [{ kind: 'Group', group: { name: 'system:authenticated' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'] }] }] },
    });
    for (const f of [fs('fs-c', 100), fs('fs-a', 500, 'ByUser'), fs('fs-b', 100, 'ByNamespace')]) await create('/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas', f);
    await call('PATCH', '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas/fs-a/status', { status: { conditions: [{ type: 'Dangling', status: 'True' }] } }, 'application/merge-patch+json');
    const t = await table('/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas?labelSelector=test%3Dprinters');
    expect(t.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'PriorityLevel', 'MatchingPrecedence', 'DistinguisherMethod', 'Age', 'MissingPL']);
    expect(t.rows.map((r) => [...r.cells.slice(0, 4), r.cells[5]])).toEqual([
      ['fs-b', 'workload', 100, 'ByNamespace', '?'],
      ['fs-c', 'workload', 100, '<none>', '?'],
      ['fs-a', 'workload', 500, 'ByUser', 'True'],
    ]);

    const plc = '/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations';
    await create(plc, { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'workload' },
      spec: { type: 'Limited', limited: { nominalConcurrencyShares: 20, limitResponse: { type: 'Queue', queuing: { queues: 16, handSize: 4, queueLengthLimit: 50 } } } } });
    await create(plc, { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'vip' }, spec: { type: 'Exempt', exempt: {} } });
    const workload = await printed(`${plc}/workload`);
    expect(workload.columns).toEqual(['Name', 'Type', 'NominalConcurrencyShares', 'Queues', 'HandSize', 'QueueLengthLimit', 'Age']);
    expect(workload.cells.slice(0, 6)).toEqual(['workload', 'Limited', 20, 16, 4, 50]);
    expect((await printed(`${plc}/vip`)).cells.slice(0, 6)).toEqual(['vip', 'Exempt', '<none>', '<none>', '<none>', '<none>']);
  });

  it('ValidatingAdmissionPolicy and its bindings: rule count, param kind, param reference', async () => {
    await create('/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies', {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'replicas' },
      spec: { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }] },
        validations: [{ expression: 'object.spec.replicas <= 5' }, { expression: 'object.spec.replicas >= 1' }] },
    });
    const policy = await printed('/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies/replicas');
    expect(policy.columns).toEqual(['Name', 'Validations', 'ParamKind', 'Age']);
    expect(policy.cells.slice(0, 3)).toEqual(['replicas', 2, 'v1/ConfigMap']);

    const bindings = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings';
    await create(bindings, { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'by-name' },
      spec: { policyName: 'replicas', validationActions: ['Deny'], paramRef: { name: 'limits', namespace: 'default', parameterNotFoundAction: 'Deny' } } });
    await create(bindings, { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'any-namespace' },
      spec: { policyName: 'replicas', validationActions: ['Deny'], paramRef: { name: 'limits', parameterNotFoundAction: 'Allow' } } });
    const binding = await printed(`${bindings}/by-name`);
    expect(binding.columns).toEqual(['Name', 'PolicyName', 'ParamRef', 'Age']);
    expect(binding.cells.slice(0, 3)).toEqual(['by-name', 'replicas', 'default/limits']);
    expect((await printed(`${bindings}/any-namespace`)).cells.slice(0, 3)).toEqual(['any-namespace', 'replicas', '*/limits']);
  });

  it('dynamic resource allocation: DeviceClass, ResourceClaim state, ResourceClaimTemplate, ResourceSlice', async () => {
    await create('/apis/resource.k8s.io/v1/deviceclasses', { apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'gpu' },
      spec: { selectors: [{ cel: { expression: 'device.driver == "gpu.example.com"' } }] } });
    expect(await printed('/apis/resource.k8s.io/v1/deviceclasses/gpu')).toEqual({ columns: ['Name', 'Age'], cells: ['gpu', expect.stringMatching(AGE)] });

    const request = { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu' } }] } };
    await create('/apis/resource.k8s.io/v1/namespaces/default/resourceclaims', { apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim', metadata: { name: 'one-gpu' }, spec: request });
    expect(await printed('/apis/resource.k8s.io/v1/namespaces/default/resourceclaims/one-gpu'))
      .toEqual({ columns: ['Name', 'State', 'Age'], cells: ['one-gpu', 'pending', expect.stringMatching(AGE)] });

    await create('/apis/resource.k8s.io/v1/namespaces/default/resourceclaimtemplates', { apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaimTemplate', metadata: { name: 'gpu' },
      spec: { spec: request } });
    expect(await printed('/apis/resource.k8s.io/v1/namespaces/default/resourceclaimtemplates/gpu')).toEqual({ columns: ['Name', 'Age'], cells: ['gpu', expect.stringMatching(AGE)] });

    await create('/apis/resource.k8s.io/v1/resourceslices', { apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', metadata: { name: 'node-1-gpu' },
      spec: { driver: 'gpu.example.com', nodeName: 'node-1', pool: { name: 'node-1', generation: 1, resourceSliceCount: 1 }, devices: [{ name: 'gpu-0' }] } });
    expect(await printed('/apis/resource.k8s.io/v1/resourceslices/node-1-gpu')).toEqual({
      columns: ['Name', 'Node', 'Driver', 'Pool', 'Age'], cells: ['node-1-gpu', 'node-1', 'gpu.example.com', 'node-1', expect.stringMatching(AGE)] });
  });

  it('APIService: the service or Local, and the Available condition with its reason', async () => {
    const path = '/apis/apiregistration.k8s.io/v1/apiservices';
    await create(path, { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1beta1.metrics.example.com' },
      spec: { group: 'metrics.example.com', version: 'v1beta1', service: { namespace: 'monitoring', name: 'metrics' }, groupPriorityMinimum: 100, versionPriority: 10 } });
    const pending = await printed(`${path}/v1beta1.metrics.example.com`);
    expect(pending.columns).toEqual(['Name', 'Service', 'Available', 'Age']);
    expect(pending.cells.slice(0, 3)).toEqual(['v1beta1.metrics.example.com', 'monitoring/metrics', 'Unknown']);
    await call('PATCH', `${path}/v1beta1.metrics.example.com/status`, { status: { conditions: [{ type: 'Available', status: 'False', reason: 'MissingEndpoints', lastTransitionTime: '2026-01-01T00:00:00Z' }] } },
      'application/merge-patch+json');
    expect((await printed(`${path}/v1beta1.metrics.example.com`)).cells.slice(0, 3)).toEqual(['v1beta1.metrics.example.com', 'monitoring/metrics', 'False (MissingEndpoints)']);

    await create(path, { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.local.example.com' },
      spec: { group: 'local.example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10 } });
    expect((await printed(`${path}/v1.local.example.com`)).cells.slice(0, 3)).toEqual(['v1.local.example.com', 'Local', 'Unknown']);
  });
});
