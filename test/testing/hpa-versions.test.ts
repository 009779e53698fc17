/**
 * HorizontalPodAutoscaler in autoscaling/v1 and v2: one stored object (at v2) behind both, as
 * kube-apiserver serves it, with what v1 cannot hold carried in autoscaling.alpha.kubernetes.io annotations.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { collectEvents, credentials } from './support.js';
import { admissionResponse, jsonPatch, startWebhookServer } from './admission/https-webhook-server.js';

let env: TestEnvironment;
let v1: k8s.AutoscalingV1Api;
let v2: k8s.AutoscalingV2Api;

beforeAll(async () => {
  env = await startTestEnvironment();
  v1 = env.kubeConfig.makeApiClient(k8s.AutoscalingV1Api);
  v2 = env.kubeConfig.makeApiClient(k8s.AutoscalingV2Api);
});
afterAll(() => env.stop());

const namespace = 'default';
const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const METRICS = 'autoscaling.alpha.kubernetes.io/metrics';
const BEHAVIOR = 'autoscaling.alpha.kubernetes.io/behavior';
const CONDITIONS = 'autoscaling.alpha.kubernetes.io/conditions';
const CURRENT_METRICS = 'autoscaling.alpha.kubernetes.io/current-metrics';

const memory = (averageUtilization: number) => ({ type: 'Resource', resource: { name: 'memory', target: { type: 'Utilization', averageUtilization } } });
const cpu = (averageUtilization: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } });

describe('autoscaling/v1 HorizontalPodAutoscalers', () => {
  it('are created through v1 and read through v2 with the metrics and behavior of their annotations', async () => {
    const created = await v1.createNamespacedHorizontalPodAutoscaler({ namespace, body: {
      metadata: { name: 'from-v1', annotations: {
        team: 'web',
        [METRICS]: JSON.stringify([{ type: 'Pods', pods: { metricName: 'qps', targetAverageValue: '10' } }]),
        [BEHAVIOR]: JSON.stringify({ ScaleUp: null, ScaleDown: { StabilizationWindowSeconds: 60, SelectPolicy: null, Policies: null } }),
      } },
      spec: { scaleTargetRef: target, maxReplicas: 5, targetCPUUtilizationPercentage: 60 },
    } });
    // v1's defaults (minReplicas), and the annotations written again from the stored object.
    expect(created.apiVersion).toBe('autoscaling/v1');
    expect(created.spec).toEqual({ scaleTargetRef: target, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 60 });
    expect(JSON.parse(created.metadata!.annotations![METRICS])).toEqual([{ type: 'Pods', pods: { metricName: 'qps', targetAverageValue: '10' } }]);

    const read = await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'from-v1' });
    expect(read.apiVersion).toBe('autoscaling/v2');
    expect(read.metadata?.annotations).toEqual({ team: 'web' });
    expect(read.spec?.metrics).toEqual([
      { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } },
      cpu(60),
    ]);
    // The behavior of the annotation, with v2's defaults for what it leaves out.
    expect(read.spec?.behavior).toEqual({
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
      scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
    });
  });

  it('are decoded with the v1 schema: a field only v2 has is unknown there', async () => {
    const res = await fetch(`${env.server.url}/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers?fieldValidation=Strict`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...credentials(env.server) },
      body: JSON.stringify({ metadata: { name: 'strict' }, spec: { scaleTargetRef: target, maxReplicas: 2, metrics: [cpu(50)] } }),
    });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400,
      'HorizontalPodAutoscaler in version "v1" cannot be handled as a HorizontalPodAutoscaler: strict decoding error: unknown field "spec.metrics"']);
  });

  it('target 80% CPU when v1 names no metric', async () => {
    await v1.createNamespacedHorizontalPodAutoscaler({ namespace, body: { metadata: { name: 'implicit-cpu' }, spec: { scaleTargetRef: target, maxReplicas: 3 } } });
    const read = await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'implicit-cpu' });
    expect(read.spec).toEqual({ scaleTargetRef: target, minReplicas: 1, maxReplicas: 3, metrics: [cpu(80)] });
    const back = await v1.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'implicit-cpu' });
    expect(back.spec?.targetCPUUtilizationPercentage).toBe(80);
    expect(back.metadata?.annotations).toBeUndefined();
  });

  it('show a v2 object with a memory metric and a behavior through v1 in annotations', async () => {
    await v2.createNamespacedHorizontalPodAutoscaler({ namespace, body: {
      metadata: { name: 'from-v2' },
      spec: { scaleTargetRef: target, minReplicas: 2, maxReplicas: 6, metrics: [memory(70)], behavior: { scaleUp: { stabilizationWindowSeconds: 30 } } },
    } });
    const read = await v1.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'from-v2' });
    expect(read.apiVersion).toBe('autoscaling/v1');
    expect(read.spec).toEqual({ scaleTargetRef: target, minReplicas: 2, maxReplicas: 6 });
    const annotations = read.metadata!.annotations!;
    expect(JSON.parse(annotations[METRICS])).toEqual([{ type: 'Resource', resource: { name: 'memory', targetAverageUtilization: 70 } }]);
    // The internal Go type, marshalled without json tags.
    expect(JSON.parse(annotations[BEHAVIOR])).toEqual({
      ScaleUp: { StabilizationWindowSeconds: 30, SelectPolicy: 'Max', Policies: [{ Type: 'Pods', Value: 4, PeriodSeconds: 15 }, { Type: 'Percent', Value: 100, PeriodSeconds: 15 }], Tolerance: null },
      ScaleDown: { StabilizationWindowSeconds: null, SelectPolicy: 'Max', Policies: [{ Type: 'Percent', Value: 100, PeriodSeconds: 15 }], Tolerance: null },
    });
  });

  it('keep what only v2 has when a v1 client updates them', async () => {
    await v2.createNamespacedHorizontalPodAutoscaler({ namespace, body: {
      metadata: { name: 'round-trip' },
      spec: { scaleTargetRef: target, maxReplicas: 4, metrics: [cpu(50), memory(75)], behavior: { scaleDown: { stabilizationWindowSeconds: 120 } } },
    } });
    const condition = { type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', lastTransitionTime: new Date('2026-01-01T00:00:00Z') };
    const currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 42, averageValue: '120m' } } }];
    await v2.replaceNamespacedHorizontalPodAutoscalerStatus({ namespace, name: 'round-trip', body: {
      ...(await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'round-trip' })),
      status: { currentReplicas: 2, desiredReplicas: 2, currentMetrics, conditions: [condition] },
    } });
    const before = await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'round-trip' });

    const seen = await v1.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'round-trip' });
    expect(seen.spec?.targetCPUUtilizationPercentage).toBe(50);
    expect(seen.status).toMatchObject({ currentReplicas: 2, desiredReplicas: 2, currentCPUUtilizationPercentage: 42 });
    expect(JSON.parse(seen.metadata!.annotations![CONDITIONS])).toEqual([{ type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', lastTransitionTime: expect.stringMatching(/^2026-01-01T00:00:00/) }]);
    expect(JSON.parse(seen.metadata!.annotations![CURRENT_METRICS])).toEqual([{ type: 'Resource', resource: { name: 'cpu', currentAverageUtilization: 42, currentAverageValue: '120m' } }]);

    await v1.replaceNamespacedHorizontalPodAutoscaler({ namespace, name: 'round-trip', body: { ...seen, spec: { ...seen.spec, maxReplicas: 8, targetCPUUtilizationPercentage: 55 } } });
    const after = await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'round-trip' });
    expect(after.spec).toEqual({ ...before.spec, maxReplicas: 8, metrics: [memory(75), cpu(55)] });
    expect(after.status).toEqual(before.status);
    expect(after.metadata?.annotations).toBeUndefined();
  });

  it('keep their status through a v1 write of the spec without annotations, and take a v1 status write whole', async () => {
    await v2.createNamespacedHorizontalPodAutoscaler({ namespace, body: { metadata: { name: 'status-kept' }, spec: { scaleTargetRef: target, maxReplicas: 3 } } });
    const status = {
      currentReplicas: 1, desiredReplicas: 1,
      currentMetrics: [{ type: 'Resource', resource: { name: 'memory', current: { averageUtilization: 20, averageValue: '64Mi' } } }],
      conditions: [{ type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound' }],
    };
    await v2.replaceNamespacedHorizontalPodAutoscalerStatus({ namespace, name: 'status-kept', body: {
      ...(await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'status-kept' })), status } });

    // A desired-state write that knows nothing of the annotations: the status stays what it was.
    await v1.replaceNamespacedHorizontalPodAutoscaler({ namespace, name: 'status-kept', body: { metadata: { name: 'status-kept' }, spec: { scaleTargetRef: target, maxReplicas: 5 } } });
    const kept = await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'status-kept' });
    expect([kept.spec?.maxReplicas, kept.status]).toEqual([5, status]);

    // A status write through v1 brings its conditions in the annotation, as a v1 client sends them.
    const seen = await v1.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'status-kept' });
    const conditions = [{ type: 'ScalingActive', status: 'False', reason: 'FailedGetResourceMetric' }];
    await v1.replaceNamespacedHorizontalPodAutoscalerStatus({ namespace, name: 'status-kept', body: {
      ...seen, metadata: { ...seen.metadata, annotations: { ...seen.metadata!.annotations, [CONDITIONS]: JSON.stringify(conditions) } },
      status: { ...seen.status!, desiredReplicas: 2 } } });
    const written = await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'status-kept' });
    expect(written.status).toEqual({ ...status, desiredReplicas: 2, conditions });
    expect(written.metadata?.annotations).toBeUndefined();
  });

  it('are listed and watched through v1 when written through v2', async () => {
    const path = '/apis/autoscaling/v1/namespaces/watched/horizontalpodautoscalers';
    await env.kubeConfig.makeApiClient(k8s.CoreV1Api).createNamespace({ body: { metadata: { name: 'watched' } } });
    const watch = collectEvents(env.kubeConfig, path, {}, (events) => events.some((e) => e.type === 'ADDED'));
    await v2.createNamespacedHorizontalPodAutoscaler({ namespace: 'watched', body: {
      metadata: { name: 'seen' }, spec: { scaleTargetRef: target, maxReplicas: 2, metrics: [cpu(65), memory(90)] } } });
    const [event] = await watch.done;
    expect(event.object).toMatchObject({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', spec: { targetCPUUtilizationPercentage: 65 } });
    const listed = await v1.listNamespacedHorizontalPodAutoscaler({ namespace: 'watched' });
    expect(listed.apiVersion).toBe('autoscaling/v1');
    expect(listed.items.map((h) => [h.metadata?.name, h.spec.targetCPUUtilizationPercentage, JSON.parse(h.metadata!.annotations![METRICS])])).toEqual([
      ['seen', 65, [{ type: 'Resource', resource: { name: 'memory', targetAverageUtilization: 90 } }]],
    ]);
  });
});

describe('kubectl tables of HorizontalPodAutoscalers', () => {
  it('read alike through v1 and v2: the printer reads the stored object, as kube-apiserver prints from its internal version', async () => {
    await env.kubeConfig.makeApiClient(k8s.CoreV1Api).createNamespace({ body: { metadata: { name: 'printed' } } });
    await v2.createNamespacedHorizontalPodAutoscaler({ namespace: 'printed', body: {
      metadata: { name: 'web' }, spec: { scaleTargetRef: target, minReplicas: 2, maxReplicas: 6, metrics: [cpu(65), memory(90)] } } });
    const table = async (version: string, name = '') => {
      const res = await fetch(`${env.server.url}/apis/autoscaling/${version}/namespaces/printed/horizontalpodautoscalers${name}`, {
        headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io', ...credentials(env.server) },
      });
      const body = (await res.json()) as { columnDefinitions: { name: string }[]; rows: { cells: unknown[] }[] };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.rows.map((r) => {
        const { Age: age, ...cells } = Object.fromEntries(body.columnDefinitions.map((c, i) => [c.name, r.cells[i]])) as Record<string, unknown>;
        // Age is printed at each read, and two reads may fall on either side of a second.
        expect(age).toMatch(/^\d+s$/);
        return cells;
      });
    };
    const [viaV2] = await table('v2');
    expect(viaV2).toMatchObject({ Name: 'web', Reference: 'Deployment/web', Targets: 'cpu: <unknown>/65%, memory: <unknown>/90%', MinPods: '2', MaxPods: 6 });
    expect(await table('v1')).toEqual([viaV2]);
    expect(await table('v1', '/web')).toEqual([viaV2]);
  });
});

describe('admission webhooks registered for autoscaling/v2 only (matchPolicy Equivalent)', () => {
  it('see an HPA written through v1 at v2, and what they add reaches the stored object', async () => {
    const server = await startWebhookServer();
    const admission = env.kubeConfig.makeApiClient(k8s.AdmissionregistrationV1Api);
    try {
      const seen: { apiVersion: string; spec: Record<string, unknown> }[] = [];
      server.handle('/mutate', (review) => {
        seen.push((review.request as { object: (typeof seen)[number] }).object);
        return admissionResponse(review, { allowed: true, ...jsonPatch([{ op: 'add', path: '/spec/behavior', value: { scaleDown: { stabilizationWindowSeconds: 30 } } }]) });
      });
      await admission.createMutatingWebhookConfiguration({ body: { metadata: { name: 'hpa-v2' }, webhooks: [{
        name: 'hpa-v2.example.com', admissionReviewVersions: ['v1'], sideEffects: 'None', failurePolicy: 'Fail',
        clientConfig: { url: `${server.url}/mutate`, caBundle: server.caBundle },
        objectSelector: { matchLabels: { mutate: 'yes' } },
        rules: [{ apiGroups: ['autoscaling'], apiVersions: ['v2'], operations: ['CREATE'], resources: ['horizontalpodautoscalers'] }],
      }] } });

      const created = await v1.createNamespacedHorizontalPodAutoscaler({ namespace, body: {
        metadata: { name: 'mutated', labels: { mutate: 'yes' } }, spec: { scaleTargetRef: target, maxReplicas: 2, targetCPUUtilizationPercentage: 40 } } });
      expect(seen.map((o) => [o.apiVersion, o.spec.metrics])).toEqual([['autoscaling/v2', [cpu(40)]]]);
      expect(JSON.parse(created.metadata!.annotations![BEHAVIOR])).toMatchObject({ ScaleDown: { StabilizationWindowSeconds: 30 } });
      const stored = await v2.readNamespacedHorizontalPodAutoscaler({ namespace, name: 'mutated' });
      expect(stored.spec?.behavior?.scaleDown).toEqual({ stabilizationWindowSeconds: 30, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });
    } finally {
      await admission.deleteMutatingWebhookConfiguration({ name: 'hpa-v2' });
      await server.close();
    }
  });
});
