/** The server as kubectl sees it: apply, get, get -w, delete, and server errors as kubectl prints them. */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { CRONJOB_GROUP, cronjobCRDDir } from './support.js';
import { hasShared, itShared } from '../support/shared.js';

const run = promisify(execFile);

/** A CRD with printer columns, one of them only for -o wide. */
const GADGET_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
    versions: [{
      name: 'v1',
      served: true,
      storage: true,
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' }, color: { type: 'string' } } } } } },
      additionalPrinterColumns: [
        { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
        { name: 'Color', type: 'string', jsonPath: '.spec.color', priority: 1 },
        { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
      ],
    }],
  },
};
/** Printer columns as kubebuilder writes them for conditions (JSONPath filters), and no Age column. */
const WIDGET_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: [{
      name: 'v1',
      served: true,
      storage: true,
      subresources: { status: {} },
      schema: { openAPIV3Schema: { type: 'object', properties: {
        spec: { type: 'object', properties: { replicas: { type: 'integer' }, labels: { type: 'object', additionalProperties: { type: 'string' } } } },
        status: { type: 'object', properties: { conditions: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, status: { type: 'string' }, reason: { type: 'string' } } } } } },
      } } },
      additionalPrinterColumns: [
        { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
        { name: 'Reason', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].reason' },
        { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
        { name: 'Labels', type: 'string', jsonPath: '.spec.labels', priority: 1 },
      ],
    }],
  },
};
let env: TestEnvironment;
let dir: string;
let kubeconfig: string;

/** A private discovery cache: ports are reused across runs, and another run's CRDs must not leak in. */
function kubectlEnv(): NodeJS.ProcessEnv {
  return { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: path.join(dir, 'cache') };
}

async function kubectl(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run('kubectl', args, { env: kubectlEnv() });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

async function manifest(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

beforeAll(async () => {
  // Without ../shared the built-ins and the Gadget CRD are still served; the CronJob tests skip.
  env = await startTestEnvironment({ crdDirectoryPaths: hasShared(cronjobCRDDir) ? [cronjobCRDDir] : [], crds: [GADGET_CRD, WIDGET_CRD] });
  dir = await mkdtemp(path.join(tmpdir(), 'scaffolder-kubectl-'));
  kubeconfig = path.join(dir, 'kubeconfig');
  await env.writeKubeconfig(kubeconfig);
});
afterAll(async () => {
  await env.stop();
  await rm(dir, { recursive: true, force: true });
});

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`;

const CRONJOB = `apiVersion: ${CRONJOB_GROUP}/v1
kind: CronJob
metadata: {name: nightly}
spec:
  schedule: "0 0 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers: [{name: job, image: busybox}]
          restartPolicy: OnFailure
`;

describe('kubectl', () => {
  itShared(cronjobCRDDir, 'applies a built-in and a custom resource, then re-applies a change', async () => {
    const file = await manifest('app.yaml', `${DEPLOYMENT}---\n${CRONJOB}`);
    const first = await kubectl('apply', '-f', file);
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe(`deployment.apps/web created\ncronjob.${CRONJOB_GROUP}/nightly created\n`);
    await writeFile(file, `${DEPLOYMENT.replace('replicas: 2', 'replicas: 3')}---\n${CRONJOB}`);
    const second = await kubectl('apply', '-f', file);
    expect(second.stderr).toBe("");
    expect(second.stdout).toBe(`deployment.apps/web configured\ncronjob.${CRONJOB_GROUP}/nightly unchanged\n`);
    const apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
    const d = await apps.readNamespacedDeployment({ namespace: 'default', name: 'web' });
    expect(d.spec?.replicas).toBe(3);
    expect(d.metadata?.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toContain('"replicas":3');
  });

  itShared(cronjobCRDDir, 'gets objects as JSON and as a table with the CRD printer columns', async () => {
    const file = await manifest('get.yaml', CRONJOB.replace('nightly', 'listed'));
    await kubectl('apply', '-f', file);
    const json = await kubectl('get', `cronjobs.${CRONJOB_GROUP}`, 'listed', '-o', 'json');
    expect(JSON.parse(json.stdout)).toMatchObject({ apiVersion: `${CRONJOB_GROUP}/v1`, kind: 'CronJob', metadata: { name: 'listed', namespace: 'default' } });
    const table = await kubectl('get', `cronjobs.${CRONJOB_GROUP}`);
    expect(table.stdout.split('\n')[0].split(/\s+/)).toEqual(['NAME', 'AGE']);
    expect(table.stdout).toMatch(/^listed\s+\d+s$/m);
  });

  it('prints the printer columns of a CRD', async () => {
    const file = await manifest('gadget.yaml', 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g1}\nspec: {size: 3, color: blue}\n');
    await kubectl('apply', '-f', file);
    const table = await kubectl('get', 'gadgets');
    expect(table.stdout.split('\n')[0].split(/\s+/)).toEqual(['NAME', 'SIZE', 'AGE']);
    expect(table.stdout).toMatch(/^g1\s+3\s+\d+s$/m);
    const wide = await kubectl('get', 'gadgets', '-o', 'wide');
    expect(wide.stdout.split('\n')[0].split(/\s+/)).toEqual(['NAME', 'SIZE', 'COLOR', 'AGE']);
  });

  it('prints server errors: 404 NotFound and 422 Invalid', async () => {
    const missing = await kubectl('get', 'deployment', 'nope');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim()).toBe('Error from server (NotFound): deployments.apps "nope" not found');
    const bad = await manifest('bad.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: Bad_Name}\n');
    const invalid = await kubectl('apply', '-f', bad);
    expect(invalid.stderr).toContain('ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain');
  });

  it('prints unknown-field warnings with --validate=warn and refuses them by default (Strict)', async () => {
    const file = await manifest('unknown-field.yaml', 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g-unknown}\nspec: {size: 1, colour: red}\n');
    const strict = await kubectl('create', '-f', file);
    expect(strict.code).not.toBe(0);
    expect(strict.stderr).toContain('strict decoding error: unknown field "spec.colour"');
    const warned = await kubectl('create', '--validate=warn', '-f', file);
    expect(warned.code).toBe(0);
    expect(warned.stderr.trim()).toBe('Warning: unknown field "spec.colour"');
    const stored = await kubectl('get', 'gadget', 'g-unknown', '-o', 'jsonpath={.spec}');
    expect(JSON.parse(stored.stdout)).toEqual({ size: 1 });
  });

  it('watches with get -w and sees changes made through the API', async () => {
    const child = spawn('kubectl', ['get', 'configmaps', '-w', '--output-watch-events', '--request-timeout=3s'], { env: kubectlEnv() });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    for (let i = 0; i < 200 && env.server.watchCount === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'watched' } } });
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'watched' });
    for (let i = 0; i < 200 && !/DELETED\s+watched/.test(out); i++) await new Promise((r) => setTimeout(r, 10));
    child.kill();
    await exited;
    expect(out).toMatch(/ADDED\s+watched/);
    expect(out).toMatch(/DELETED\s+watched/);
  });

  it('creates namespaces, config maps, secrets and service accounts imperatively (protobuf bodies)', async () => {
    expect((await kubectl('create', 'namespace', 'imperative')).stdout).toBe('namespace/imperative created\n');
    expect((await kubectl('create', 'configmap', 'settings', '-n', 'imperative', '--from-literal=mode=fast', '--from-literal=level=3')).stdout).toBe('configmap/settings created\n');
    expect((await kubectl('create', 'secret', 'generic', 'creds', '-n', 'imperative', '--from-literal=password=s3cret')).stdout).toBe('secret/creds created\n');
    expect((await kubectl('create', 'serviceaccount', 'robot', '-n', 'imperative')).stdout).toBe('serviceaccount/robot created\n');
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    expect((await core.readNamespacedConfigMap({ namespace: 'imperative', name: 'settings' })).data).toEqual({ mode: 'fast', level: '3' });
    const secret = await core.readNamespacedSecret({ namespace: 'imperative', name: 'creds' });
    expect([secret.type, Buffer.from(secret.data!.password, 'base64').toString()]).toEqual(['Opaque', 's3cret']);
    expect((await core.readNamespace({ name: 'imperative' })).status?.phase).toBe('Active');
  });

  it('says which kinds it decodes from protobuf when kubectl create sends another, and the way round it works', async () => {
    const unsupported = await kubectl('create', 'deployment', 'imperative-web', '--image=nginx');
    expect(unsupported.code).not.toBe(0);
    expect(unsupported.stderr).toContain('the test API server decodes protobuf request bodies of ');
    expect(unsupported.stderr).toContain(', ConfigMap, ');
    expect(unsupported.stderr).toContain('this one is apps/v1 Deployment: send it as JSON (for a kubectl create command: add --dry-run=client -o yaml and pipe the output to kubectl create -f -)');
    const yaml = await kubectl('create', 'deployment', 'imperative-web', '--image=nginx', '--dry-run=client', '-o', 'yaml');
    const created = await kubectl('create', '-f', await manifest('imperative-web.yaml', yaml.stdout));
    expect(created.stdout).toBe('deployment.apps/imperative-web created\n');
  });

  it('creates cluster role bindings and role bindings imperatively (protobuf bodies)', async () => {
    expect((await kubectl('create', 'clusterrolebinding', 'robot-metrics', '--clusterrole=metrics-reader', '--serviceaccount=imperative:robot', '--user=alice')).stdout).toBe('clusterrolebinding.rbac.authorization.k8s.io/robot-metrics created\n');
    expect((await kubectl('create', 'rolebinding', 'robot-view', '-n', 'imperative', '--clusterrole=view', '--group=viewers')).stdout).toBe('rolebinding.rbac.authorization.k8s.io/robot-view created\n');
    const rbac = env.kubeConfig.makeApiClient(k8s.RbacAuthorizationV1Api);
    const cluster = await rbac.readClusterRoleBinding({ name: 'robot-metrics' });
    expect(cluster.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'metrics-reader' });
    expect(cluster.subjects).toEqual([
      { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' },
      { kind: 'ServiceAccount', name: 'robot', namespace: 'imperative' },
    ]);
    const namespaced = await rbac.readNamespacedRoleBinding({ namespace: 'imperative', name: 'robot-view' });
    expect(namespaced.roleRef.name).toBe('view');
    expect(namespaced.subjects).toEqual([{ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'viewers' }]);
  });

  it("applies kinds the server serves from the release's data, and gets them by their short names", async () => {
    const file = await manifest('release-kinds.yaml', [
      'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: web}\nspec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, maxReplicas: 3}',
      'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: fast}\nprovisioner: example.com/fast',
      'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: deny}\nspec: {podSelector: {}}',
    ].join('\n---\n'));
    const applied = await kubectl('apply', '-f', file);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toBe('horizontalpodautoscaler.autoscaling/web created\nstorageclass.storage.k8s.io/fast created\nnetworkpolicy.networking.k8s.io/deny created\n');
    const names = await kubectl('get', 'hpa,sc,netpol', '-o', 'name');
    expect(names.stdout).toBe('horizontalpodautoscaler.autoscaling/web\nstorageclass.storage.k8s.io/fast\nnetworkpolicy.networking.k8s.io/deny\n');
  });

  it('applies an autoscaling/v1 HorizontalPodAutoscaler and gets it in v1 and in v2', async () => {
    const hpa = 'apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: {name: cpu-only}\nspec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, maxReplicas: 4, targetCPUUtilizationPercentage: 70}\n';
    const file = await manifest('hpa-v1.yaml', hpa);
    const applied = await kubectl('apply', '-f', file);
    expect([applied.stdout, applied.stderr]).toEqual(['horizontalpodautoscaler.autoscaling/cpu-only created\n', '']);
    await writeFile(file, hpa.replace('maxReplicas: 4', 'maxReplicas: 6'));
    const reapplied = await kubectl('apply', '-f', file);
    expect([reapplied.stdout, reapplied.stderr]).toEqual(['horizontalpodautoscaler.autoscaling/cpu-only configured\n', '']);
    // kubectl (client-go's shortcut expander) keeps the version of a full resource name but drops it from a short one.
    const asV1 = JSON.parse((await kubectl('get', 'horizontalpodautoscalers.v1.autoscaling', 'cpu-only', '-o', 'json')).stdout) as { apiVersion: string; spec: Record<string, unknown> };
    expect([asV1.apiVersion, asV1.spec]).toEqual(['autoscaling/v1', { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 6, targetCPUUtilizationPercentage: 70 }]);
    const asV2 = JSON.parse((await kubectl('get', 'hpa.v2.autoscaling', 'cpu-only', '-o', 'json')).stdout) as { apiVersion: string; spec: { metrics: unknown[] } };
    expect([asV2.apiVersion, asV2.spec.metrics]).toEqual(['autoscaling/v2', [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]]);
    const table = await kubectl('get', 'hpa.v1.autoscaling');
    expect(table.stderr).toBe('');
    expect(table.stdout).toMatch(/^cpu-only\s/m);
  });

  it('deletes what a manifest names', async () => {
    const file = await manifest('del.yaml', DEPLOYMENT.replace('name: web', 'name: gone'));
    await kubectl('apply', '-f', file);
    const deleted = await kubectl('delete', '-f', file);
    expect(deleted.stdout).toBe('deployment.apps "gone" deleted\n');
    const after = await kubectl('get', 'deployment', 'gone');
    expect(after.stderr.trim()).toBe('Error from server (NotFound): deployments.apps "gone" not found');
  });
});

/** The header words of each table kubectl prints (one table per kind with `get a,b,c`). */
function headers(stdout: string): string[][] {
  return stdout.split('\n\n').map((block) => block.split('\n')[0].split(/\s{2,}/).filter((w) => w !== ''));
}

describe('kubectl get: printer columns', () => {
  it('evaluates CRD printer columns with JSONPath filters, server-side and as custom columns', async () => {
    const file = await manifest('widget.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 2, labels: {tier: web}}\n');
    await kubectl('apply', '-f', file);
    const custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
    await custom.patchNamespacedCustomObjectStatus(
      { group: 'example.com', version: 'v1', namespace: 'default', plural: 'widgets', name: 'w1',
        body: { status: { conditions: [{ type: 'Progressing', status: 'False', reason: 'Done' }, { type: 'Ready', status: 'True', reason: 'AllGood' }] } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    const table = await kubectl('get', 'widgets');
    expect(table.stderr).toBe('');
    // The CRD lists its own columns and no Age, so the server adds none.
    expect(table.stdout).toBe('NAME   READY   REASON    REPLICAS\nw1     True    AllGood   2\n');
    const wide = await kubectl('get', 'widgets', '-o', 'wide');
    expect(wide.stdout.split('\n')[1].split(/\s+/)).toEqual(['w1', 'True', 'AllGood', '2', '{"tier":"web"}']);
    const columns = await kubectl('get', 'widgets', '-o', 'custom-columns=NAME:.metadata.name,READY:.status.conditions[?(@.type=="Ready")].status,TYPES:.status.conditions[*].type');
    expect(columns.stdout).toBe('NAME   READY   TYPES\nw1     True    Progressing,Ready\n');
  });

  it('leaves a filtered cell empty when nothing matches', async () => {
    const file = await manifest('widget2.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w2}\nspec: {replicas: 1}\n');
    await kubectl('apply', '-f', file);
    const table = await kubectl('get', 'widget', 'w2');
    expect(table.stdout).toBe('NAME   READY   REASON   REPLICAS\nw2                      1\n');
  });

  it('prints the real server columns for built-in kinds', async () => {
    const ns = 'tables';
    await kubectl('create', 'namespace', ns);
    const file = await manifest('builtins.yaml', `${DEPLOYMENT}---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: 8080}, {name: https, port: 443, protocol: TCP}]
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {a: "1", b: "2"}
---
apiVersion: v1
kind: Secret
metadata: {name: creds}
type: Opaque
stringData: {password: s3cret}
---
apiVersion: v1
kind: Pod
metadata: {name: solo}
spec:
  containers: [{name: app, image: busybox}, {name: side, image: busybox}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: once}
spec:
  completions: 3
  template:
    spec:
      restartPolicy: Never
      containers: [{name: work, image: busybox}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  schedule: "0 0 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: work, image: busybox}]
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: robot}
---
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata: {name: leader}
spec: {holderIdentity: manager-1}
`);
    const applied = await kubectl('apply', '-n', ns, '-f', file);
    expect(applied.stderr).toBe('');
    const apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
    await apps.patchNamespacedDeploymentStatus(
      { namespace: ns, name: 'web', body: { status: { replicas: 2, readyReplicas: 1, updatedReplicas: 2, availableReplicas: 1 } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    await core.patchNamespacedPodStatus(
      { namespace: ns, name: 'solo', body: { status: { phase: 'Running', containerStatuses: [
        { name: 'app', ready: true, restartCount: 0, image: 'busybox', imageID: '', state: { running: { startedAt: '2026-01-01T00:00:00Z' } } },
        { name: 'side', ready: false, restartCount: 3, image: 'busybox', imageID: '', state: { waiting: { reason: 'CrashLoopBackOff' } } },
      ] } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    const batch = env.kubeConfig.makeApiClient(k8s.BatchV1Api);
    await batch.patchNamespacedJobStatus(
      { namespace: ns, name: 'once', body: { status: { startTime: new Date(Date.now() - 10 * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'), succeeded: 1 } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );

    const got = await kubectl('get', '-n', ns, 'deploy,svc,cm,secrets,pods,jobs,cronjobs,sa,leases');
    expect(got.stderr).toBe('');
    expect(headers(got.stdout)).toEqual([
      ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'],
      ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE'],
      ['NAME', 'DATA', 'AGE'],
      ['NAME', 'TYPE', 'DATA', 'AGE'],
      ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
      ['NAME', 'STATUS', 'COMPLETIONS', 'DURATION', 'AGE'],
      ['NAME', 'SCHEDULE', 'TIMEZONE', 'SUSPEND', 'ACTIVE', 'LAST SCHEDULE', 'AGE'],
      ['NAME', 'SECRETS', 'AGE'],
      ['NAME', 'HOLDER', 'AGE'],
    ]);
    const rows = got.stdout.split('\n').map((line) => line.split(/\s{2,}/));
    const row = (name: string) => rows.find((r) => r[0] === name)?.slice(0, -1);
    expect(row('deployment.apps/web')).toEqual(['deployment.apps/web', '1/2', '2', '1']);
    expect(row('service/web')?.slice(0, 3)).toEqual(['service/web', 'ClusterIP', expect.stringMatching(/^10\.96\./)]);
    expect(row('service/web')?.slice(3)).toEqual(['<none>', '80/TCP,443/TCP']);
    expect(row('configmap/settings')).toEqual(['configmap/settings', '2']);
    expect(row('secret/creds')).toEqual(['secret/creds', 'Opaque', '1']);
    expect(row('pod/solo')).toEqual(['pod/solo', '1/2', 'CrashLoopBackOff', '3']);
    expect(row('job.batch/once')).toEqual(['job.batch/once', 'Running', '1/3', '10h']);
    expect(row('cronjob.batch/nightly')).toEqual(['cronjob.batch/nightly', '0 0 * * *', '<none>', 'False', '0', '<none>']);
    expect(row('serviceaccount/robot')).toEqual(['serviceaccount/robot', '0']);
    expect(row('lease.coordination.k8s.io/leader')).toEqual(['lease.coordination.k8s.io/leader', 'manager-1']);

    const wide = await kubectl('get', '-n', ns, 'deployment', 'web', '-o', 'wide');
    expect(headers(wide.stdout)[0]).toEqual(['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
    expect(wide.stdout.split('\n')[1].split(/\s+/).slice(-3)).toEqual(['nginx', 'nginx:1.25', 'app=web']);
    const nsTable = await kubectl('get', 'namespace', ns);
    expect(nsTable.stdout).toMatch(/^NAME\s+STATUS\s+AGE\ntables\s+Active\s+\d+s\n$/);
  });

  it("prints kube-apiserver's columns for kinds served from the release data (HPA, StorageClass, PV, NetworkPolicy)", async () => {
    const ns = 'release-tables';
    await kubectl('create', 'namespace', ns);
    const file = await manifest('release-tables.yaml', [
      'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: frontend}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: frontend}\n  minReplicas: 2\n  maxReplicas: 10\n  metrics:\n  - {type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}}',
      'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: ssd\n  annotations: {storageclass.kubernetes.io/is-default-class: "true"}\nprovisioner: example.com/ssd\nvolumeBindingMode: WaitForFirstConsumer',
      'apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: release-pv}\nspec:\n  capacity: {storage: 5Gi}\n  accessModes: [ReadWriteOnce]\n  storageClassName: ssd\n  hostPath: {path: /tmp/pv}',
      'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: db-only}\nspec:\n  podSelector: {matchLabels: {role: db}}',
    ].join('\n---\n'));
    const applied = await kubectl('apply', '-n', ns, '-f', file);
    expect(applied.stderr).toBe('');
    const autoscaling = env.kubeConfig.makeApiClient(k8s.AutoscalingV2Api);
    await autoscaling.patchNamespacedHorizontalPodAutoscalerStatus(
      { namespace: ns, name: 'frontend', body: { status: { currentReplicas: 3, desiredReplicas: 3,
        currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 45 } } }] } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );

    const got = await kubectl('get', '-n', ns, 'hpa,netpol');
    expect(got.stderr).toBe('');
    expect(headers(got.stdout)).toEqual([
      ['NAME', 'REFERENCE', 'TARGETS', 'MINPODS', 'MAXPODS', 'REPLICAS', 'AGE'],
      ['NAME', 'POD-SELECTOR', 'AGE'],
    ]);
    const rows = got.stdout.split('\n').map((line) => line.split(/\s{2,}/));
    const row = (name: string) => rows.find((r) => r[0] === name)?.slice(0, -1);
    expect(row('horizontalpodautoscaler.autoscaling/frontend')).toEqual(['horizontalpodautoscaler.autoscaling/frontend', 'Deployment/frontend', 'cpu: 45%/70%', '2', '10', '3']);
    expect(row('networkpolicy.networking.k8s.io/db-only')).toEqual(['networkpolicy.networking.k8s.io/db-only', 'role=db']);

    const sc = await kubectl('get', 'storageclass', 'ssd');
    expect(headers(sc.stdout)[0]).toEqual(['NAME', 'PROVISIONER', 'RECLAIMPOLICY', 'VOLUMEBINDINGMODE', 'ALLOWVOLUMEEXPANSION', 'AGE']);
    expect(sc.stdout.split('\n')[1].split(/\s{2,}/).slice(0, -1)).toEqual(['ssd (default)', 'example.com/ssd', 'Delete', 'WaitForFirstConsumer', 'false']);

    const pv = await kubectl('get', 'pv', 'release-pv', '-o', 'wide');
    expect(headers(pv.stdout)[0]).toEqual(['NAME', 'CAPACITY', 'ACCESS MODES', 'RECLAIM POLICY', 'STATUS', 'CLAIM', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'REASON', 'AGE', 'VOLUMEMODE']);
    // A new volume is Pending; the empty CLAIM and REASON cells leave only the cells with text to split on.
    expect(pv.stdout.split('\n')[1].trim().split(/\s+/).filter((w) => !/^\d+s$/.test(w))).toEqual(['release-pv', '5Gi', 'RWO', 'Retain', 'Pending', 'ssd', '<unset>', 'Filesystem']);
  });

  it('prints Created At for kinds without a printer (CRDs) and events as kubectl get events shows them', async () => {
    const crds = await kubectl('get', 'crd', 'widgets.example.com');
    expect(crds.stdout).toMatch(/^NAME\s+CREATED AT\nwidgets\.example\.com\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$/);
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const at = new Date(Date.now() - 30 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    await core.createNamespacedEvent({ namespace: 'default', body: {
      metadata: { name: 'web.1' }, involvedObject: { kind: 'Deployment', name: 'web', namespace: 'default' }, reason: 'ScalingReplicaSet', message: 'Scaled up replica set web-1 to 2',
      type: 'Normal', firstTimestamp: at as unknown as Date, lastTimestamp: at as unknown as Date, count: 1, source: { component: 'deployment-controller' } } });
    const events = await kubectl('get', 'events');
    expect(events.stdout).toBe('LAST SEEN   TYPE     REASON              OBJECT           MESSAGE\n30m         Normal   ScalingReplicaSet   deployment/web   Scaled up replica set web-1 to 2\n');
  });
});
