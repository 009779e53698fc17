/**
 * The fields kube-apiserver keeps as they were created (selectors, a StatefulSet's spec, a Job's
 * template, a Service's cluster IPs, a claim's spec), refused with its messages through the real
 * client, and the changes it allows still allowed.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnvironment } from '../support/environment.js';
import { invalidStatus, patchAs, type InvalidStatus } from './support.js';

let env: TestEnvironment;
let apps: k8s.AppsV1Api;
let batch: k8s.BatchV1Api;
let core: k8s.CoreV1Api;
const namespace = 'default';

beforeAll(async () => {
  env = await startEnv();
  apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
  batch = env.kubeConfig.makeApiClient(k8s.BatchV1Api);
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
});
afterAll(() => env.stop());

const container = { name: 'app', image: 'nginx:1.27' };
const template = (labels: Record<string, string>): k8s.V1PodTemplateSpec => ({ metadata: { labels }, spec: { containers: [container] } });

function invalid(call: Promise<unknown>): Promise<InvalidStatus> {
  return invalidStatus(call);
}

describe('apps/v1 selectors', () => {
  it('refuse a new selector on a Deployment (ValidateImmutableField), and allow scaling and a new template', async () => {
    const created = await apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template: template({ app: 'web' }) } } });
    const moved = { ...created, spec: { ...created.spec!, selector: { matchLabels: { app: 'web', tier: 'front' } }, template: template({ app: 'web', tier: 'front' }) } };
    expect(await invalid(apps.replaceNamespacedDeployment({ namespace, name: 'web', body: moved }))).toEqual({
      message: 'Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"web","tier":"front"}}: field is immutable',
      causes: [{ field: 'spec.selector', reason: 'FieldValueInvalid' }],
    });

    const scaled = await apps.patchNamespacedDeployment({ namespace, name: 'web', body: { spec: { replicas: 3 } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(scaled.spec?.replicas).toBe(3);
    const rolled = await apps.replaceNamespacedDeployment({ namespace, name: 'web', body: { ...scaled, spec: { ...scaled.spec!, template: { ...scaled.spec!.template, spec: { ...scaled.spec!.template.spec!, containers: [{ ...container, image: 'nginx:1.28' }] } } } } });
    expect(rolled.spec?.template.spec?.containers[0].image).toBe('nginx:1.28');
    const labelled = await apps.patchNamespacedDeployment({ namespace, name: 'web', body: { spec: { template: { metadata: { labels: { extra: 'yes' } } } } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    expect(labelled.spec?.template.metadata?.labels).toEqual({ app: 'web', extra: 'yes' });
  });

  it('refuse a new selector on a ReplicaSet and a DaemonSet, with match expressions printed as Go\'s JSON does', async () => {
    const selector = { matchLabels: { app: 'rs' } };
    await apps.createNamespacedReplicaSet({ namespace, body: { metadata: { name: 'rs' }, spec: { selector, template: template({ app: 'rs', track: 'a' }) } } });
    const rsChange = { spec: { selector: { matchLabels: { app: 'rs' }, matchExpressions: [{ key: 'track', operator: 'In', values: ['a', 'b'] }] } } };
    expect(await invalid(apps.patchNamespacedReplicaSet({ namespace, name: 'rs', body: rsChange }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: 'ReplicaSet.apps "rs" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"rs"},"matchExpressions":[{"key":"track","operator":"In","values":["a","b"]}]}: field is immutable',
      causes: [{ field: 'spec.selector', reason: 'FieldValueInvalid' }],
    });

    await apps.createNamespacedDaemonSet({ namespace, body: { metadata: { name: 'ds' }, spec: { selector: { matchLabels: { app: 'ds' } }, template: template({ app: 'ds', v: '1' }) } } });
    const dsChange = { spec: { selector: { matchLabels: { app: 'ds', v: '1' } } } };
    expect((await invalid(apps.patchNamespacedDaemonSet({ namespace, name: 'ds', body: dsChange }, patchAs(k8s.PatchStrategy.MergePatch)))).causes).toEqual([{ field: 'spec.selector', reason: 'FieldValueInvalid' }]);
    const relabelled = await apps.patchNamespacedDaemonSet({ namespace, name: 'ds', body: { spec: { template: { metadata: { labels: { app: 'ds', v: '2' } } } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(relabelled.spec?.template.metadata?.labels).toEqual({ app: 'ds', v: '2' });
  });
});

describe('apps/v1 StatefulSets', () => {
  const forbidden = "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";

  it('refuse a change to any spec field but the allowed ones (ValidateStatefulSetUpdate)', async () => {
    const claim: k8s.V1PersistentVolumeClaim = { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
    await apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'db' }, spec: { serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template({ app: 'db' }), volumeClaimTemplates: [claim] } } });
    const grown = { spec: { volumeClaimTemplates: [{ ...claim, spec: { ...claim.spec, resources: { requests: { storage: '2Gi' } } } }] } };
    expect(await invalid(apps.patchNamespacedStatefulSet({ namespace, name: 'db', body: grown }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: `StatefulSet.apps "db" is invalid: spec: Forbidden: ${forbidden}`,
      causes: [{ field: 'spec', reason: 'FieldValueForbidden' }],
    });
    expect((await invalid(apps.patchNamespacedStatefulSet({ namespace, name: 'db', body: { spec: { serviceName: 'other' } } }, patchAs(k8s.PatchStrategy.MergePatch)))).message).toBe(`StatefulSet.apps "db" is invalid: spec: Forbidden: ${forbidden}`);
    expect((await invalid(apps.patchNamespacedStatefulSet({ namespace, name: 'db', body: { spec: { podManagementPolicy: 'Parallel' } } }, patchAs(k8s.PatchStrategy.MergePatch)))).causes).toEqual([{ field: 'spec', reason: 'FieldValueForbidden' }]);
  });

  it('allow replicas, template, update strategy, history limit, claim retention and minReadySeconds to change', async () => {
    await apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'cache' }, spec: { serviceName: 'cache', selector: { matchLabels: { app: 'cache' } }, template: template({ app: 'cache' }) } } });
    const changed = await apps.patchNamespacedStatefulSet({
      namespace,
      name: 'cache',
      body: {
        spec: {
          replicas: 3,
          template: { metadata: { labels: { app: 'cache', v: '2' } } },
          updateStrategy: { type: 'OnDelete', rollingUpdate: null },
          revisionHistoryLimit: 2,
          persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' },
          minReadySeconds: 5,
        },
      },
    }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(changed.spec).toMatchObject({ replicas: 3, revisionHistoryLimit: 2, minReadySeconds: 5, updateStrategy: { type: 'OnDelete' } });
  });
});

describe('batch/v1 Jobs', () => {
  const jobTemplate = (labels: Record<string, string>): k8s.V1PodTemplateSpec => ({ metadata: { labels }, spec: { containers: [container], restartPolicy: 'Never' } });

  it('refuse new completions and a new pod template (validateJobSpecUpdate)', async () => {
    await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'run' }, spec: { template: jobTemplate({ app: 'run' }) } } });
    expect(await invalid(batch.patchNamespacedJob({ namespace, name: 'run', body: { spec: { completions: 3 } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: 'Job.batch "run" is invalid: spec.completions: Invalid value: 3: field is immutable',
      causes: [{ field: 'spec.completions', reason: 'FieldValueInvalid' }],
    });
    const image = { spec: { template: { spec: { containers: [{ ...container, image: 'nginx:1.28' }] } } } };
    const refused = await invalid(batch.patchNamespacedJob({ namespace, name: 'run', body: image }, patchAs(k8s.PatchStrategy.StrategicMergePatch)));
    expect(refused.causes).toEqual([{ field: 'spec.template', reason: 'FieldValueInvalid' }]);
    expect(refused.message).toMatch(/^Job\.batch "run" is invalid: spec\.template: Invalid value: .*: field is immutable$/s);
    // The suspended state of a running Job, its parallelism and its deadline may change.
    const changed = await batch.patchNamespacedJob({ namespace, name: 'run', body: { spec: { suspend: true, parallelism: 2, activeDeadlineSeconds: 60 } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(changed.spec).toMatchObject({ suspend: true, parallelism: 2, activeDeadlineSeconds: 60 });
    const resumed = await batch.patchNamespacedJob({ namespace, name: 'run', body: { spec: { suspend: false } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(resumed.spec?.suspend).toBe(false);
  });

  it('let a Job suspended before it started change where its pods run, and nothing else of its template', async () => {
    await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'queued' }, spec: { suspend: true, template: jobTemplate({ app: 'queued' }) } } });
    const placed = await batch.patchNamespacedJob({
      namespace,
      name: 'queued',
      body: { spec: { template: { metadata: { labels: { app: 'queued', queue: 'a' }, annotations: { note: 'x' } }, spec: { nodeSelector: { zone: 'a' }, tolerations: [{ key: 'gpu', operator: 'Exists' }] } } } },
    }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    expect(placed.spec?.template.spec?.nodeSelector).toEqual({ zone: 'a' });
    const image = { spec: { template: { spec: { containers: [{ ...container, image: 'nginx:1.28' }] } } } };
    expect((await invalid(batch.patchNamespacedJob({ namespace, name: 'queued', body: image }, patchAs(k8s.PatchStrategy.StrategicMergePatch)))).causes).toEqual([{ field: 'spec.template', reason: 'FieldValueInvalid' }]);
    // Once started (status.startTime), the placement is fixed too.
    await batch.patchNamespacedJobStatus({ namespace, name: 'queued', body: { status: { startTime: new Date() } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect((await invalid(batch.patchNamespacedJob({ namespace, name: 'queued', body: { spec: { template: { spec: { nodeSelector: { zone: 'b' } } } } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch)))).causes).toEqual([{ field: 'spec.template', reason: 'FieldValueInvalid' }]);
  });

  it('let an Indexed Job change completions only together with parallelism (elastic Indexed Jobs)', async () => {
    await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'indexed' }, spec: { completionMode: 'Indexed', completions: 2, parallelism: 2, template: jobTemplate({ app: 'indexed' }) } } });
    expect(await invalid(batch.patchNamespacedJob({ namespace, name: 'indexed', body: { spec: { completions: 4 } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: 'Job.batch "indexed" is invalid: spec.completions: Invalid value: 4: can only be modified in tandem with spec.parallelism',
      causes: [{ field: 'spec.completions', reason: 'FieldValueInvalid' }],
    });
    const scaled = await batch.patchNamespacedJob({ namespace, name: 'indexed', body: { spec: { completions: 4, parallelism: 4 } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(scaled.spec).toMatchObject({ completions: 4, parallelism: 4 });
    expect(await invalid(batch.patchNamespacedJob({ namespace, name: 'indexed', body: { spec: { completionMode: 'NonIndexed', completions: 4 } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: 'Job.batch "indexed" is invalid: spec.completionMode: Invalid value: "NonIndexed": field is immutable',
      causes: [{ field: 'spec.completionMode', reason: 'FieldValueInvalid' }],
    });
  });
});

describe('core/v1 Services', () => {
  it('refuse a new cluster IP once one is set (validateUpgradeDowngradeClusterIPs), and keep an update that leaves it out', async () => {
    const created = await core.createNamespacedService({ namespace, body: { metadata: { name: 'svc' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } } });
    const ip = created.spec!.clusterIP!;
    expect(await invalid(core.patchNamespacedService({ namespace, name: 'svc', body: { spec: { clusterIP: '10.96.250.250' } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: 'Service "svc" is invalid: spec.clusterIPs[0]: Invalid value: ["10.96.250.250"]: may not change once set',
      causes: [{ field: 'spec.clusterIPs[0]', reason: 'FieldValueInvalid' }],
    });
    expect((await invalid(core.patchNamespacedService({ namespace, name: 'svc', body: { spec: { clusterIP: 'None', clusterIPs: ['None'] } } }, patchAs(k8s.PatchStrategy.MergePatch)))).message).toBe(
      'Service "svc" is invalid: spec.clusterIPs[0]: Invalid value: ["None"]: may not change once set',
    );
    // A client that builds the Service afresh (no cluster IP) keeps the allocated one.
    const current = await core.readNamespacedService({ namespace, name: 'svc' });
    const rebuilt = await core.replaceNamespacedService({ namespace, name: 'svc', body: { metadata: { name: 'svc', resourceVersion: current.metadata!.resourceVersion }, spec: { selector: { app: 'web' }, ports: [{ port: 8080 }] } } });
    expect(rebuilt.spec).toMatchObject({ clusterIP: ip, clusterIPs: [ip] });
  });

  it('let a headless Service stay headless and an ExternalName Service change freely', async () => {
    await core.createNamespacedService({ namespace, body: { metadata: { name: 'headless' }, spec: { clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] } } });
    const relabelled = await core.patchNamespacedService({ namespace, name: 'headless', body: { spec: { selector: { app: 'db2' } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(relabelled.spec?.clusterIP).toBe('None');
    await core.createNamespacedService({ namespace, body: { metadata: { name: 'external' }, spec: { type: 'ExternalName', externalName: 'example.com' } } });
    const moved = await core.patchNamespacedService({ namespace, name: 'external', body: { spec: { externalName: 'example.org' } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(moved.spec?.externalName).toBe('example.org');
    // A ClusterIP Service may become an ExternalName one: its cluster IPs are dropped, not refused.
    await core.createNamespacedService({ namespace, body: { metadata: { name: 'becomes-external' }, spec: { ports: [{ port: 80 }] } } });
    const external = await core.patchNamespacedService({ namespace, name: 'becomes-external', body: { spec: { type: 'ExternalName', externalName: 'example.net' } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(external.spec?.type).toBe('ExternalName');
  });
});

describe('core/v1 PersistentVolumeClaims', () => {
  const immutable = 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

  it('refuse any spec change to a claim that is not bound yet, a storage request included', async () => {
    await core.createNamespacedPersistentVolumeClaim({ namespace, body: { metadata: { name: 'pending' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } });
    const refused = await invalid(core.patchNamespacedPersistentVolumeClaim({ namespace, name: 'pending', body: { spec: { resources: { requests: { storage: '2Gi' } } } } }, patchAs(k8s.PatchStrategy.MergePatch)));
    expect(refused.causes).toEqual([{ field: 'spec', reason: 'FieldValueForbidden' }]);
    // The change as apimachinery's diff.Diff prints it: the internal spec's JSON, a unified diff.
    const diff = [
      '@@ -6,7 +6,7 @@',
      '  "Resources": {',
      '   "Limits": null,',
      '   "Requests": {',
      '-   "storage": "1Gi"',
      '+   "storage": "2Gi"',
      '   }',
      '  },',
      '  "VolumeName": "",',
      '',
    ].join('\n');
    expect(refused.message).toBe(`PersistentVolumeClaim "pending" is invalid: spec: Forbidden: ${immutable}\n${diff}`);
    // The same quantity written another way is no change.
    const same = await core.patchNamespacedPersistentVolumeClaim({ namespace, name: 'pending', body: { spec: { resources: { requests: { storage: '1024Mi' } } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(same.metadata?.name).toBe('pending');
    // The binder sets volumeName once.
    const named = await core.patchNamespacedPersistentVolumeClaim({ namespace, name: 'pending', body: { spec: { volumeName: 'pv-1' } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(named.spec?.volumeName).toBe('pv-1');
    expect((await invalid(core.patchNamespacedPersistentVolumeClaim({ namespace, name: 'pending', body: { spec: { volumeName: 'pv-2' } } }, patchAs(k8s.PatchStrategy.MergePatch)))).causes).toEqual([{ field: 'spec', reason: 'FieldValueForbidden' }]);
  });

  it('let a bound claim grow, and shrink only above its capacity', async () => {
    await core.createNamespacedPersistentVolumeClaim({ namespace, body: { metadata: { name: 'bound' }, spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'standard', resources: { requests: { storage: '1Gi' } } } } });
    await core.patchNamespacedPersistentVolumeClaimStatus({ namespace, name: 'bound', body: { status: { phase: 'Bound', capacity: { storage: '1Gi' } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    const grown = await core.patchNamespacedPersistentVolumeClaim({ namespace, name: 'bound', body: { spec: { resources: { requests: { storage: '3Gi' } } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(grown.spec?.resources?.requests?.storage).toBe('3Gi');
    const back = await core.patchNamespacedPersistentVolumeClaim({ namespace, name: 'bound', body: { spec: { resources: { requests: { storage: '2Gi' } } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(back.spec?.resources?.requests?.storage).toBe('2Gi');
    expect(await invalid(core.patchNamespacedPersistentVolumeClaim({ namespace, name: 'bound', body: { spec: { resources: { requests: { storage: '1024Mi' } } } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: 'PersistentVolumeClaim "bound" is invalid: spec.resources.requests.storage: Forbidden: field can not be less than status.capacity',
      causes: [{ field: 'spec.resources.requests.storage', reason: 'FieldValueForbidden' }],
    });
    expect((await invalid(core.patchNamespacedPersistentVolumeClaim({ namespace, name: 'bound', body: { spec: { storageClassName: 'fast' } } }, patchAs(k8s.PatchStrategy.MergePatch)))).causes).toEqual([{ field: 'spec', reason: 'FieldValueForbidden' }]);
  });
});

describe('core/v1 Pods', () => {
  const updatable = 'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

  it('refuse a change to the spec but images, a shorter deadline and added tolerations (ValidatePodUpdate)', async () => {
    await core.createNamespacedPod({ namespace, body: { metadata: { name: 'runner' }, spec: { containers: [{ ...container, ports: [{ containerPort: 80 }] }], activeDeadlineSeconds: 600 } } });
    const ports = await invalid(core.patchNamespacedPod({ namespace, name: 'runner', body: { spec: { containers: [{ name: 'app', ports: [{ containerPort: 8080 }] }] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch)));
    expect(ports.causes).toEqual([{ field: 'spec', reason: 'FieldValueForbidden' }]);
    expect(ports.message.startsWith(`Pod "runner" is invalid: spec: Forbidden: ${updatable}\n@@ `)).toBe(true);
    expect(await invalid(core.patchNamespacedPod({ namespace, name: 'runner', body: { spec: { containers: [container, { name: 'sidecar', image: 'busybox' }] } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: 'Pod "runner" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers',
      causes: [{ field: 'spec.containers', reason: 'FieldValueForbidden' }],
    });
    expect((await invalid(core.patchNamespacedPod({ namespace, name: 'runner', body: { spec: { activeDeadlineSeconds: 900 } } }, patchAs(k8s.PatchStrategy.MergePatch)))).message).toBe(
      'Pod "runner" is invalid: spec.activeDeadlineSeconds: Invalid value: 900: must be less than or equal to previous value',
    );

    const image = await core.patchNamespacedPod({ namespace, name: 'runner', body: { spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] } } }, patchAs(k8s.PatchStrategy.StrategicMergePatch));
    expect(image.spec?.containers[0].image).toBe('nginx:1.28');
    // The pod already has DefaultTolerationSeconds' two tolerations: an addition keeps them.
    const existing = (await core.readNamespacedPod({ namespace, name: 'runner' })).spec?.tolerations ?? [];
    const shorter = await core.patchNamespacedPod({ namespace, name: 'runner', body: { spec: { activeDeadlineSeconds: 300, tolerations: [...existing, { key: 'spot', operator: 'Exists' }] } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(shorter.spec?.activeDeadlineSeconds).toBe(300);
    expect(shorter.spec?.tolerations).toContainEqual({ key: 'spot', operator: 'Exists' });
    expect((await invalid(core.patchNamespacedPod({ namespace, name: 'runner', body: { spec: { tolerations: [{ key: 'other', operator: 'Exists' }] } } }, patchAs(k8s.PatchStrategy.MergePatch)))).message).toBe(
      'Pod "runner" is invalid: spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds',
    );
    const labelled = await core.patchNamespacedPod({ namespace, name: 'runner', body: { metadata: { labels: { role: 'worker' } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(labelled.metadata?.labels).toEqual({ role: 'worker' });
  });
});
