/**
 * --metrics-secure through the Manager, as kubebuilder v4's main.go wires it: /metrics over HTTPS
 * (a self-signed certificate, or the one in --metrics-cert-path) behind TokenReview and
 * SubjectAccessReview checks against the manager's cluster.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CoreV1Api, type KubeConfig, RbacAuthorizationV1Api, type V1ClusterRole } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { eventually, startTestEnvironment, type TestEnvironment } from '../../../src/testing/index.js';
import { type Manager, parseManagerFlags } from '../../../src/runtime/index.js';
import { startEnv } from '../../support/environment.js';
import { newManager } from '../../support/runtime.js';
import { kubernetesAssetsDir, runsOnKubernetes } from '../../support/kubernetes-tools.js';
import { startReviewProxy, type ReviewProxy } from '../../support/review-proxy.js';
import { serviceAccountKubeConfig } from '../../support/service-accounts.js';
import { certDirWith, getUnverified, makeCertificate, servedCommonName } from '../../support/tls.js';

const RBAC_TEMPLATES = path.resolve(import.meta.dirname, '../../../templates/init/config/rbac');

let env: TestEnvironment;
let proxy: ReviewProxy;
beforeAll(async () => {
  env = await startEnv();
  proxy = await startReviewProxy(env.kubeConfig);
});
afterAll(async () => {
  await proxy?.stop();
  await env?.stop();
});

async function running(mgr: Manager, body: (metricsUrl: string) => Promise<void>): Promise<void> {
  const done = mgr.start();
  done.catch(() => undefined);
  try {
    const url = await eventually(() => mgr.getMetricsServer().url() ?? false, 'the metrics server');
    await body(url);
  } finally {
    mgr.stop();
    await done;
  }
}

describe('Manager with --metrics-secure', () => {
  it('is the default of parseManagerFlags, as in kubebuilder v4', () => {
    expect(parseManagerFlags([]).metricsSecure).toBe(true);
    expect(parseManagerFlags(['--metrics-secure=false']).metricsSecure).toBe(false);
    expect(parseManagerFlags(['--metrics-cert-path', '/certs', '--metrics-cert-name=c.pem', '--metrics-cert-key=k.pem'])).toMatchObject({
      metricsCertPath: '/certs',
      metricsCertName: 'c.pem',
      metricsCertKey: 'k.pem',
    });
  });

  it('serves /metrics over HTTPS with a self-signed certificate, only to callers the cluster allows to get /metrics', async () => {
    const flags = parseManagerFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0']);
    const mgr = await newManager(env, { ...flags, kubeConfig: proxy.kubeConfig });
    await running(mgr, async (url) => {
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(await servedCommonName(url)).toMatch(/^localhost@\d+$/);
      proxy.reviews.token = 0;
      proxy.reviews.access = 0;
      expect(await getUnverified(`${url}/metrics`)).toEqual({ status: 401, body: 'Unauthorized\n' });
      expect(await getUnverified(`${url}/metrics`, 'forged')).toEqual({ status: 401, body: 'Unauthorized\n' });
      expect(await getUnverified(`${url}/metrics`, 'nobody')).toEqual({ status: 403, body: 'Authorization denied for user nobody\n' });
      const scraped = await getUnverified(`${url}/metrics`, 'reader');
      expect(scraped.status).toBe(200);
      expect(scraped.body).toContain('# TYPE workqueue_adds_total counter');
      // The reviews were asked of the manager's cluster.
      expect(proxy.reviews).toEqual({ token: 3, access: 2 });
    });
  });

  it('serves the certificate of --metrics-cert-path', async () => {
    const certs = await certDirWith(await makeCertificate('metrics-from-dir'));
    try {
      const flags = parseManagerFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0', `--metrics-cert-path=${certs.dir}`]);
      const mgr = await newManager(env, { ...flags, kubeConfig: proxy.kubeConfig });
      await running(mgr, async (url) => {
        expect(await servedCommonName(url)).toBe('metrics-from-dir');
        expect((await getUnverified(`${url}/metrics`, 'reader')).status).toBe(200);
      });
    } finally {
      await certs.remove();
    }
  });

  it('with --metrics-secure=false serves plain HTTP to anyone', async () => {
    const flags = parseManagerFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0', '--metrics-secure=false']);
    const mgr = await newManager(env, flags);
    await running(mgr, async (url) => {
      expect(url).toMatch(/^http:\/\//);
      expect((await fetch(`${url}/metrics`)).status).toBe(200);
    });
  });
});

// On kube-apiserver the reviews are real: the manager runs as a ServiceAccount with the scaffolded
// metrics-auth-role (TokenReview, SubjectAccessReview), and a scraper needs the scaffolded metrics-reader.
describe.skipIf(!runsOnKubernetes())('Manager with --metrics-secure on kube-apiserver', () => {
  let real: TestEnvironment;
  beforeAll(async () => {
    real = await startTestEnvironment({ binaryAssetsDirectory: kubernetesAssetsDir(), useExistingCluster: false });
  });
  afterAll(async () => {
    await real?.stop();
  });

  const clusterRole = (file: string) => parseYaml(readFileSync(path.join(RBAC_TEMPLATES, file), 'utf8')) as V1ClusterRole;

  it('serves /metrics to a ServiceAccount bound to metrics-reader, with the reviews metrics-auth-role allows', async () => {
    const ns = 'metrics-rbac';
    await real.kubeConfig.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
    const rbac = real.kubeConfig.makeApiClient(RbacAuthorizationV1Api);
    const bind = async (role: V1ClusterRole, account: string) => {
      await rbac.createClusterRole({ body: role }).catch(() => undefined);
      await rbac.createClusterRoleBinding({
        body: {
          metadata: { name: `${role.metadata!.name!}-${account}` },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role.metadata!.name! },
          subjects: [{ kind: 'ServiceAccount', name: account, namespace: ns }],
        },
      });
    };
    const managerConfig = await serviceAccountKubeConfig(real.kubeConfig, ns, 'controller-manager');
    await bind(clusterRole('metrics_auth_role.yaml.hbs'), 'controller-manager');
    const reader = await serviceAccountKubeConfig(real.kubeConfig, ns, 'prometheus');
    await bind(clusterRole('metrics_reader_role.yaml.hbs'), 'prometheus');
    const other = await serviceAccountKubeConfig(real.kubeConfig, ns, 'other');

    const flags = parseManagerFlags(['--metrics-bind-address=127.0.0.1:0', '--health-probe-bind-address=0']);
    const mgr = await newManager(real, { ...flags, kubeConfig: managerConfig });
    await running(mgr, async (url) => {
      const token = (kc: KubeConfig) => kc.getCurrentUser()!.token!;
      expect(await getUnverified(`${url}/metrics`, 'forged')).toEqual({ status: 401, body: 'Unauthorized\n' });
      expect(await getUnverified(`${url}/metrics`, token(other))).toEqual({ status: 403, body: `Authorization denied for user system:serviceaccount:${ns}:other\n` });
      const scraped = await getUnverified(`${url}/metrics`, token(reader));
      expect(scraped.status).toBe(200);
      expect(scraped.body).toContain('# TYPE workqueue_adds_total counter');
    });
  });
});
