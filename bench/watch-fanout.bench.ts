/**
 * The test API server's watch fan-out: 50 watchers of ConfigMaps in one namespace (a manager's
 * informers and several test clients), then 200 ConfigMaps created; the time until every watcher
 * has received every ADDED event, per event. Each event is presented and encoded for 50 streams.
 */
import { request } from 'node:http';
import * as k8s from '@kubernetes/client-node';
import { startTestEnvironment } from '../src/testing/index.js';
import { median } from './stats.js';

const WATCHERS = 50;
const OBJECTS = 200;
const ROUNDS = 5;

export default async function (): Promise<Record<string, number | string>> {
  const env = await startTestEnvironment();
  try {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const server = new URL(env.kubeConfig.getCurrentCluster()!.server);
    const perEvent: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const namespace = `fanout-${round}`;
      await core.createNamespace({ body: { metadata: { name: namespace } } });
      let pending = WATCHERS * OBJECTS;
      let done!: () => void;
      const all = new Promise<void>((resolve) => (done = resolve));
      const watchers = await Promise.all(Array.from({ length: WATCHERS }, () => new Promise<import('node:http').ClientRequest>((resolve, reject) => {
        const req = request({ host: server.hostname, port: server.port, path: `/api/v1/namespaces/${namespace}/configmaps?watch=true&resourceVersion=1`, agent: false }, (res) => {
          let buffered = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffered += chunk;
            let nl: number;
            while ((nl = buffered.indexOf('\n')) >= 0) {
              const line = buffered.slice(0, nl);
              buffered = buffered.slice(nl + 1);
              if (line.startsWith('{"type":"ADDED"') && --pending === 0) done();
            }
          });
          resolve(req);
        });
        req.on('error', reject);
        req.end();
      })));
      const t = performance.now();
      await Promise.all(Array.from({ length: OBJECTS }, (_, i) => core.createNamespacedConfigMap({ namespace, body: { metadata: { name: `cm-${i}`, labels: { app: 'fanout' } }, data: { key: 'x'.repeat(512), labels: JSON.stringify(Array.from({ length: 200 }, (_, j) => ({ name: `entry-${j}`, value: j, nested: { a: [1, 2, 3], b: 'text' } }))) } } })));
      await all;
      perEvent.push((performance.now() - t) / OBJECTS);
      for (const w of watchers) w.destroy();
    }
    return {
      [`create + deliver to ${WATCHERS} watchers, per object, median of ${ROUNDS} rounds (ms)`]: median(perEvent),
      'min-max (ms)': `${Math.min(...perEvent).toFixed(2)}-${Math.max(...perEvent).toFixed(2)}`,
      'load average (1 min) during the run': (await import('node:os')).loadavg()[0],
    };
  } finally {
    await env.stop();
  }
}
