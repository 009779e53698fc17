import type { Wire } from '../../../src/runtime/api/types.js';
import { AdmissionregistrationV1Api, type V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KubeClient, RestTransport, isInvalid, isNotFound } from '../../../src/runtime/client/index.js';
import { ConfigMap } from '../../../src/runtime/scheme/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { ValidationError, WebhookServer, fieldError, webhookManagedBy } from '../../../src/runtime/webhook/index.js';
import { eventually } from '../../../src/testing/index.js';
import { describeBackends } from '../../support/backends.js';
import type { TestEnvironment } from '../../support/environment.js';
import { createNamespace } from '../../support/runtime.js';
import { certDirWith, makeCertificate } from '../../support/tls.js';

// The API server calls our webhook server, and the client sees the outcome.
describeBackends('admission webhooks called by the API server', (backend) => {
  let api: TestEnvironment;
  let server: WebhookServer;
  let client: KubeClient;
  let removeCerts: () => Promise<void>;
  let ns: string;

  beforeAll(async () => {
    api = await backend.start();
    const certificate = await makeCertificate('api-server-webhooks');
    const certs = await certDirWith(certificate);
    removeCerts = certs.remove;
    const quiet = newLogger({ level: 'error', output: { write: () => true } });
    server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, log: quiet });
    const [mutate, validate] = webhookManagedBy({ getWebhookServer: () => server })
      .for(ConfigMap)
      .withDefaulter({
        default(cm: Wire<V1ConfigMap>) {
          cm.metadata!.labels = { ...cm.metadata!.labels, defaulted: 'yes' };
          cm.data = { mode: 'fast', ...cm.data };
        },
      })
      .withValidator({
        validateCreate(cm: Wire<V1ConfigMap>) {
          const mode = cm.data?.mode;
          if (mode !== 'fast' && mode !== 'safe') {
            throw new ValidationError(ConfigMap, cm.metadata?.name ?? '', [fieldError('data.mode', mode, 'must be fast or safe')]);
          }
          return mode === 'fast' ? ['fast mode skips checks'] : [];
        },
        validateUpdate: () => undefined,
        validateDelete: () => undefined,
      })
      .complete();
    await server.start();
    const caBundle = Buffer.from(certificate.cert).toString('base64');
    const webhook = (name: string, path: string) => ({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: name.startsWith('m') ? 'MutatingWebhookConfiguration' : 'ValidatingWebhookConfiguration',
      metadata: { name },
      webhooks: [
        {
          name: `${name}.kb.io`,
          clientConfig: { url: `https://127.0.0.1:${server.port()}${path}`, caBundle },
          rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
          // Only this test's namespace: on a shared control plane other tests' ConfigMaps pass untouched.
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } },
          failurePolicy: 'Fail' as const,
          sideEffects: 'None',
          admissionReviewVersions: ['v1'],
        },
      ],
    });
    client = new KubeClient(new RestTransport(api.kubeConfig));
    ns = await createNamespace(client, 'admission');
    const admission = api.kubeConfig.makeApiClient(AdmissionregistrationV1Api);
    await admission.createMutatingWebhookConfiguration({ body: webhook('mconfigmap', mutate) });
    await admission.createValidatingWebhookConfiguration({ body: webhook('vconfigmap', validate) });
    // kube-apiserver applies new configurations once its informer has them: wait until the defaulter runs.
    await eventually(async () => {
      const probe = await client.create(ConfigMap, { metadata: { generateName: 'probe-', namespace: ns } });
      return probe.metadata?.labels?.defaulted === 'yes';
    });
  });

  afterAll(async () => {
    const admission = api?.kubeConfig.makeApiClient(AdmissionregistrationV1Api);
    await admission?.deleteMutatingWebhookConfiguration({ name: 'mconfigmap' });
    await admission?.deleteValidatingWebhookConfiguration({ name: 'vconfigmap' });
    await server?.stop();
    await removeCerts?.();
    await api?.stop();
  });

  it('stores the object as the defaulter patched it', async () => {
    const created = await client.create(ConfigMap, { metadata: { name: 'plain', namespace: ns } });
    expect(created.metadata?.labels).toEqual({ defaulted: 'yes' });
    expect(created.data).toEqual({ mode: 'fast' });
  });

  it('rejects the create with the validator field errors as an Invalid API error', async () => {
    let caught: unknown;
    try {
      await client.create(ConfigMap, { metadata: { name: 'bad', namespace: ns }, data: { mode: 'reckless' } });
    } catch (err) {
      caught = err;
    }
    expect(isInvalid(caught)).toBe(true);
    expect((caught as Error).message).toContain('ConfigMap "bad" is invalid: data.mode: Invalid value: "reckless": must be fast or safe');
    expect(isNotFound(await client.get(ConfigMap, { namespace: ns, name: 'bad' }).catch((e: unknown) => e))).toBe(true);
  });
});
