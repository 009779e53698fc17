/**
 * Runtime services: admission and conversion webhooks over HTTPS (client and server in this
 * process, 16 keep-alive connections), events written to the test API server (deduplicated
 * repeats and distinct events), and how long a lease takes to change hands after a release.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventBroadcaster } from '../src/runtime/events/index.js';
import { LeaderElector } from '../src/runtime/leaderelection/index.js';
import { newLogger } from '../src/runtime/log/index.js';
import { selfSignedCertificate } from '../src/runtime/serving/index.js';
import { defineKind } from '../src/runtime/scheme/kind.js';
import { WebhookServer, webhookManagedBy } from '../src/runtime/webhook/index.js';
import { startTestEnvironment } from '../src/testing/index.js';

const quiet = newLogger({ level: 'error', output: { write: () => true } });
const REQUESTS = 5000;
const CONCURRENCY = 16;
const EVENTS = 2000;

interface Obj { apiVersion?: string; kind?: string; metadata?: { name?: string; namespace?: string }; spec?: Record<string, unknown> }
const V1 = defineKind<Obj>({ group: 'batch.my.domain', version: 'v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true });
const V2 = defineKind<Obj>({ group: 'batch.my.domain', version: 'v2', kind: 'CronJob', plural: 'cronjobs', namespaced: true });

async function requestsPerSecond(agent: Agent, port: number, pathName: string, body: string): Promise<number> {
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: pathName, method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  for (let i = 0; i < 300; i++) await one(); // warm-up
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (next++ < REQUESTS) await one(); }));
  return REQUESTS / ((performance.now() - started) / 1000);
}

async function webhookFigures(): Promise<Record<string, number>> {
  const certDir = await mkdtemp(path.join(tmpdir(), 'bench-webhook-'));
  const { cert, key } = await selfSignedCertificate(['127.0.0.1']);
  await writeFile(path.join(certDir, 'tls.crt'), cert);
  await writeFile(path.join(certDir, 'tls.key'), key);
  const server = new WebhookServer({ host: '127.0.0.1', port: 0, certDir, log: quiet });
  const mgr = { getWebhookServer: () => server };
  webhookManagedBy(mgr).for(V1)
    .withDefaulter({ default(o) { o.spec = { suspend: false, concurrencyPolicy: 'Allow', ...o.spec }; } })
    .withValidator({ validateCreate: () => [], validateUpdate: () => [], validateDelete: () => [] })
    .withConversion({ hub: V1, spoke: V2, convertTo: (o) => ({ ...o, spec: { schedule: o.spec?.cron } }), convertFrom: (o) => ({ ...o, spec: { cron: o.spec?.schedule } }) })
    .complete();
  await server.start();
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY, ca: cert });
  const object = { apiVersion: 'batch.my.domain/v1', kind: 'CronJob', metadata: { name: 'a', namespace: 'default' }, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'busybox' }] } } } } } };
  const review = JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: { uid: 'u', kind: { group: 'batch.my.domain', version: 'v1', kind: 'CronJob' }, resource: { group: 'batch.my.domain', version: 'v1', resource: 'cronjobs' }, operation: 'CREATE', userInfo: {}, object } });
  const conversion = JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 'u', desiredAPIVersion: 'batch.my.domain/v2', objects: Array.from({ length: 10 }, () => object) } });
  try {
    return {
      'mutate requests/s (JSON patch answer)': await requestsPerSecond(agent, server.port()!, '/mutate-batch-my-domain-v1-cronjob', review),
      'validate requests/s': await requestsPerSecond(agent, server.port()!, '/validate-batch-my-domain-v1-cronjob', review),
      'convert requests/s (10 objects each)': await requestsPerSecond(agent, server.port()!, '/convert', conversion),
    };
  } finally {
    agent.destroy();
    await server.stop();
    await rm(certDir, { recursive: true, force: true });
  }
}

async function eventAndLeaseFigures(): Promise<Record<string, number>> {
  const env = await startTestEnvironment({ useExistingCluster: false, binaryAssetsDirectory: '' });
  try {
    const broadcaster = new EventBroadcaster({ kubeConfig: env.kubeConfig, maxQueued: EVENTS, correlation: { spamBurst: EVENTS * 2 }, log: quiet });
    const recorder = broadcaster.newRecorder('bench');
    const rate = async (distinct: boolean): Promise<number> => {
      const started = performance.now();
      for (let i = 0; i < EVENTS; i++) {
        recorder.event({ apiVersion: 'v1', kind: 'Pod', metadata: { name: distinct ? `pod-${i}` : 'pod', namespace: 'default', uid: 'u' } }, 'Normal', 'Synced', 'synced');
      }
      await broadcaster.flush();
      return EVENTS / ((performance.now() - started) / 1000);
    };
    const repeats = await rate(false);
    const distinct = await rate(true);

    const timings = { leaseDuration: 15_000, renewDeadline: 10_000, retryPeriod: 2000 };
    const handovers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = new LeaderElector({ kubeConfig: env.kubeConfig, namespace: 'default', name: 'bench', identity: 'a', log: quiet, ...timings });
      const b = new LeaderElector({ kubeConfig: env.kubeConfig, namespace: 'default', name: 'bench', identity: 'b', log: quiet, ...timings, retryPeriod: 200 });
      a.start();
      await a.elected();
      b.start();
      const started = performance.now();
      await a.stop();
      await b.elected();
      handovers.push(performance.now() - started);
      await b.stop();
    }
    handovers.sort((x, y) => x - y);
    return {
      'events/s, repeats (count bumps)': repeats,
      'events/s, distinct (creates)': distinct,
      'lease handover after release, median ms (retry 200 ms)': handovers[2],
    };
  } finally {
    await env.stop();
  }
}

export default async function (): Promise<Record<string, number | string>> {
  return { ...(await webhookFigures()), ...(await eventAndLeaseFigures()) };
}
