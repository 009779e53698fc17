/**
 * The test API server: start-up with the multiversion CronJob CRD loaded, and a create/get
 * round trip through @kubernetes/client-node. Targets: start-up < 300 ms, round trip < 2 ms.
 */
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { startTestEnvironment } from '../src/testing/index.js';
import { conformanceDir } from '../test/support/shared-paths.js';
import { median } from './stats.js';

const CRD_DIR = path.join(conformanceDir, 'kubebuilder', 'multiversion-tutorial');
const STARTS = 10;
const ROUND_TRIPS = 500;

export default async function (): Promise<Record<string, number | string>> {
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
  const trips: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const t = performance.now();
    await roundTrip(i);
    trips.push(performance.now() - t);
  }
  const cmTrips: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const t = performance.now();
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: `cm-${i}` }, data: { k: 'v' } } });
    await core.readNamespacedConfigMap({ namespace: 'default', name: `cm-${i}` });
    cmTrips.push(performance.now() - t);
  }
  // The server's own share: the same write and read without HTTP and client-node.
  const direct: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const t = performance.now();
    await env.server.createObject({ apiVersion: `${group}/v1`, kind: 'CronJob', metadata: { name: `direct-${i}`, namespace: 'default' }, spec: { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'i' }], restartPolicy: 'Never' } } } } } });
    await env.server.getObject({ apiVersion: `${group}/v1`, kind: 'CronJob', namespace: 'default', name: `direct-${i}` });
    direct.push(performance.now() - t);
  }
  const listStart = performance.now();
  await custom.listNamespacedCustomObject({ group, version: 'v1', namespace: 'default', plural: 'cronjobs' });
  const listMs = performance.now() - listStart;
  await env.stop();
  return {
    'first start-up (ms; cold: module loading, YAML parsing)': starts[0],
    'start-up median (ms), target < 300': median(starts),
    'CronJob create+get median (ms), target < 2': median(trips),
    'CronJob create+get p90 (ms)': [...trips].sort((a, b) => a - b)[Math.floor(trips.length * 0.9)],
    'ConfigMap create+get median (ms)': median(cmTrips),
    'CronJob create+get in-process, no HTTP (ms)': median(direct),
    [`list of ${2 * ROUND_TRIPS + 300} CronJobs (ms)`]: listMs,
    'load average (1 min) during the run': (await import('node:os')).loadavg()[0],
  };
}
