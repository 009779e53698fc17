/*
Copyright 2026 The cronjob Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// End-to-end tests: the manager deployed with `make deploy` into the cluster of the current kubeconfig
// context (a kind cluster: `make test-e2e` creates one), its metrics endpoint and the samples.
// Run them with `make test-e2e` or `npm run test:e2e`; `npm test` does not run them.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  applySamples,
  bindMetricsReader,
  controllerNames,
  deploy,
  deleteSamples,
  hasSamples,
  managerPods,
  metricsServiceName,
  namespace,
  scrapeMetrics,
  serviceAccountToken,
  successfulReconciles,
  undeploy,
} from './project.js';
import { kubectl } from './utils.js';

/** Retries `check` every second until it passes or `timeoutMs` has passed; then throws its last error. */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** The output of a kubectl command, or why it failed: for the report of a failed test. */
async function describeFailure(...args: string[]): Promise<string> {
  return kubectl(...args).catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
}

describe.skipIf(inject('e2eSkipReason') !== '')('Manager', () => {
  let controllerPodName = '';
  let token = '';

  beforeAll(async () => {
    await deploy();
  });

  afterAll(async () => {
    await kubectl('delete', 'pod', 'curl-metrics', 'curl-metrics-samples', '-n', namespace, '--ignore-not-found').catch(() => '');
    if (hasSamples()) await deleteSamples().catch(() => undefined);
    await undeploy();
  });

  // After a failed test: the manager's logs, the namespace's events and the pod's description.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    console.log(`controller logs:\n${await describeFailure('logs', controllerPodName, '-n', namespace)}`);
    console.log(`events:\n${await describeFailure('get', 'events', '-n', namespace, '--sort-by=.lastTimestamp')}`);
    console.log(`curl-metrics logs:\n${await describeFailure('logs', 'curl-metrics', '-n', namespace)}`);
    console.log(`pod description:\n${await describeFailure('describe', 'pod', controllerPodName, '-n', namespace)}`);
  });

  it('runs the controller-manager pod until it is Ready', async () => {
    await eventually(async () => {
      const pods = await managerPods();
      expect(pods.map((pod) => pod.metadata.name), 'one controller-manager pod').toHaveLength(1);
      const pod = pods[0];
      controllerPodName = pod.metadata.name;
      expect(controllerPodName).toContain('controller-manager');
      expect(pod.status?.phase).toBe('Running');
      expect(pod.status?.conditions?.find((c) => c.type === 'Ready')?.status, 'Ready condition').toBe('True');
    }, 180_000);
  });

  it('serves metrics to a service account bound to the metrics-reader ClusterRole', async () => {
    await bindMetricsReader();
    await kubectl('get', 'service', metricsServiceName, '-n', namespace);
    token = await eventually(serviceAccountToken);
    expect(token).not.toBe('');

    await eventually(async () => {
      expect(await kubectl('logs', controllerPodName, '-n', namespace)).toContain('serving metrics server');
    }, 180_000);

    const metrics = await scrapeMetrics('curl-metrics', token);
    expect(metrics).toContain('< HTTP/1.1 200 OK');
    expect(metrics).toContain('controller_runtime_');
  });

  it('reconciles the samples in config/samples', async (context) => {
    if (!hasSamples()) {
      context.skip('config/samples has no kustomization.yaml yet (`scaffolder create api` adds the first sample)');
    }
    // Retried while the webhooks (if any) are not serving yet; an invalid sample fails with the API
    // server's message: TODO(user): fill in the samples' required fields.
    const samples = await eventually(applySamples);
    expect(samples.length, 'samples applied').toBeGreaterThan(0);
    // Each sample's controller counts a reconcile that ended without an error.
    // TODO(user): check what your controllers do with the samples: their status, the objects they own.
    await eventually(async () => {
      const metrics = await scrapeMetrics('curl-metrics-samples', token);
      for (const sample of samples) {
        expect(successfulReconciles(metrics, controllerNames(sample)), `reconciles of ${sample.kind} ${sample.name}`).toBeGreaterThan(0);
      }
    }, 300_000);
  });
});
