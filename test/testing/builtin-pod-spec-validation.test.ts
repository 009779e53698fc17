/**
 * The pod spec rules kube-apiserver applies to Pods and to the pod templates of workloads
 * (ValidatePodSpec and each workload's template rules), through the real client: container and
 * volume names, mounts, ports, resources, policies; and valid specs still accepted.
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

const DNS_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

function invalid(call: Promise<unknown>): Promise<InvalidStatus> {
  return invalidStatus(call, { causeMessages: true });
}

const pod = (name: string, spec: k8s.V1PodSpec): k8s.V1Pod => ({ metadata: { name }, spec });
const app = { name: 'app', image: 'nginx:1.27' };

describe('Pod specs', () => {
  it('refuse a container name that is not a DNS-1123 label', async () => {
    expect(await invalid(core.createNamespacedPod({ namespace, body: pod('badname', { containers: [{ ...app, name: 'Web_1' }] }) }))).toEqual({
      message: `Pod "badname" is invalid: spec.containers[0].name: Invalid value: "Web_1": ${DNS_LABEL}`,
      causes: [{ field: 'spec.containers[0].name', reason: 'FieldValueInvalid', message: `Invalid value: "Web_1": ${DNS_LABEL}` }],
    });
  });

  it('refuse container names used twice, among containers and init containers', async () => {
    const body = pod('dup', { containers: [app, { ...app, image: 'busybox' }], initContainers: [{ ...app, image: 'busybox' }] });
    expect(await invalid(core.createNamespacedPod({ namespace, body }))).toEqual({
      message: 'Pod "dup" is invalid: [spec.containers[1].name: Duplicate value: "app", spec.initContainers[0].name: Duplicate value: "app"]',
      causes: [
        { field: 'spec.containers[1].name', reason: 'FieldValueDuplicate', message: 'Duplicate value: "app"' },
        { field: 'spec.initContainers[0].name', reason: 'FieldValueDuplicate', message: 'Duplicate value: "app"' },
      ],
    });
  });

  it('refuse a volume named twice and a mount of a volume the pod does not declare', async () => {
    const body = pod('vols', {
      volumes: [{ name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }],
      containers: [{ ...app, volumeMounts: [{ name: 'cache', mountPath: '/cache' }, { name: 'data', mountPath: '/data' }, { name: 'data', mountPath: '/data' }] }],
    });
    expect((await invalid(core.createNamespacedPod({ namespace, body }))).message).toBe(
      'Pod "vols" is invalid: [spec.volumes[1].name: Duplicate value: "data", spec.containers[0].volumeMounts[0].name: Not found: "cache", spec.containers[0].volumeMounts[2].mountPath: Invalid value: "/data": must be unique]',
    );
  });

  it('refuse ports out of range, bad or repeated port names and unknown protocols', async () => {
    const body = pod('ports', {
      containers: [{
        ...app,
        ports: [
          { name: 'http', containerPort: 8080 },
          { name: 'http', containerPort: 8081 },
          { name: 'HTTP-', containerPort: 70000 },
          { containerPort: 9090, hostPort: 70001, protocol: 'HTTP' },
        ],
      }],
    });
    expect((await invalid(core.createNamespacedPod({ namespace, body }))).causes).toEqual([
      { field: 'spec.containers[0].ports[1].name', reason: 'FieldValueDuplicate', message: 'Duplicate value: "http"' },
      { field: 'spec.containers[0].ports[2].name', reason: 'FieldValueInvalid', message: 'Invalid value: "HTTP-": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)' },
      { field: 'spec.containers[0].ports[2].name', reason: 'FieldValueInvalid', message: 'Invalid value: "HTTP-": must contain at least one letter (a-z)' },
      { field: 'spec.containers[0].ports[2].name', reason: 'FieldValueInvalid', message: 'Invalid value: "HTTP-": must not begin or end with a hyphen' },
      { field: 'spec.containers[0].ports[2].containerPort', reason: 'FieldValueInvalid', message: 'Invalid value: 70000: must be between 1 and 65535, inclusive' },
      { field: 'spec.containers[0].ports[3].hostPort', reason: 'FieldValueInvalid', message: 'Invalid value: 70001: must be between 1 and 65535, inclusive' },
      { field: 'spec.containers[0].ports[3].protocol', reason: 'FieldValueNotSupported', message: 'Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"' },
    ]);
  });

  it('refuse a request above its limit, comparing quantities and printing them canonically', async () => {
    const cpu = pod('cpu', { containers: [{ ...app, resources: { requests: { cpu: '1500m' }, limits: { cpu: '1' } } }] });
    expect(await invalid(core.createNamespacedPod({ namespace, body: cpu }))).toEqual({
      message: 'Pod "cpu" is invalid: spec.containers[0].resources.requests: Invalid value: "1500m": must be less than or equal to cpu limit of 1',
      causes: [{ field: 'spec.containers[0].resources.requests', reason: 'FieldValueInvalid', message: 'Invalid value: "1500m": must be less than or equal to cpu limit of 1' }],
    });
    const memory = pod('memory', { containers: [{ ...app, resources: { requests: { memory: '1.5Gi' }, limits: { memory: '1024Mi' } } }] });
    expect((await invalid(core.createNamespacedPod({ namespace, body: memory }))).message).toBe(
      'Pod "memory" is invalid: spec.containers[0].resources.requests: Invalid value: "1536Mi": must be less than or equal to memory limit of 1Gi',
    );
    const gpu = pod('gpu', { containers: [{ ...app, resources: { requests: { 'example.com/gpu': '1' }, limits: { 'example.com/gpu': '2' } } }] });
    expect((await invalid(core.createNamespacedPod({ namespace, body: gpu }))).message).toBe(
      'Pod "gpu" is invalid: spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/gpu limit of 2',
    );
    const equal = await core.createNamespacedPod({ namespace, body: pod('equal', { containers: [{ ...app, resources: { requests: { cpu: '1000m', memory: '1Gi' }, limits: { cpu: '1', memory: '1024Mi' } } }] }) });
    expect(equal.metadata?.name).toBe('equal');
  });

  it('refuse environment variables with names holding "=" and ones with both a value and a source', async () => {
    const env = [
      { name: 'A=B', value: 'x' },
      { name: 'FROM', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'TWO', valueFrom: { fieldRef: { fieldPath: 'metadata.name' }, secretKeyRef: { name: 's', key: 'k' } } },
      { name: 'lower.case-and spaces', value: 'fine' },
    ];
    expect((await invalid(core.createNamespacedPod({ namespace, body: pod('env', { containers: [{ ...app, env }] }) }))).causes).toEqual([
      { field: 'spec.containers[0].env[0].name', reason: 'FieldValueInvalid', message: "Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='" },
      { field: 'spec.containers[0].env[1].valueFrom', reason: 'FieldValueInvalid', message: 'Invalid value: "": may not be specified when `value` is not empty' },
      { field: 'spec.containers[0].env[2].valueFrom', reason: 'FieldValueInvalid', message: 'Invalid value: "": may not have more than one field specified at a time' },
    ]);
  });

  it('refuse restart and pull policies kube-apiserver does not know', async () => {
    const body = pod('policies', { restartPolicy: 'Sometimes', containers: [{ ...app, imagePullPolicy: 'Sometimes' }] });
    expect((await invalid(core.createNamespacedPod({ namespace, body }))).causes).toEqual([
      { field: 'spec.containers[0].imagePullPolicy', reason: 'FieldValueNotSupported', message: 'Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"' },
      { field: 'spec.restartPolicy', reason: 'FieldValueNotSupported', message: 'Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"' },
    ]);
  });

  it('accept a valid pod with volumes, mounts, named ports, an init container and bounded resources', async () => {
    const body = pod('valid', {
      volumes: [{ name: 'data', emptyDir: {} }, { name: 'config', configMap: { name: 'cfg' } }],
      initContainers: [{ name: 'init', image: 'busybox', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
      containers: [{
        ...app,
        ports: [{ name: 'http', containerPort: 80 }, { name: 'metrics', containerPort: 9090, protocol: 'TCP' }, { containerPort: 53, protocol: 'UDP' }],
        volumeMounts: [{ name: 'data', mountPath: '/data' }, { name: 'config', mountPath: '/etc/app', readOnly: true }],
        resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
      }],
    });
    const created = await core.createNamespacedPod({ namespace, body });
    expect(created.spec?.containers[0].ports?.map((p) => p.protocol)).toEqual(['TCP', 'TCP', 'UDP']);
  });
});

describe('pod templates of workloads', () => {
  const selector = { matchLabels: { app: 'w' } };
  const badMount = { containers: [{ ...app, volumeMounts: [{ name: 'missing', mountPath: '/m' }] }] };

  it('hold Deployments, ReplicaSets and DaemonSets to the pod spec rules and to pods that restart Always', async () => {
    const deployment: k8s.V1Deployment = { metadata: { name: 'mounts' }, spec: { selector, template: { metadata: { labels: selector.matchLabels }, spec: badMount } } };
    expect(await invalid(apps.createNamespacedDeployment({ namespace, body: deployment }))).toEqual({
      message: 'Deployment.apps "mounts" is invalid: spec.template.spec.containers[0].volumeMounts[0].name: Not found: "missing"',
      causes: [{ field: 'spec.template.spec.containers[0].volumeMounts[0].name', reason: 'FieldValueNotFound', message: 'Not found: "missing"' }],
    });
    const onFailure = { metadata: { labels: selector.matchLabels }, spec: { restartPolicy: 'OnFailure', activeDeadlineSeconds: 30, containers: [app] } };
    expect((await invalid(apps.createNamespacedReplicaSet({ namespace, body: { metadata: { name: 'restarts' }, spec: { selector, template: onFailure } } }))).message).toBe(
      'ReplicaSet.apps "restarts" is invalid: [spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always", spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported]',
    );
    const duplicated = { metadata: { labels: selector.matchLabels }, spec: { containers: [app, app] } };
    expect((await invalid(apps.createNamespacedDaemonSet({ namespace, body: { metadata: { name: 'twice' }, spec: { selector, template: duplicated } } }))).message).toBe(
      'DaemonSet.apps "twice" is invalid: spec.template.spec.containers[1].name: Duplicate value: "app"',
    );
  });

  it('leave a StatefulSet\'s pod spec to its pods, as apps validation does, but not its restart policy', async () => {
    const unchecked = { metadata: { labels: selector.matchLabels }, spec: badMount };
    const created = await apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'lenient' }, spec: { serviceName: 'lenient', selector, template: unchecked } } });
    expect(created.metadata?.name).toBe('lenient');
    const noImage = await apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'noimage' }, spec: { serviceName: 'noimage', selector, template: { metadata: unchecked.metadata, spec: { containers: [{ name: 'app' }] } } } } });
    expect(noImage.spec?.template.spec?.containers[0].image).toBeUndefined();
    const never = { metadata: { labels: selector.matchLabels }, spec: { restartPolicy: 'Never', containers: [app] } };
    expect((await invalid(apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'never' }, spec: { serviceName: 'never', selector, template: never } } }))).message).toBe(
      'StatefulSet.apps "never" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    );
  });

  it('refuse selector requirements whose values do not fit their operator (ValidateLabelSelector)', async () => {
    const expressions = { matchLabels: selector.matchLabels, matchExpressions: [{ key: 'tier', operator: 'Exists', values: ['x'] }, { key: 'zone', operator: 'In' }] };
    const labelled = { metadata: { labels: { ...selector.matchLabels, tier: 'a', zone: 'b' } }, spec: { containers: [app] } };
    expect(await invalid(apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'expressions' }, spec: { selector: expressions, template: labelled } } }))).toEqual({
      message: "Deployment.apps \"expressions\" is invalid: [spec.selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist', spec.selector.matchExpressions[1].values: Required value: must be specified when `operator` is 'In' or 'NotIn', spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"w\"},\"matchExpressions\":[{\"key\":\"tier\",\"operator\":\"Exists\",\"values\":[\"x\"]},{\"key\":\"zone\",\"operator\":\"In\"}]}: invalid label selector]",
      causes: [
        { field: 'spec.selector.matchExpressions[0].values', reason: 'FieldValueForbidden', message: "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'" },
        { field: 'spec.selector.matchExpressions[1].values', reason: 'FieldValueRequired', message: "Required value: must be specified when `operator` is 'In' or 'NotIn'" },
        { field: 'spec.selector', reason: 'FieldValueInvalid', message: 'Invalid value: {"matchLabels":{"app":"w"},"matchExpressions":[{"key":"tier","operator":"Exists","values":["x"]},{"key":"zone","operator":"In"}]}: invalid label selector' },
      ],
    });
  });

  it('report a selector LabelSelectorAsSelector cannot convert as each kind does: ReplicaSets say so, StatefulSets give only the value', async () => {
    const exists = { matchLabels: selector.matchLabels, matchExpressions: [{ key: 'tier', operator: 'Exists', values: ['x'] }] };
    const json = '{"matchLabels":{"app":"w"},"matchExpressions":[{"key":"tier","operator":"Exists","values":["x"]}]}';
    const template = { metadata: { labels: { ...selector.matchLabels, tier: 'a' } }, spec: { containers: [app] } };
    const forbidden = { field: 'spec.selector.matchExpressions[0].values', reason: 'FieldValueForbidden', message: "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'" };
    expect((await invalid(apps.createNamespacedReplicaSet({ namespace, body: { metadata: { name: 'rs-exists' }, spec: { selector: exists, template } } }))).causes).toEqual([
      forbidden, { field: 'spec.selector', reason: 'FieldValueInvalid', message: `Invalid value: ${json}: invalid label selector` },
    ]);
    expect((await invalid(apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'sts-exists' }, spec: { serviceName: 'sts', selector: exists, template } } }))).causes).toEqual([
      forbidden, { field: 'spec.selector', reason: 'FieldValueInvalid', message: `Invalid value: ${json}` },
    ]);
  });

  it('refuse template labels and annotations ValidatePodTemplateSpec refuses, at the template\'s own fields', async () => {
    const long = 'v'.repeat(64);
    const labelled = { metadata: { labels: { ...selector.matchLabels, note: long } }, spec: { containers: [app] } };
    expect(await invalid(apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'labels' }, spec: { selector, template: labelled } } }))).toEqual({
      message: `Deployment.apps "labels" is invalid: spec.template.labels: Invalid value: "${long}": must be no more than 63 bytes`,
      causes: [{ field: 'spec.template.labels', reason: 'FieldValueInvalid', message: `Invalid value: "${long}": must be no more than 63 bytes` }],
    });
    const annotated = { metadata: { annotations: { 'bad key': 'x' } }, spec: { restartPolicy: 'Never', containers: [app] } };
    expect((await invalid(batch.createNamespacedJob({ namespace, body: { metadata: { name: 'annotated' }, spec: { template: annotated } } }))).causes.map((c) => c.field)).toEqual(['spec.template.annotations']);
    const statefulSet = { serviceName: 'l', selector, template: labelled };
    expect((await invalid(apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'labels' }, spec: statefulSet } }))).causes.map((c) => c.field)).toEqual(['spec.template.labels']);
  });

  it('refuse a StatefulSet name that is not a DNS-1123 label (its pods\' hostnames), which a Deployment may have', async () => {
    const template = { metadata: { labels: selector.matchLabels }, spec: { containers: [app] } };
    expect(await invalid(apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'db.primary' }, spec: { serviceName: 'db', selector, template } } }))).toEqual({
      // A name that would be a subdomain but for its dots is told so (kube-apiserver 1.36, recorded in the scenario corpus).
      message: 'StatefulSet.apps "db.primary" is invalid: metadata.name: Invalid value: "db.primary": must not contain dots',
      causes: [{ field: 'metadata.name', reason: 'FieldValueInvalid', message: 'Invalid value: "db.primary": must not contain dots' }],
    });
    const deployment = await apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'web.primary' }, spec: { selector, template } } });
    expect(deployment.metadata?.name).toBe('web.primary');
  });

  it('hold Jobs and CronJobs\' job templates to the pod spec rules and to pods that end', async () => {
    const job = { template: { spec: { restartPolicy: 'Never', containers: [{ ...app, ports: [{ containerPort: 0 }] }] } } };
    expect((await invalid(batch.createNamespacedJob({ namespace, body: { metadata: { name: 'port' }, spec: job } }))).message).toBe(
      'Job.batch "port" is invalid: spec.template.spec.containers[0].ports[0].containerPort: Required value',
    );
    const always = { template: { spec: { restartPolicy: 'Always', containers: [app, app] } } };
    expect(await invalid(batch.createNamespacedCronJob({ namespace, body: { metadata: { name: 'nightly' }, spec: { schedule: '0 0 * * *', jobTemplate: { spec: always } } } }))).toEqual({
      message: 'CronJob.batch "nightly" is invalid: [spec.jobTemplate.spec.template.spec.containers[1].name: Duplicate value: "app", spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"]',
      causes: [
        { field: 'spec.jobTemplate.spec.template.spec.containers[1].name', reason: 'FieldValueDuplicate', message: 'Duplicate value: "app"' },
        { field: 'spec.jobTemplate.spec.template.spec.restartPolicy', reason: 'FieldValueRequired', message: 'Required value: valid values: "OnFailure", "Never"' },
      ],
    });
    const selected = { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { restartPolicy: 'OnFailure', containers: [app] } } };
    expect((await invalid(batch.createNamespacedCronJob({ namespace, body: { metadata: { name: 'selected' }, spec: { schedule: '0 0 * * *', jobTemplate: { spec: selected } } } }))).message).toBe(
      'CronJob.batch "selected" is invalid: spec.jobTemplate.spec.selector: Invalid value: {"matchLabels":{"a":"b"}}: `selector` will be auto-generated',
    );
  });
});

describe('workload counts and strategies', () => {
  const selector = { matchLabels: { app: 'n' } };
  const template = { metadata: { labels: selector.matchLabels }, spec: { containers: [app] } };

  it('refuse negative replicas and a Recreate Deployment that keeps its rolling update settings', async () => {
    expect((await invalid(apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'negative' }, spec: { replicas: -1, selector, template } } }))).message).toBe(
      'Deployment.apps "negative" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    );
    await apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'strategy' }, spec: { selector, template } } });
    // A merge patch of the type alone keeps the defaulted rollingUpdate, which Recreate forbids.
    expect(await invalid(apps.patchNamespacedDeployment({ namespace, name: 'strategy', body: { spec: { strategy: { type: 'Recreate' } } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: "Deployment.apps \"strategy\" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
      causes: [{ field: 'spec.strategy.rollingUpdate', reason: 'FieldValueForbidden', message: "Forbidden: may not be specified when strategy `type` is 'Recreate'" }],
    });
    const recreate = await apps.patchNamespacedDeployment({ namespace, name: 'strategy', body: { spec: { strategy: { type: 'Recreate', rollingUpdate: null } } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(recreate.spec?.strategy).toEqual({ type: 'Recreate' });
  });

  it('refuse a rolling update that can make no progress, or with a malformed percentage', async () => {
    const stuck = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } };
    expect((await invalid(apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'stuck' }, spec: { selector, template, strategy: stuck } } }))).message).toBe(
      'Deployment.apps "stuck" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    );
    const malformed = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '50', maxSurge: 1 } };
    expect((await invalid(apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'malformed' }, spec: { selector, template, strategy: malformed } } }))).message).toBe(
      "Deployment.apps \"malformed\" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"50\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    );
    const surge = await apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'surge' }, spec: { selector, template, strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } } } } });
    expect(surge.spec?.strategy?.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    // A limit left out takes its default (25%) before validation, as SetDefaults_Deployment does.
    const noSurge = await apps.createNamespacedDeployment({ namespace, body: { metadata: { name: 'nosurge' }, spec: { selector, template, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0 } } } } });
    expect(noSurge.spec?.strategy?.rollingUpdate).toEqual({ maxUnavailable: '25%', maxSurge: 0 });
  });

  it('refuse StatefulSet policies apps validation does not know, and an OnDelete strategy that keeps its rolling update settings', async () => {
    const body = { metadata: { name: 'policies' }, spec: { serviceName: 'p', selector, template, podManagementPolicy: 'Random', updateStrategy: { type: 'Canary' }, persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Keep', whenScaled: 'Delete' } } };
    expect((await invalid(apps.createNamespacedStatefulSet({ namespace, body }))).message).toBe(
      'StatefulSet.apps "policies" is invalid: [spec.podManagementPolicy: Invalid value: "Random": must be \'OrderedReady\' or \'Parallel\', spec.updateStrategy: Invalid value: {"Type":"Canary","RollingUpdate":null}: must be \'RollingUpdate\' or \'OnDelete\', spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete"]',
    );
    await apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'ondelete' }, spec: { serviceName: 'o', selector, template } } });
    expect(await invalid(apps.patchNamespacedStatefulSet({ namespace, name: 'ondelete', body: { spec: { updateStrategy: { type: 'OnDelete' } } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toEqual({
      message: 'StatefulSet.apps "ondelete" is invalid: spec.updateStrategy.rollingUpdate: Invalid value: {"Partition":0,"MaxUnavailable":null}: only allowed for updateStrategy \'RollingUpdate\'',
      causes: [{ field: 'spec.updateStrategy.rollingUpdate', reason: 'FieldValueInvalid', message: 'Invalid value: {"Partition":0,"MaxUnavailable":null}: only allowed for updateStrategy \'RollingUpdate\'' }],
    });
    const zero = { type: 'RollingUpdate', rollingUpdate: { partition: -1, maxUnavailable: 0 } };
    expect((await invalid(apps.createNamespacedStatefulSet({ namespace, body: { metadata: { name: 'zero' }, spec: { serviceName: 'z', selector, template, updateStrategy: zero } } }))).message).toBe(
      'StatefulSet.apps "zero" is invalid: [spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0, spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0]',
    );
  });

  it('hold a DaemonSet\'s rolling update to exactly one limit that is not zero, defaulting the ones left out', async () => {
    const both = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: '10%' } };
    expect((await invalid(apps.createNamespacedDaemonSet({ namespace, body: { metadata: { name: 'both' }, spec: { selector, template, updateStrategy: both } } }))).message).toBe(
      'DaemonSet.apps "both" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: "10%": may not be set when maxUnavailable is non-zero',
    );
    const neither = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '0%' } };
    expect((await invalid(apps.createNamespacedDaemonSet({ namespace, body: { metadata: { name: 'neither' }, spec: { selector, template, updateStrategy: neither } } }))).message).toBe(
      'DaemonSet.apps "neither" is invalid: spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0',
    );
    const defaulted = await apps.createNamespacedDaemonSet({ namespace, body: { metadata: { name: 'surging' }, spec: { selector, template, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } } } } });
    expect(defaulted.spec?.updateStrategy?.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    const typeOnly = await apps.createNamespacedDaemonSet({ namespace, body: { metadata: { name: 'typeonly' }, spec: { selector, template, updateStrategy: { type: 'RollingUpdate' } } } });
    expect(typeOnly.spec?.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
  });

  it('refuse negative Job counts and an unknown completion mode', async () => {
    const spec = { parallelism: -1, backoffLimit: -2, completionMode: 'Sometimes', template: { spec: { restartPolicy: 'Never', containers: [app] } } };
    expect((await invalid(batch.createNamespacedJob({ namespace, body: { metadata: { name: 'counts' }, spec } }))).message).toBe(
      'Job.batch "counts" is invalid: [spec.parallelism: Invalid value: -1: must be greater than or equal to 0, spec.backoffLimit: Invalid value: -2: must be greater than or equal to 0, spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"]',
    );
  });
});
