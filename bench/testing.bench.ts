/**
 * The test API server: start-up with the multiversion CronJob CRD loaded, and a create/get
 * round trip through @kubernetes/client-node. Targets: start-up < 300 ms, round trip < 2 ms.
 */
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { startTestEnvironment } from '../src/testing/index.js';
import { conformanceDir } from '../test/support/shared-paths.js';
import { loadAverages, median, spread } from './stats.js';

const CRD_DIR = path.join(conformanceDir, 'kubebuilder', 'multiversion-tutorial');
const STARTS = 10;
const ROUND_TRIPS = 500;
const ROUNDS = 5;

export default async function (): Promise<Record<string, number | string>> {
  const loadBefore = loadAverages();
  const starts: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const t = performance.now();
    const env = await startTestEnvironment({ crdDirectoryPaths: [CRD_DIR], errorIfCRDPathMissing: true });
    starts.push(performance.now() - t);
    await env.stop();
  }

  const env = await startTestEnvironment({ crdDirectoryPaths: [CRD_DIR] });
  const custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
  const core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
  const group = 'batch.tutorial.kubebuilder.io';
  const roundTrip = async (i: number): Promise<void> => {
    const name = `cj-${i}`;
    await custom.createNamespacedCustomObject({
      group, version: 'v1', namespace: 'default', plural: 'cronjobs',
      body: { apiVersion: `${group}/v1`, kind: 'CronJob', metadata: { name }, spec: { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'i' }], restartPolicy: 'Never' } } } } } },
    });
    await custom.getNamespacedCustomObject({ group, version: 'v1', namespace: 'default', plural: 'cronjobs', name });
  };
  // Steady state: warm the server, the client and the JIT first.
  for (let i = 0; i < 300; i++) await roundTrip(-i - 1);
  // Rounds of 100 round trips of each kind, in alternating order, so that load falls on all of
  // them; each figure is the median over rounds of each round's median, with the spread.
  const trips: number[] = [];
  const roundMedians = { cronJob: [] as number[], configMap: [] as number[], direct: [] as number[] };
  let n = 0;
  const measure = async (one: (i: number) => Promise<void>): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < ROUND_TRIPS / ROUNDS; i++) {
      const t = performance.now();
      await one(n++);
      times.push(performance.now() - t);
    }
    return median(times);
  };
  const cronJob = async () => {
    const times: number[] = [];
    const m = await measure(async (i) => {
      const t = performance.now();
      await roundTrip(i);
      times.push(performance.now() - t);
    });
    trips.push(...times);
    roundMedians.cronJob.push(m);
  };
  const configMap = async () => {
    roundMedians.configMap.push(await measure(async (i) => {
      await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: `cm-${i}` }, data: { k: 'v' } } });
      await core.readNamespacedConfigMap({ namespace: 'default', name: `cm-${i}` });
    }));
  };
  // The server's own share: the same write and read without HTTP and client-node.
  const direct = async () => {
    roundMedians.direct.push(await measure(async (i) => {
      await env.server.createObject({ apiVersion: `${group}/v1`, kind: 'CronJob', metadata: { name: `direct-${i}`, namespace: 'default' }, spec: { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'i' }], restartPolicy: 'Never' } } } } } });
      await env.server.getObject({ apiVersion: `${group}/v1`, kind: 'CronJob', namespace: 'default', name: `direct-${i}` });
    }));
  };
  for (let r = 0; r < ROUNDS; r++) {
    const order = [cronJob, configMap, direct];
    if (r % 2 === 1) order.reverse();
    for (const pass of order) await pass();
  }
  const listStart = performance.now();
  await custom.listNamespacedCustomObject({ group, version: 'v1', namespace: 'default', plural: 'cronjobs' });
  const listMs = performance.now() - listStart;
  await env.stop();
  return {
    'first start-up (ms; cold: module loading, YAML parsing)': starts[0],
    'start-up median (ms), target < 300': median(starts),
    'CronJob create+get median (ms), target < 2': spread(roundMedians.cronJob),
    'CronJob create+get p90 (ms)': [...trips].sort((a, b) => a - b)[Math.floor(trips.length * 0.9)],
    '  peer: ConfigMap create+get median (ms)': spread(roundMedians.configMap),
    '  floor: CronJob create+get in-process, no HTTP (ms)': spread(roundMedians.direct),
    [`list of ${2 * ROUND_TRIPS + 300} CronJobs (ms)`]: listMs,
    'load average (1 5 15 min) before': loadBefore,
    'load average (1 5 15 min) after': loadAverages(),
    note: `round-trip figures: median (min-max) over ${ROUNDS} rounds of ${ROUND_TRIPS / ROUNDS}, CronJob, ConfigMap and in-process alternating`,
  };
}
