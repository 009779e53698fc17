/**
 * webhookManagedBy(...).recoverPanic(false), as controller-runtime's RecoverPanic(false): a panic of a
 * defaulter or validator (an engine error) is not answered 500 "panic: ... [recovered]" but
 * propagates; the webhook server then does what net/http does with a panicking handler: it logs the
 * panic and drops the request without an answer (HTTP/1.1: connection closed; HTTP/2: stream reset
 * with INTERNAL_ERROR), and goes on serving.
 */
import type { Wire } from '../../../src/runtime/api/types.js';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeClient, RestTransport, isInternalError } from '../../../src/runtime/client/index.js';
import { ConfigMap } from '../../../src/runtime/scheme/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { RuntimeMetrics } from '../../../src/runtime/metrics/index.js';
import { WebhookServer, webhookManagedBy, type AdmissionReview, type WebhookServerOptions } from '../../../src/runtime/webhook/index.js';
import { startEnv, type TestEnvironment } from '../../support/environment.js';
import { certDirWith, makeCertificate, post, type Certificate } from '../../support/tls.js';

let certificate: Certificate;
let certs: Awaited<ReturnType<typeof certDirWith>>;

beforeAll(async () => {
  certificate = await makeCertificate('recover-panic');
  certs = await certDirWith(certificate);
});
afterAll(async () => {
  await certs?.remove();
});

/** A webhook server whose ConfigMap defaulter and validator panic on a label, built with recoverPanic(false). */
async function startServer(options: Partial<WebhookServerOptions> = {}) {
  const lines: string[] = [];
  const log = newLogger({ level: 'info', output: { write: (line: string) => lines.push(line) > 0 } });
  const metrics = new RuntimeMetrics({ processMetrics: false });
  const server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir: certs.dir, metrics, log, ...options });
  const [mutate, validate] = webhookManagedBy({ getWebhookServer: () => server, getLogger: () => log })
    .for(ConfigMap)
    .withDefaulter({
      default(cm: Wire<V1ConfigMap>) {
        if (cm.metadata?.labels?.panic === 'default') (cm.data as unknown as { x: { y: string } }).x.y = 'z'; // TypeError
        cm.metadata!.labels = { ...cm.metadata!.labels, defaulted: 'yes' };
      },
    })
    .withValidator({
      validateCreate(cm: Wire<V1ConfigMap>) {
        return new Array<string>(cm.metadata?.labels?.panic === 'validate' ? -1 : 0); // RangeError
      },
      validateUpdate: () => undefined,
      validateDelete: () => undefined,
    })
    .recoverPanic(false)
    .complete();
  await server.start();
  return { server, metrics, lines, mutate: mutate, validate: validate };
}

function review(uid: string, labels: Record<string, string>): string {
  const object: Wire<V1ConfigMap> = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', labels } };
  const body: AdmissionReview = {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid,
      kind: { group: '', version: 'v1', kind: 'ConfigMap' },
      resource: { group: '', version: 'v1', resource: 'configmaps' },
      name: 'cm',
      namespace: 'default',
      operation: 'CREATE',
      userInfo: { username: 'admin' },
      object,
      oldObject: null,
    },
  };
  return JSON.stringify(body);
}

/** POSTs on an open HTTP/2 session; resolves with the status and body, or with the RST_STREAM code when the stream is reset. */
function h2Post(session: ClientHttp2Session, path: string, body: string): Promise<{ status?: number; body?: string; rstCode?: number }> {
  return new Promise((resolve) => {
    const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/json' });
    let status: number | undefined;
    const chunks: Buffer[] = [];
    stream.once('response', (headers) => { status = Number(headers[':status']); });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('error', () => undefined); // the reset surfaces as an error too; 'close' tells the code
    stream.once('close', () => {
      if (stream.rstCode !== constants.NGHTTP2_NO_ERROR) resolve({ rstCode: stream.rstCode });
      else resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
    });
    stream.end(body);
  });
}

describe('recoverPanic(false) on the webhook builder', () => {
  let api: TestEnvironment;
  beforeAll(async () => {
    api = await startEnv();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('a panicking defaulter or validator makes the API server\'s call fail (no answer, connection closed), counted and logged; the server serves on', async () => {
    const { server, metrics, lines, mutate, validate } = await startServer();
    try {
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
            failurePolicy: 'Fail' as const,
            sideEffects: 'None',
            admissionReviewVersions: ['v1'],
          },
        ],
      });
      api.server.setWebhooks([webhook('mconfigmap', mutate)], [webhook('vconfigmap', validate)], () => '');
      const client = new KubeClient(new RestTransport(api.kubeConfig));
      const createFails = async (name: string, panic: string) => {
        let caught: unknown;
        try {
          await client.create(ConfigMap, { metadata: { name, namespace: 'default', labels: { panic } } });
        } catch (err) {
          caught = err;
        }
        expect(isInternalError(caught)).toBe(true);
        return (caught as Error).message;
      };

      const defaulting = await createFails('boom-default', 'default');
      expect(defaulting).toContain('failed calling webhook "mconfigmap.kb.io": failed to call webhook: Post "https://127.0.0.1:');
      expect(defaulting).not.toContain('[recovered]');
      const validating = await createFails('boom-validate', 'validate');
      expect(validating).toContain('failed calling webhook "vconfigmap.kb.io": failed to call webhook: Post "https://127.0.0.1:');
      expect(validating).not.toContain('[recovered]');
      expect(await api.server.getObject({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'boom-default' })).toBeUndefined();

      // The process and the server live on.
      const created = await client.create(ConfigMap, { metadata: { name: 'fine', namespace: 'default' } });
      expect(created.metadata?.labels).toEqual({ defaulted: 'yes' });

      const text = await metrics.text();
      expect(text).toMatch(/^controller_runtime_webhook_panics_total 2$/m);
      // Dropped requests are neither counted nor left in flight; the answered ones are counted (the
      // mutating webhook answered for boom-validate and fine, the validating one for fine only).
      expect(text).toMatch(/^controller_runtime_webhook_requests_total\{webhook="\/mutate--v1-configmap",code="200"\} 2$/m);
      expect(text).toMatch(/^controller_runtime_webhook_requests_total\{webhook="\/mutate--v1-configmap",code="500"\} 0$/m);
      expect(text).toMatch(/^controller_runtime_webhook_requests_total\{webhook="\/validate--v1-configmap",code="200"\} 1$/m);
      expect(text).toMatch(/^controller_runtime_webhook_requests_in_flight\{webhook="\/mutate--v1-configmap"\} 0$/m);
      expect(text).toMatch(/^controller_runtime_webhook_requests_in_flight\{webhook="\/validate--v1-configmap"\} 0$/m);

      const logged = lines.join('');
      expect(logged).toMatch(/Observed a panic in webhook: TypeError/);
      expect(logged).toMatch(/Observed a panic in webhook: RangeError/);
      expect(logged).toMatch(/"msg":"http: panic serving 127\.0\.0\.1:\d+"/);
    } finally {
      api.server.setWebhooks([], [], () => '');
      await server.stop();
    }
  });
});

describe('a panic propagated to the webhook server', () => {
  it('over HTTP/1.1 closes the connection without an answer', async () => {
    const { server, mutate } = await startServer();
    try {
      await expect(post(server.port()!, mutate, review('h1-panic', { panic: 'default' }), certificate.cert)).rejects.toMatchObject({ code: 'ECONNRESET' });
      const fine = await post(server.port()!, mutate, review('h1-fine', {}), certificate.cert);
      expect(fine.status).toBe(200);
      expect((JSON.parse(fine.body) as AdmissionReview).response).toMatchObject({ uid: 'h1-fine', allowed: true });
    } finally {
      await server.stop();
    }
  });

  it('over HTTP/2 resets the stream with INTERNAL_ERROR and keeps the session, as Go\'s HTTP/2 server', async () => {
    const { server, metrics, lines, validate } = await startServer({ enableHTTP2: true });
    const session = connect(`https://127.0.0.1:${server.port()}`, { ca: certificate.cert });
    session.on('error', () => undefined);
    try {
      expect(await h2Post(session, validate, review('h2-panic', { panic: 'validate' }))).toEqual({ rstCode: constants.NGHTTP2_INTERNAL_ERROR });
      const fine = await h2Post(session, validate, review('h2-fine', {}));
      expect(fine.status).toBe(200);
      expect((JSON.parse(fine.body!) as AdmissionReview).response).toMatchObject({ uid: 'h2-fine', allowed: true });
      expect(session.destroyed).toBe(false);
      expect(lines.join('')).toMatch(/"msg":"http2: panic serving 127\.0\.0\.1:\d+"/);
      expect(await metrics.text()).toMatch(/^controller_runtime_webhook_requests_in_flight\{webhook="\/validate--v1-configmap"\} 0$/m);
    } finally {
      session.close();
      await server.stop();
    }
  });
});
