/**
 * The leader-election Role that `scaffolder init` writes grants exactly what a manager with leader
 * election calls in the lease's namespace: a manager runs through a recording proxy (acquire,
 * renew, release) and the verbs it used are compared with the template's rules.
 */
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CoordinationV1Api, CoreV1Api, KubeConfig, RbacAuthorizationV1Api, type V1Role } from '@kubernetes/client-node';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestEnvironment, type TestEnvironment } from '../../../src/testing/index.js';
import { startEnv } from '../../support/environment.js';
import { kubernetesAssetsDir, runsOnKubernetes } from '../../support/kubernetes-tools.js';
import { serviceAccountKubeConfig } from '../../support/service-accounts.js';
import { clientAndCache, createNamespace, newManager } from '../../support/runtime.js';

const TEMPLATE = path.resolve(import.meta.dirname, '../../../templates/init/config/rbac/leader_election_role.yaml.hbs');

interface Rule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

let env: TestEnvironment;
let proxy: Server;
const used = new Set<string>();

/** The RBAC verb and `<group>/<resource>` of a request path in `namespace`, as kube-apiserver's request info reads it. */
function rbacOf(method: string, url: URL, namespace: string): string | undefined {
  const m = /^\/(?:api\/v1|apis\/([^/]+)\/[^/]+)\/namespaces\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/.exec(url.pathname);
  if (!m || m[2] !== namespace) return undefined;
  const named = m[4] !== undefined;
  const verb =
    method === 'GET' ? (url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1' ? 'watch' : named ? 'get' : 'list')
    : method === 'POST' ? 'create'
    : method === 'PUT' ? 'update'
    : method === 'PATCH' ? 'patch'
    : method === 'DELETE' ? (named ? 'delete' : 'deletecollection')
    : method.toLowerCase();
  return `${m[1] ?? ''}/${m[3]} ${verb}`;
}

let namespace = '';

beforeAll(async () => {
  env = await startEnv();
  const target = new URL(env.server.url);
  proxy = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const seen = rbacOf(req.method ?? 'GET', url, namespace);
    if (seen) used.add(seen);
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  await env?.stop();
});

describe('the scaffolded leader-election Role', () => {
  it('grants the verbs a leader-electing manager uses on leases and events, and no others', async () => {
    const setup = clientAndCache(env);
    namespace = await createNamespace(setup.client, 'le-role');
    await setup.stop();
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromOptions({
      clusters: [{ name: 'proxy', server: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, skipTLSVerify: true }],
      users: [{ name: 'u', token: env.server.token }],
      contexts: [{ name: 'proxy', cluster: 'proxy', user: 'u' }],
      currentContext: 'proxy',
    });
    const id = 'role-test.example.com';
    const mgr = await newManager(env, { kubeConfig, leaderElection: true, leaderElectionID: id, leaderElectionNamespace: namespace, leaseDuration: 2000, renewDeadline: 1500, retryPeriod: 200 });
    const done = mgr.start();
    try {
      await mgr.elected();
      expect(await eventually(() => used.has('coordination.k8s.io/leases update'), 'a renewal')).toBeTruthy();
      expect(await eventually(() => used.has('/events create'), 'the "became leader" event')).toBeTruthy();
    } finally {
      mgr.stop();
      await done;
    }

    const role = parseYaml(readFileSync(TEMPLATE, 'utf8').replace(/\{\{projectName\}\}/g, 'p')) as { rules: Rule[] };
    const granted = new Set(role.rules.flatMap((r) => r.apiGroups.flatMap((g) => r.resources.flatMap((res) => r.verbs.map((v) => `${g}/${res} ${v}`)))));
    // Everything used is granted; everything granted is used, except patch on events, which the
    // event recorder needs when an event repeats (a count update), not in a single election.
    expect([...used].filter((u) => !granted.has(u))).toEqual([]);
    expect([...granted].filter((g) => !used.has(g)).sort()).toEqual(['/events patch']);
    expect([...used].sort()).toEqual(['/events create', 'coordination.k8s.io/leases create', 'coordination.k8s.io/leases get', 'coordination.k8s.io/leases update']);
  });
});

// On kube-apiserver RBAC is enforced: a manager whose ServiceAccount has the scaffolded Role and
// nothing else (beyond what every authenticated user may do) still campaigns, leads and reports it.
describe.skipIf(!runsOnKubernetes())('the scaffolded leader-election Role on kube-apiserver', () => {
  let real: TestEnvironment;
  beforeAll(async () => {
    real = await startTestEnvironment({ binaryAssetsDirectory: kubernetesAssetsDir(), useExistingCluster: false });
  });
  afterAll(async () => {
    await real?.stop();
  });

  it('is all a leader-electing manager needs', async () => {
    const core = real.kubeConfig.makeApiClient(CoreV1Api);
    const rbac = real.kubeConfig.makeApiClient(RbacAuthorizationV1Api);
    const ns = 'le-role-rbac';
    await core.createNamespace({ body: { metadata: { name: ns } } });
    const kubeConfig = await serviceAccountKubeConfig(real.kubeConfig, ns, 'manager');
    const role = parseYaml(readFileSync(TEMPLATE, 'utf8').replace(/\{\{projectName\}\}/g, 'p')) as V1Role;
    await rbac.createNamespacedRole({ namespace: ns, body: { ...role, metadata: { ...role.metadata, namespace: ns } } });
    await rbac.createNamespacedRoleBinding({
      namespace: ns,
      body: {
        metadata: { name: 'leader-election-rolebinding' },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: role.metadata!.name! },
        subjects: [{ kind: 'ServiceAccount', name: 'manager', namespace: ns }],
      },
    });
    // The token is limited: the Role grants nothing outside its namespace.
    const denied = await kubeConfig.makeApiClient(CoreV1Api).listNamespacedConfigMap({ namespace: ns }).catch((e: unknown) => e);
    expect((denied as { code?: number }).code).toBe(403);

    const mgr = await newManager(real, { kubeConfig, leaderElection: true, leaderElectionID: 'rbac-test.example.com', leaderElectionNamespace: ns, leaseDuration: 2000, renewDeadline: 1500, retryPeriod: 200 });
    const done = mgr.start();
    try {
      await mgr.elected();
      const lease = await real.kubeConfig.makeApiClient(CoordinationV1Api).readNamespacedLease({ name: 'rbac-test.example.com', namespace: ns });
      expect(lease.spec?.holderIdentity).toBeTruthy();
      await eventually(async () => (await core.listNamespacedEvent({ namespace: ns })).items.some((e) => e.reason === 'LeaderElection'), 'the "became leader" event');
    } finally {
      mgr.stop();
      await done;
    }
  });
});
