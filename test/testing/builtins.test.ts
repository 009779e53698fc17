import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { patchAs } from './support.js';

let env: TestEnvironment;

beforeAll(async () => {
  env = await startTestEnvironment();
});
afterAll(() => env.stop());

const podTemplate: k8s.V1PodTemplateSpec = { spec: { containers: [{ name: 'c', image: 'busybox' }], restartPolicy: 'Never' } };

describe('batch/v1', () => {
  it('creates Jobs and CronJobs with their defaults', async () => {
    const batch = env.kubeConfig.makeApiClient(k8s.BatchV1Api);
    const job = await batch.createNamespacedJob({ namespace: 'default', body: { metadata: { name: 'once' }, spec: { template: podTemplate } } });
    expect(job.spec).toMatchObject({ backoffLimit: 6, completions: 1, parallelism: 1 });
    const cj = await batch.createNamespacedCronJob({ namespace: 'default', body: { metadata: { name: 'tick' }, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: podTemplate } } } } });
    expect(cj.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
  });

  it('orphans the pods of a Job deleted without a propagation policy, as batch/v1 does', async () => {
    const batch = env.kubeConfig.makeApiClient(k8s.BatchV1Api);
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const job = await batch.createNamespacedJob({ namespace: 'default', body: { metadata: { name: 'orphaning' }, spec: { template: podTemplate } } });
    await core.createNamespacedPod({
      namespace: 'default',
      body: { metadata: { name: 'orphaning-pod', ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'orphaning', uid: job.metadata!.uid!, controller: true }] }, spec: podTemplate.spec! },
    });
    await batch.deleteNamespacedJob({ namespace: 'default', name: 'orphaning' });
    await env.server.settle();
    const pod = await core.readNamespacedPod({ namespace: 'default', name: 'orphaning-pod' });
    expect(pod.metadata?.ownerReferences).toBeUndefined();
  });
});

describe('coordination.k8s.io/v1 leases', () => {
  it('supports the create, get, update cycle of leader election', async () => {
    const coordination = env.kubeConfig.makeApiClient(k8s.CoordinationV1Api);
    // MicroTimes: six fraction digits (V1MicroTime), as kube-apiserver refuses a Date's three.
    const now = new k8s.V1MicroTime();
    const lease = await coordination.createNamespacedLease({ namespace: 'kube-system', body: { metadata: { name: 'leader' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 15, acquireTime: now, renewTime: now } } });
    expect(lease.spec?.holderIdentity).toBe('a');
    const renewed = await coordination.replaceNamespacedLease({ namespace: 'kube-system', name: 'leader', body: { ...lease, spec: { ...lease.spec, holderIdentity: 'b', leaseTransitions: 1 } } });
    expect(renewed.spec?.holderIdentity).toBe('b');
    const stale = await coordination.replaceNamespacedLease({ namespace: 'kube-system', name: 'leader', body: { ...lease, spec: { ...lease.spec, holderIdentity: 'c' } } }).catch((e: k8s.ApiException<string>) => e.code);
    expect(stale).toBe(409);
  });
});

describe('events', () => {
  it('selects core events by involvedObject fields', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    for (const [name, kind, target] of [['e1', 'Pod', 'p'], ['e2', 'Deployment', 'd'], ['e3', 'Pod', 'q']]) {
      await core.createNamespacedEvent({ namespace: 'default', body: { metadata: { name }, involvedObject: { kind, name: target, namespace: 'default' }, reason: 'Tested', type: 'Normal', message: 'm' } });
    }
    const pods = await core.listNamespacedEvent({ namespace: 'default', fieldSelector: 'involvedObject.kind=Pod,involvedObject.name=q' });
    expect(pods.items.map((e) => e.metadata?.name)).toEqual(['e3']);
  });

  it('are one resource: written through events.k8s.io/v1, read through core/v1, and back', async () => {
    const eventsV1 = env.kubeConfig.makeApiClient(k8s.EventsV1Api);
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await eventsV1.createNamespacedEvent({ namespace: 'default', body: { metadata: { name: 'shared' }, eventTime: new k8s.V1MicroTime(), reason: 'Synced', note: 'all good', action: 'Sync', reportingController: 'ctrl', reportingInstance: 'ctrl-1', type: 'Normal', regarding: { kind: 'ConfigMap', name: 'shared-cm', namespace: 'default' } } });
    const asCore = await core.readNamespacedEvent({ namespace: 'default', name: 'shared' });
    expect(asCore).toMatchObject({ message: 'all good', reportingComponent: 'ctrl', involvedObject: { kind: 'ConfigMap', name: 'shared-cm' } });
    const listed = await core.listNamespacedEvent({ namespace: 'default', fieldSelector: 'involvedObject.name=shared-cm' });
    expect(listed.items.map((e) => e.metadata?.name)).toEqual(['shared']);
    await core.patchNamespacedEvent({ namespace: 'default', name: 'shared', body: { message: 'changed', count: 2 } }, patchAs(k8s.PatchStrategy.MergePatch));
    const back = await eventsV1.readNamespacedEvent({ namespace: 'default', name: 'shared' });
    expect(back).toMatchObject({ note: 'changed', deprecatedCount: 2, regarding: { name: 'shared-cm' } });
  });

  it('serves events.k8s.io/v1 with regarding selectors', async () => {
    const events = env.kubeConfig.makeApiClient(k8s.EventsV1Api);
    await events.createNamespacedEvent({ namespace: 'default', body: { metadata: { name: 'ev1' }, eventTime: new k8s.V1MicroTime(), reason: 'Created', action: 'Create', reportingController: 'test', reportingInstance: 'test-1', type: 'Normal', regarding: { kind: 'ConfigMap', name: 'x', namespace: 'default' } } });
    const list = await events.listNamespacedEvent({ namespace: 'default', fieldSelector: 'regarding.name=x' });
    expect(list.items.map((e) => e.metadata?.name)).toEqual(['ev1']);
  });
});

describe('kind-specific rules', () => {
  it('keep the data of an immutable ConfigMap', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'frozen' }, data: { a: '1' }, immutable: true } });
    const err = await core.patchNamespacedConfigMap({ namespace: 'default', name: 'frozen', body: { data: { a: '2' } } }, patchAs(k8s.PatchStrategy.MergePatch)).catch((e: k8s.ApiException<string>) => e);
    expect((err as k8s.ApiException<string>).code).toBe(422);
    expect(JSON.parse((err as k8s.ApiException<string>).body).message).toBe('ConfigMap "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set');
    const labelled = await core.patchNamespacedConfigMap({ namespace: 'default', name: 'frozen', body: { metadata: { labels: { ok: 'yes' } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(labelled.metadata?.labels).toEqual({ ok: 'yes' });
  });

  it('refuse pods without containers and workloads whose selector misses the template labels', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
    const batch = env.kubeConfig.makeApiClient(k8s.BatchV1Api);
    const message = (p: Promise<unknown>) => p.then(() => 'created', (e: k8s.ApiException<string>) => `${e.code} ${JSON.parse(e.body).message}`);
    expect(await message(core.createNamespacedPod({ namespace: 'default', body: { metadata: { name: 'empty' }, spec: { containers: [] } } }))).toBe('422 Pod "empty" is invalid: spec.containers: Required value');
    expect(await message(core.createNamespacedPod({ namespace: 'default', body: { metadata: { name: 'noimage' }, spec: { containers: [{ name: 'c' }] } } }))).toBe('422 Pod "noimage" is invalid: spec.containers[0].image: Required value');
    const mismatched: k8s.V1Deployment = { metadata: { name: 'mismatch' }, spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
    expect(await message(apps.createNamespacedDeployment({ namespace: 'default', body: mismatched }))).toBe(
      '422 Deployment.apps "mismatch" is invalid: spec.template.metadata.labels: Invalid value: {"app":"b"}: `selector` does not match template `labels`',
    );
    expect(await message(batch.createNamespacedJob({ namespace: 'default', body: { metadata: { name: 'always' }, spec: { template: { spec: { containers: [{ name: 'c', image: 'i' }], restartPolicy: 'Always' } } } } }))).toBe(
      '422 Job.batch "always" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    );
  });

  it('refuse to delete the default namespace', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const err = await core.deleteNamespace({ name: 'default' }).catch((e: k8s.ApiException<string>) => e);
    expect((err as k8s.ApiException<string>).code).toBe(403);
    expect(JSON.parse((err as k8s.ApiException<string>).body)).toMatchObject({ reason: 'Forbidden', message: 'namespaces "default" is forbidden: this namespace may not be deleted' });
  });
});

describe('scheme defaults', () => {
  it('fill pod templates as kube-apiserver does, so desired and actual state compare equal', async () => {
    const apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
    const body: k8s.V1Deployment = { metadata: { name: 'defaults' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25', ports: [{ containerPort: 80 }] }, { name: 'd', image: 'busybox' }] } } } };
    const d = await apps.createNamespacedDeployment({ namespace: 'default', body });
    const pod = d.spec!.template.spec!;
    expect(pod).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30, securityContext: {} });
    expect(pod.containers[0]).toMatchObject({ imagePullPolicy: 'IfNotPresent', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', ports: [{ containerPort: 80, protocol: 'TCP' }] });
    expect(pod.containers[1].imagePullPolicy).toBe('Always');
    // Writing the undefaulted spec again is no change at all.
    const again = await apps.replaceNamespacedDeployment({ namespace: 'default', name: 'defaults', body: { ...body, metadata: { name: 'defaults', resourceVersion: d.metadata!.resourceVersion } } });
    expect(again.metadata?.resourceVersion).toBe(d.metadata?.resourceVersion);
    expect(again.metadata?.generation).toBe(1);
  });

  it('fill probes, lifecycle hooks, volumes and host-network ports of templates, and a Pod\'s requests from its limits', async () => {
    const apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
    const container: k8s.V1Container = {
      name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 8080 }],
      livenessProbe: { httpGet: { port: 8080 } }, readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 5 },
      lifecycle: { preStop: { httpGet: { port: 8080, path: '/drain' } } },
    };
    const volumes: k8s.V1Volume[] = [{ name: 'scratch' }, { name: 'conf', configMap: { name: 'conf' } }, { name: 'creds', secret: { secretName: 'creds', defaultMode: 0o400 } }];
    const d = await apps.createNamespacedDeployment({ namespace: 'default', body: { metadata: { name: 'probed' }, spec: {
      selector: { matchLabels: { app: 'probed' } },
      template: { metadata: { labels: { app: 'probed' } }, spec: { hostNetwork: true, containers: [container], volumes } } } } });
    const spec = d.spec!.template.spec!;
    expect(spec.containers[0].livenessProbe).toEqual({ httpGet: { port: 8080, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    expect(spec.containers[0].readinessProbe).toEqual({ tcpSocket: { port: 8080 }, timeoutSeconds: 1, periodSeconds: 5, successThreshold: 1, failureThreshold: 3 });
    expect(spec.containers[0].lifecycle!.preStop!.httpGet).toEqual({ port: 8080, path: '/drain', scheme: 'HTTP' });
    expect(spec.containers[0].ports).toEqual([{ containerPort: 8080, hostPort: 8080, protocol: 'TCP' }]);
    expect(spec.volumes).toEqual([{ name: 'scratch', emptyDir: {} }, { name: 'conf', configMap: { name: 'conf', defaultMode: 420 } }, { name: 'creds', secret: { secretName: 'creds', defaultMode: 256 } }]);
    // A template's requests stay as written; a Pod's unset requests take its limits, and its service links are on.
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const limited = { name: 'app', image: 'nginx:1.27', resources: { limits: { cpu: '1', memory: '256Mi' }, requests: { cpu: '100m' } } };
    const pod = await core.createNamespacedPod({ namespace: 'default', body: { metadata: { name: 'limited' }, spec: { containers: [limited] } } });
    expect([pod.spec!.containers[0].resources!.requests, pod.spec!.enableServiceLinks]).toEqual([{ cpu: '100m', memory: '256Mi' }, true]);
    const templated = await apps.createNamespacedDeployment({ namespace: 'default', body: { metadata: { name: 'limited' }, spec: {
      selector: { matchLabels: { app: 'limited' } }, template: { metadata: { labels: { app: 'limited' } }, spec: { containers: [limited] } } } } });
    expect(templated.spec!.template.spec!.containers[0].resources!.requests).toEqual({ cpu: '100m' });
    expect(templated.spec!.template.spec!.enableServiceLinks).toBeUndefined();
  });

  it('fill service ports', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const svc = await core.createNamespacedService({ namespace: 'default', body: { metadata: { name: 'defaulted-svc' }, spec: { ports: [{ port: 80 }] } } });
    expect(svc.spec).toMatchObject({ type: 'ClusterIP', sessionAffinity: 'None', ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] });
    expect(svc.spec?.clusterIP).toMatch(/^10\.96\.\d+\.\d+$/);
    expect(svc.spec?.clusterIPs).toEqual([svc.spec?.clusterIP]);
    const headless = await core.createNamespacedService({ namespace: 'default', body: { metadata: { name: 'headless' }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } } });
    expect(headless.spec?.clusterIP).toBe('None');
    // initIPFamilyFields: headless without a selector asks for both families; with one, a single family.
    expect([headless.spec?.clusterIPs, headless.spec?.ipFamilyPolicy, headless.spec?.ipFamilies]).toEqual([['None'], 'RequireDualStack', ['IPv4', 'IPv6']]);
    const selecting = await core.createNamespacedService({ namespace: 'default', body: { metadata: { name: 'headless-db' }, spec: { clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] } } });
    expect([selecting.spec?.clusterIPs, selecting.spec?.ipFamilyPolicy, selecting.spec?.ipFamilies]).toEqual([['None'], 'SingleStack', ['IPv4']]);
    // A controller that writes its desired spec (without the allocated IP) keeps the IP: no change.
    const replaced = await core.replaceNamespacedService({ namespace: 'default', name: 'defaulted-svc', body: { metadata: { name: 'defaulted-svc', resourceVersion: svc.metadata!.resourceVersion }, spec: { ports: [{ port: 80 }] } } });
    expect(replaced.spec?.clusterIP).toBe(svc.spec?.clusterIP);
    expect(replaced.metadata?.resourceVersion).toBe(svc.metadata?.resourceVersion);
  });

  it('fill the kinds operators create beside their workloads: volumes, autoscalers, policies, classes', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const pv = await core.createPersistentVolume({ body: { metadata: { name: 'disk' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' } } } });
    expect([pv.spec?.persistentVolumeReclaimPolicy, pv.spec?.volumeMode, pv.status?.phase]).toEqual(['Retain', 'Filesystem', 'Pending']);
    const pvc = await core.createNamespacedPersistentVolumeClaim({ namespace: 'default', body: { metadata: { name: 'claim' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } });
    expect([pvc.spec?.volumeMode, pvc.status?.phase]).toEqual(['Filesystem', 'Pending']);

    const autoscaling = env.kubeConfig.makeApiClient(k8s.AutoscalingV2Api);
    const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
    const plain = await autoscaling.createNamespacedHorizontalPodAutoscaler({ namespace: 'default', body: { metadata: { name: 'plain' }, spec: { scaleTargetRef: target, maxReplicas: 4 } } });
    expect(plain.spec).toEqual({ scaleTargetRef: target, minReplicas: 1, maxReplicas: 4,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }] });
    const tuned = await autoscaling.createNamespacedHorizontalPodAutoscaler({ namespace: 'default', body: {
      metadata: { name: 'tuned' }, spec: { scaleTargetRef: target, maxReplicas: 4, behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } } } });
    expect(tuned.spec?.behavior).toEqual({
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
      scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
    });

    const networking = env.kubeConfig.makeApiClient(k8s.NetworkingV1Api);
    const ingressOnly = await networking.createNamespacedNetworkPolicy({ namespace: 'default', body: { metadata: { name: 'in' }, spec: { podSelector: {}, ingress: [{ ports: [{ port: 80 }] }] } } });
    expect([ingressOnly.spec?.policyTypes, ingressOnly.spec?.ingress?.[0]?.ports]).toEqual([['Ingress'], [{ port: 80, protocol: 'TCP' }]]);
    const both = await networking.createNamespacedNetworkPolicy({ namespace: 'default', body: { metadata: { name: 'out' }, spec: { podSelector: {}, egress: [{}] } } });
    expect(both.spec?.policyTypes).toEqual(['Ingress', 'Egress']);

    const storage = env.kubeConfig.makeApiClient(k8s.StorageV1Api);
    const sc = await storage.createStorageClass({ body: { metadata: { name: 'standard' }, provisioner: 'example.com/disk' } });
    expect([sc.reclaimPolicy, sc.volumeBindingMode]).toEqual(['Delete', 'Immediate']);
    const driver = await storage.createCSIDriver({ body: { metadata: { name: 'disk.example.com' }, spec: {} } });
    expect(driver.spec).toEqual({ attachRequired: true, podInfoOnMount: false, storageCapacity: false, fsGroupPolicy: 'ReadWriteOnceWithFSType',
      volumeLifecycleModes: ['Persistent'], requiresRepublish: false, seLinuxMount: false });
    const pc = await env.kubeConfig.makeApiClient(k8s.SchedulingV1Api).createPriorityClass({ body: { metadata: { name: 'important' }, value: 1000 } });
    expect(pc.preemptionPolicy).toBe('PreemptLowerPriority');
    const slice = await env.kubeConfig.makeApiClient(k8s.DiscoveryV1Api).createNamespacedEndpointSlice({ namespace: 'default', body: {
      metadata: { name: 'web-1' }, addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'] }], ports: [{ port: 8080 }] } });
    expect(slice.ports).toEqual([{ name: '', port: 8080, protocol: 'TCP' }]);
  });
});

describe('secrets', () => {
  it('write stringData over data and never store it (the v1 conversion)', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const created = await core.createNamespacedSecret({ namespace: 'default', body: { metadata: { name: 'mixed' }, data: { a: Buffer.from('old').toString('base64'), b: Buffer.from('kept').toString('base64') }, stringData: { a: 'new', c: 'plain' } } });
    expect(created.stringData).toBeUndefined();
    const read = await core.readNamespacedSecret({ namespace: 'default', name: 'mixed' });
    expect(Object.fromEntries(Object.entries(read.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]))).toEqual({ a: 'new', b: 'kept', c: 'plain' });
    expect(read.stringData).toBeUndefined();
  });
});

describe('strategic merge keys of built-in kinds', () => {
  it('merges Service ports by port', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await core.createNamespacedService({ namespace: 'default', body: { metadata: { name: 'svc' }, spec: { selector: { app: 'x' }, ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] } } });
    const patched = await core.patchNamespacedService({ namespace: 'default', name: 'svc', body: { spec: { ports: [{ port: 443, targetPort: 8443 }] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    expect(patched.spec?.ports).toEqual([
      { name: 'http', port: 80, protocol: 'TCP', targetPort: 80 },
      { name: 'https', port: 443, protocol: 'TCP', targetPort: 8443 },
    ]);
  });

  it('merges status conditions by type through the status subresource', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await core.createNamespacedPod({ namespace: 'default', body: { metadata: { name: 'cond' }, spec: podTemplate.spec! } });
    const patch = (status: string) => core.patchNamespacedPodStatus({ namespace: 'default', name: 'cond', body: { status: { conditions: [{ type: 'Ready', status }] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    await core.patchNamespacedPodStatus({ namespace: 'default', name: 'cond', body: { status: { conditions: [{ type: 'Initialized', status: 'True' }] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    await patch('False');
    const pod = await patch('True');
    // Ready, added by the second patch, went before Initialized (a patch's new elements come first) and stays there.
    expect(pod.status?.conditions?.map((c) => [c.type, c.status])).toEqual([['Ready', 'True'], ['Initialized', 'True']]);
    expect(pod.status?.phase).toBe('Pending');
  });

  it('merge a Node\'s status addresses by type, as the release schema keys them', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await core.createNode({ body: { metadata: { name: 'worker-1' }, status: { addresses: [{ type: 'InternalIP', address: '10.0.0.5' }] } } });
    const patched = await core.patchNodeStatus({ name: 'worker-1', body: { status: { addresses: [{ type: 'Hostname', address: 'worker-1' }] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    expect(patched.status?.addresses).toEqual([{ type: 'Hostname', address: 'worker-1' }, { type: 'InternalIP', address: '10.0.0.5' }]);
  });

  it('unions finalizers', async () => {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'fins', finalizers: ['a/x'] } } });
    const patched = await core.patchNamespacedConfigMap({ namespace: 'default', name: 'fins', body: { metadata: { finalizers: ['b/y'] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    expect(patched.metadata?.finalizers).toEqual(['b/y', 'a/x']);
  });
});

describe('list merge rules of the kinds served from the release data', () => {
  it('follow the release schema: an atomic list is replaced, a map list merges by its keys', async () => {
    const discovery = env.kubeConfig.makeApiClient(k8s.DiscoveryV1Api);
    await discovery.createNamespacedEndpointSlice({ namespace: 'default', body: {
      metadata: { name: 'merge-rules' }, addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'] }],
      ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] } });
    // EndpointSlice.ports is atomic (no merge key): a strategic merge patch replaces it.
    const patched = await discovery.patchNamespacedEndpointSlice({ namespace: 'default', name: 'merge-rules', body: { ports: [{ name: 'metrics', port: 9090 }] } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    expect(patched.ports).toEqual([{ name: 'metrics', port: 9090, protocol: 'TCP' }]);

    const autoscaling = env.kubeConfig.makeApiClient(k8s.AutoscalingV2Api);
    await autoscaling.createNamespacedHorizontalPodAutoscaler({ namespace: 'default', body: {
      metadata: { name: 'merge-rules' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 2 } } });
    const condition = (type: string, status: string) => ({ type, status, lastTransitionTime: new Date('2026-01-01T00:00:00Z') });
    await autoscaling.patchNamespacedHorizontalPodAutoscalerStatus({ namespace: 'default', name: 'merge-rules', body: { status: { desiredReplicas: 1, conditions: [condition('AbleToScale', 'True')] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    // status.conditions is a map list keyed by type: the second patch adds a condition beside the first.
    const status = await autoscaling.patchNamespacedHorizontalPodAutoscalerStatus({ namespace: 'default', name: 'merge-rules', body: { status: { conditions: [condition('ScalingActive', 'False')] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    expect(status.status?.conditions?.map((c) => [c.type, c.status])).toEqual([['ScalingActive', 'False'], ['AbleToScale', 'True']]);
  });
});
