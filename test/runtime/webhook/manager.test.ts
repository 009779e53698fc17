import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Manager, parseManagerFlags } from '../../../src/runtime/manager/index.js';
import { builtinScheme, ConfigMap } from '../../../src/runtime/scheme/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { WebhookServer, webhookManagedBy, type AdmissionReview } from '../../../src/runtime/webhook/index.js';
import { describeBackends } from '../../support/backends.js';
import type { TestEnvironment } from '../../support/environment.js';
import { certDirWith, makeCertificate, post, type Certificate } from '../../support/tls.js';
import { eventually } from '../../../src/testing/index.js';

describeBackends('webhooks on a manager', (backend) => {
  let api: TestEnvironment;
  let certificate: Certificate;
  let certs: Awaited<ReturnType<typeof certDirWith>>;

  beforeAll(async () => {
    api = await backend.start();
    certificate = await makeCertificate('manager-webhooks');
    certs = await certDirWith(certificate);
  });
  afterAll(async () => {
    await certs?.remove();
    await api?.stop();
  });

  describe('webhooks on a Manager', () => {
    it('creates the webhook server from the manager options and serves it while the manager runs', async () => {
      const mgr = await Manager.create({
        scheme: builtinScheme(),
        kubeConfig: api.kubeConfig,
        webhookServer: { host: '127.0.0.1', port: 0 },
        webhookCertPath: certs.dir,
        handleSignals: false,
        logger: newLogger({ level: 'error', output: { write: () => true } }),
      });
      const paths = webhookManagedBy(mgr)
        .for(ConfigMap)
        .withValidator({
          validateCreate: (cm) => (cm.data?.forbidden ? Promise.reject(new Error('forbidden key')) : ['checked']),
          validateUpdate: () => undefined,
          validateDelete: () => undefined,
        })
        .complete();
      expect(paths).toEqual(['/validate--v1-configmap']);
      const server = mgr.getWebhookServer<WebhookServer>();
      expect(server).toBeInstanceOf(WebhookServer);
      expect(mgr.getWebhookServer()).toBe(server);

      const running = mgr.start();
      await eventually(async () => server.port() !== undefined);
      const review = (data: Record<string, string>): string =>
        JSON.stringify({
          apiVersion: 'admission.k8s.io/v1',
          kind: 'AdmissionReview',
          request: {
            uid: 'u1',
            kind: { group: '', version: 'v1', kind: 'ConfigMap' },
            resource: { group: '', version: 'v1', resource: 'configmaps' },
            operation: 'CREATE',
            userInfo: {},
            object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data },
          },
        });
      const ok = JSON.parse((await post(server.port()!, paths[0], review({ a: '1' }), certificate.cert)).body) as AdmissionReview;
      expect(ok.response).toMatchObject({ uid: 'u1', allowed: true, warnings: ['checked'] });
      const denied = JSON.parse((await post(server.port()!, paths[0], review({ forbidden: '1' }), certificate.cert)).body) as AdmissionReview;
      expect(denied.response).toMatchObject({ allowed: false, status: { code: 403, message: 'forbidden key' } });
      expect(await mgr.getMetrics().text()).toMatch(/controller_runtime_webhook_requests_total\{webhook="\/validate--v1-configmap",code="200"\} 2/);

      mgr.stop();
      await running;
      expect(server.port()).toBeUndefined();
    });

    it('finds the certificate under the names of --webhook-cert-name and --webhook-cert-key', async () => {
      const renamed = await certDirWith(certificate, { certName: 'serving.pem', keyName: 'serving-key.pem' });
      try {
        const mgr = await Manager.create({
          scheme: builtinScheme(),
          kubeConfig: api.kubeConfig,
          webhookServer: { host: '127.0.0.1', port: 0 },
          ...parseManagerFlags([`--webhook-cert-path=${renamed.dir}`, '--webhook-cert-name=serving.pem', '--webhook-cert-key=serving-key.pem']),
          metricsBindAddress: '0',
          healthProbeBindAddress: '0',
          handleSignals: false,
          logger: newLogger({ level: 'error', output: { write: () => true } }),
        });
        webhookManagedBy(mgr).for(ConfigMap).withValidator({ validateCreate: () => [], validateUpdate: () => [], validateDelete: () => [] }).complete();
        const server = mgr.getWebhookServer<WebhookServer>();
        const running = mgr.start().then(() => undefined, (err: unknown) => err);
        await eventually(async () => server.port() !== undefined);
        mgr.stop();
        expect(await running).toBeUndefined();
      } finally {
        await renamed.remove();
      }
    });
  });
});
