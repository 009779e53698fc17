/**
 * The test API server's watch fan-out: 50 watchers of ConfigMaps in one namespace (a manager's
 * informers and several test clients), then 200 ConfigMaps created; the time until every watcher
 * has received every ADDED event, per event. Its peer, in alternating rounds of the same run, is one
 * watcher. Each round also counts how often the server JSON-encoded one of those ConfigMaps, per
 * object: an event serialized once whatever the number of watchers counts the same with 1 and 50.
 */
import { request } from 'node:http';
import * as k8s from '@kubernetes/client-node';
import { startTestEnvironment } from '../src/testing/index.js';
import { loadAverages, median, spread } from './stats.js';

const WATCHERS = 50;
const OBJECTS = 200;
const ROUNDS = 5;

/** Calls of JSON.stringify on an object of `namespace` (what the server encodes for watches and answers). */
function countEncodes(namespace: string): { count: () => number; restore: () => void } {
  const stringify = JSON.stringify;
  let n = 0;
  JSON.stringify = function (this: JSON, value: unknown, ...rest: unknown[]) {
    if ((value as { metadata?: { namespace?: string } } | null)?.metadata?.namespace === namespace) n++;
    return (stringify as (...a: unknown[]) => string).call(this, value, ...rest);
  } as typeof JSON.stringify;
  return { count: () => n, restore: () => void (JSON.stringify = stringify) };
}

export default async function (): Promise<Record<string, number | string>> {
  const loadBefore = loadAverages();
  const env = await startTestEnvironment();
  try {
    const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
    const server = new URL(env.kubeConfig.getCurrentCluster()!.server);
    const perEvent = { 1: [] as number[], [WATCHERS]: [] as number[] };
    const encodes = { 1: [] as number[], [WATCHERS]: [] as number[] };
    for (let round = 0; round < 2 * ROUNDS; round++) {
      const watcherCount = round % 2 === 0 ? WATCHERS : 1;
      const namespace = `fanout-${round}`;
      await core.createNamespace({ body: { metadata: { name: namespace } } });
      let pending = watcherCount * OBJECTS;
      let done!: () => void;
      const all = new Promise<void>((resolve) => (done = resolve));
      const watchers = await Promise.all(Array.from({ length: watcherCount }, () => new Promise<import('node:http').ClientRequest>((resolve, reject) => {
        const req = request({ host: server.hostname, port: server.port, path: `/api/v1/namespaces/${namespace}/configmaps?watch=true&resourceVersion=1`, agent: false, headers: { Authorization: `Bearer ${env.server.token}` } }, (res) => {
          // The server answers only its own token (a refused watch would leave the round waiting forever).
          if (res.statusCode !== 200) reject(new Error(`watch answered ${res.statusCode}`));
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
      const counter = countEncodes(namespace);
      const t = performance.now();
      await Promise.all(Array.from({ length: OBJECTS }, (_, i) => core.createNamespacedConfigMap({ namespace, body: { metadata: { name: `cm-${i}`, labels: { app: 'fanout' } }, data: { key: 'x'.repeat(512), labels: JSON.stringify(Array.from({ length: 200 }, (_, j) => ({ name: `entry-${j}`, value: j, nested: { a: [1, 2, 3], b: 'text' } }))) } } })));
      await all;
      perEvent[watcherCount].push((performance.now() - t) / OBJECTS);
      counter.restore();
      encodes[watcherCount].push(counter.count() / OBJECTS);
      for (const w of watchers) w.destroy();
    }
    return {
      'load average (1 5 15 min) before': loadBefore,
      [`create + deliver to ${WATCHERS} watchers, per object (ms)`]: spread(perEvent[WATCHERS]),
      '  peer: create + deliver to 1 watcher, per object (ms)': spread(perEvent[1]),
      [`  ratio ${WATCHERS} watchers / 1 (median of rounds)`]: median(perEvent[WATCHERS]) / median(perEvent[1]),
      [`JSON encodes per object, ${WATCHERS} watchers / 1 watcher`]: `${spread(encodes[WATCHERS])} / ${spread(encodes[1])}`,
      'load average (1 5 15 min) after': loadAverages(),
      note: `median (min-max) over ${ROUNDS} rounds each, ${WATCHERS} watchers and 1 watcher alternating; encodes count the create answer too`,
    };
  } finally {
    await env.stop();
  }
}
