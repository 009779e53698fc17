// The generated config/ must build with `kubectl kustomize`, with the optional sections as init
// leaves them (commented out) and with every one of them switched on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { runManifests } from '../../src/generators/manifests/index.js';
import { uncommentBlock } from '../../src/scaffold/machinery/inserter.js';
import { generateGoldenProject } from '../../scripts/golden-sequence.js';
import { noInstall, ok, tempProjectDir } from '../cli/run-cli.js';

interface K8sObject { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string> }; spec?: Record<string, unknown>; rules?: unknown[] }

function kustomize(dir: string, path: string): K8sObject[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', path], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error(`kubectl kustomize ${path} failed in ${dir}: ${String((err as { stderr?: string }).stderr ?? err)}`, { cause: err });
  }
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}

const names = (objs: K8sObject[]) => objs.map((o) => `${o.kind}/${o.metadata.name}`).sort();

/** Switches on commented-out blocks the way a user would (each line loses its leading '#'). */
function uncomment(file: string, blocks: string[]): void {
  let text = readFileSync(file, 'utf8');
  for (const block of blocks) {
    const updated = uncommentBlock(text, block);
    if (updated === text) throw new Error(`${file}: the commented-out block "${block.split('\n')[0]}" was not found`);
    text = updated;
  }
  writeFileSync(file, text);
}

async function generateManifests(dir: string): Promise<void> {
  let log = '';
  const code = await runManifests({ projectDir: dir }, { stdout: () => undefined, stderr: (s: string) => { log += s; } });
  if (code !== 0) throw new Error(`scaffolder manifests failed in ${dir}:\n${log}`);
}

describe('kubectl kustomize config/default', () => {
  const work = mkdtempSync(join(tmpdir(), 'scaffolder-kustomize-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('builds right after init, with every optional section commented out', async () => {
    const { dir, cleanup } = tempProjectDir('fresh');
    try {
      await ok(dir, ['init', ...noInstall]);
      const objs = kustomize(dir, 'config/default');
      expect(names(objs)).toEqual([
        'ClusterRole/fresh-manager-role', 'ClusterRole/fresh-metrics-auth-role', 'ClusterRole/fresh-metrics-reader',
        'ClusterRoleBinding/fresh-manager-rolebinding', 'ClusterRoleBinding/fresh-metrics-auth-rolebinding',
        'Deployment/fresh-controller-manager', 'Namespace/fresh-system', 'Role/fresh-leader-election-role',
        'RoleBinding/fresh-leader-election-rolebinding', 'Service/fresh-controller-manager-metrics-service', 'ServiceAccount/fresh-controller-manager',
      ]);
      const deployment = objs.find((o) => o.kind === 'Deployment')!;
      expect(deployment.metadata.namespace).toBe('fresh-system');
      expect(JSON.stringify(deployment.spec)).toContain('"args":["--metrics-bind-address=:8443","--leader-elect","--health-probe-bind-address=:8081"]');
    } finally {
      cleanup();
    }
  });

  it('a namespaced project gives the manager a Role and binding in its namespace', async () => {
    const { dir, cleanup } = tempProjectDir('scoped');
    try {
      await ok(dir, ['init', '--namespaced', ...noInstall]);
      const objs = kustomize(dir, 'config/default');
      const role = objs.find((o) => o.metadata.name === 'scoped-manager-role')!;
      expect(role).toMatchObject({ kind: 'Role', metadata: { namespace: 'scoped-system' } });
      expect(objs.find((o) => o.metadata.name === 'scoped-manager-rolebinding')).toMatchObject({ kind: 'RoleBinding', metadata: { namespace: 'scoped-system' } });
    } finally {
      cleanup();
    }
  });

  it('builds the golden project with CRDs, webhooks and cert-manager switched on by the create commands', async () => {
    const dir = join(work, 'project-v1');
    await generateGoldenProject('project-v1', dir);
    await generateManifests(dir);
    const objs = kustomize(dir, 'config/default');
    expect(names(objs).filter((n) => n.startsWith('CustomResourceDefinition/'))).toEqual([
      'CustomResourceDefinition/admirales.crew.testproject.org', 'CustomResourceDefinition/captains.crew.testproject.org',
      'CustomResourceDefinition/firstmates.crew.testproject.org', 'CustomResourceDefinition/sailors.crew.testproject.org',
    ]);
    const firstmates = objs.find((o) => o.metadata.name === 'firstmates.crew.testproject.org')!;
    expect(firstmates.metadata.annotations?.['cert-manager.io/inject-ca-from']).toBe('project-v1-system/project-v1-serving-cert');
    expect(firstmates.spec?.conversion).toMatchObject({ strategy: 'Webhook', webhook: { clientConfig: { service: { name: 'project-v1-webhook-service', namespace: 'project-v1-system', path: '/convert' } } } });
    for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']) {
      const config = objs.find((o) => o.kind === kind)!;
      expect(config.metadata.annotations?.['cert-manager.io/inject-ca-from']).toBe('project-v1-system/project-v1-serving-cert');
    }
    const cert = objs.find((o) => o.kind === 'Certificate' && o.metadata.name === 'project-v1-serving-cert')!;
    expect(cert.spec?.dnsNames).toEqual(['project-v1-webhook-service.project-v1-system.svc', 'project-v1-webhook-service.project-v1-system.svc.cluster.local']);
    const deployment = objs.find((o) => o.kind === 'Deployment')!;
    expect(JSON.stringify(deployment.spec)).toContain('"--webhook-cert-path=/tmp/k8s-webhook-server/serving-certs"');
    expect(names(objs)).toContain('ClusterRole/project-v1-captain-editor-role');
  });

  it('builds with every remaining optional section (prometheus, network policy, metrics certificates) switched on', async () => {
    const dir = join(work, 'project-v1');
    uncomment(join(dir, 'config/default/kustomization.yaml'), [
      '- ../prometheus', '- ../network-policy',
      '- path: cert_metrics_manager_patch.yaml\n  target:\n    kind: Deployment',
    ]);
    // The metrics-certificate replacements: every line of both blocks.
    const file = join(dir, 'config/default/kustomization.yaml');
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf('# - source: # Uncomment the following block to enable certificates for metrics');
    const end = text.indexOf('#\n', text.indexOf('name: controller-manager-metrics-monitor', text.indexOf('fieldPath: metadata.namespace', start)));
    writeFileSync(file, text.slice(0, start) + text.slice(start, end).replace(/^#/gm, '') + text.slice(end));
    uncomment(join(dir, 'config/prometheus/kustomization.yaml'), ['patches:\n  - path: monitor_tls_patch.yaml\n    target:\n      kind: ServiceMonitor']);
    const objs = kustomize(dir, 'config/default');
    expect(names(objs)).toEqual(expect.arrayContaining([
      'ServiceMonitor/project-v1-controller-manager-metrics-monitor', 'NetworkPolicy/project-v1-allow-metrics-traffic',
      'NetworkPolicy/project-v1-allow-webhook-traffic', 'Certificate/project-v1-metrics-certs',
    ]));
    const metricsCert = objs.find((o) => o.metadata.name === 'project-v1-metrics-certs')!;
    expect(metricsCert.spec?.dnsNames).toEqual(['project-v1-controller-manager-metrics-service.project-v1-system.svc', 'project-v1-controller-manager-metrics-service.project-v1-system.svc.cluster.local']);
    const monitor = objs.find((o) => o.kind === 'ServiceMonitor')!;
    expect(JSON.stringify(monitor.spec)).toContain('"serverName":"project-v1-controller-manager-metrics-service.project-v1-system.svc"');
  });

  it('hack/set-image.mjs points the deployment at the image `make deploy IMG=...` names', async () => {
    const dir = join(work, 'project-v1');
    execFileSync('node', ['hack/set-image.mjs', 'registry.local:5000/team/operator:v1.2.3'], { cwd: dir });
    const deployment = kustomize(dir, 'config/default').find((o) => o.kind === 'Deployment')!;
    expect(JSON.stringify(deployment.spec)).toContain('"image":"registry.local:5000/team/operator:v1.2.3"');
    // Tags YAML would read as numbers (make deploy IMG=reg/op:1, :1.10) stay strings for kustomize.
    for (const tag of ['1', '1.10', '2e3']) {
      execFileSync('node', ['hack/set-image.mjs', `registry.local:5000/team/operator:${tag}`], { cwd: dir });
      const image = kustomize(dir, 'config/default').find((o) => o.kind === 'Deployment')!;
      expect(JSON.stringify(image.spec)).toContain(`"image":"registry.local:5000/team/operator:${tag}"`);
    }
  });

  it('builds the multi-group golden project', async () => {
    const dir = join(work, 'project-v1-multigroup');
    await generateGoldenProject('project-v1-multigroup', dir);
    await generateManifests(dir);
    const crds = names(kustomize(dir, 'config/default')).filter((n) => n.startsWith('CustomResourceDefinition/'));
    expect(crds).toEqual([
      'CustomResourceDefinition/captains.crew.testproject.org', 'CustomResourceDefinition/cruisers.ship.testproject.org',
      'CustomResourceDefinition/destroyers.ship.testproject.org', 'CustomResourceDefinition/frigates.ship.testproject.org',
      'CustomResourceDefinition/healthcheckpolicies.foo.policy.testproject.org', 'CustomResourceDefinition/krakens.sea-creatures.testproject.org',
      'CustomResourceDefinition/leviathans.sea-creatures.testproject.org',
    ]);
  });
  it('builds the deploy-image golden project: the manager gets the images, its Role the Deployments it manages', async () => {
    const dir = join(work, 'project-v1-deploy-image');
    await generateGoldenProject('project-v1-deploy-image', dir);
    const objs = kustomize(dir, 'config/default');
    expect(names(objs).filter((n) => n.startsWith('CustomResourceDefinition/'))).toEqual([
      'CustomResourceDefinition/busyboxes.example.com.testproject.org', 'CustomResourceDefinition/memcacheds.example.com.testproject.org',
    ]);
    const deployment = objs.find((o) => o.kind === 'Deployment')! as K8sObject & { spec: { template: { spec: { containers: Array<{ name: string; env: Array<{ name: string; value?: string }> }> } } } };
    const manager = deployment.spec.template.spec.containers.find((c) => c.name === 'manager')!;
    expect(manager.env).toEqual([
      { name: 'BUSYBOX_IMAGE', value: 'busybox:1.36.1' },
      { name: 'MEMCACHED_IMAGE', value: 'memcached:1.6.26-alpine3.19' },
      { name: 'WATCH_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
    ]);
    const role = objs.find((o) => o.kind === 'Role' && o.metadata.name === 'project-v1-deploy-image-manager-role')!;
    expect(role.metadata.namespace).toBe('project-v1-deploy-image-system');
    expect(role.rules).toContainEqual({ apiGroups: ['apps'], resources: ['deployments'], verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] });
    expect(role.rules).toContainEqual({ apiGroups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] });
  });

  it('builds the grafana golden project (the dashboards stay out of config/)', async () => {
    const dir = join(work, 'project-v1-grafana');
    await generateGoldenProject('project-v1-grafana', dir);
    await generateManifests(dir);
    expect(names(kustomize(dir, 'config/default'))).toContain('CustomResourceDefinition/captains.crew.testproject.org');
  });
});
