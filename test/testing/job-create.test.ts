/**
 * What a Job is given at create, as kube-apiserver gives it: SetDefaults_Job's values, and the
 * selector and pod labels its strategy generates from the Job's uid unless spec.manualSelector.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnvironment } from '../support/environment.js';
import { admissionResponse, jsonPatch, startWebhookServer } from './admission/https-webhook-server.js';
import { invalidStatus } from './support.js';

let env: TestEnvironment;
let batch: k8s.BatchV1Api;
const namespace = 'default';

beforeAll(async () => {
  env = await startEnv();
  batch = env.kubeConfig.makeApiClient(k8s.BatchV1Api);
});
afterAll(() => env.stop());

const podSpec: k8s.V1PodSpec = { restartPolicy: 'Never', containers: [{ name: 'work', image: 'busybox:1.36' }] };

function generated(name: string, uid: string): Record<string, string> {
  return { 'job-name': name, 'batch.kubernetes.io/job-name': name, 'controller-uid': uid, 'batch.kubernetes.io/controller-uid': uid };
}

describe('a Job created without a manual selector', () => {
  it('selects its pods by its uid, with the generated labels on its template, and the defaults of SetDefaults_Job', async () => {
    const job = await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'pi' }, spec: { template: { metadata: { labels: { app: 'pi' } }, spec: podSpec } } } });
    const uid = job.metadata!.uid!;
    expect(job.spec!.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
    expect(job.spec!.template.metadata!.labels).toEqual({ app: 'pi', ...generated('pi', uid) });
    expect(job.spec).toMatchObject({ completions: 1, parallelism: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, manualSelector: false, podReplacementPolicy: 'TerminatingOrFailed' });
    // Go gives a Job without labels its template's label map itself, so the generated labels are the Job's too.
    expect(job.metadata!.labels).toEqual({ app: 'pi', ...generated('pi', uid) });
    // As stored, not only as answered.
    expect((await batch.readNamespacedJob({ namespace, name: 'pi' })).metadata!.labels).toEqual(job.metadata!.labels);
  });

  it('keeps labels of its own, and without any takes the generated ones of its template (as read back from storage)', async () => {
    const own = await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'own', labels: { team: 'a' } }, spec: { template: { metadata: { labels: { app: 'x' } }, spec: podSpec } } } });
    expect(own.metadata!.labels).toEqual({ team: 'a' });
    const bare = await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'bare' }, spec: { template: { spec: podSpec } } } });
    expect(bare.spec!.template.metadata!.labels).toEqual(generated('bare', bare.metadata!.uid!));
    // kube-apiserver defaults a Job's labels again when it reads the created Job from storage.
    expect(bare.metadata!.labels).toEqual(bare.spec!.template.metadata!.labels);
  });

  it('is a work queue when only parallelism is given (completions stay unset), and fails pods over on a failure policy', async () => {
    const queue = await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'queue' }, spec: { parallelism: 3, template: { spec: podSpec } } } });
    expect([queue.spec!.completions, queue.spec!.parallelism]).toEqual([undefined, 3]);
    const policy = await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'policy' }, spec: {
      podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [42] } }] }, template: { spec: podSpec } } } });
    expect(policy.spec!.podReplacementPolicy).toBe('Failed');
  });

  it('keeps its selector through updates that leave it out', async () => {
    const job = await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'suspended' }, spec: { suspend: true, template: { spec: podSpec } } } });
    const patched = await batch.patchNamespacedJob({ namespace, name: 'suspended', body: { spec: { suspend: false } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
    expect(patched.spec!.selector).toEqual(job.spec!.selector);
  });
});

describe("a Job's selector is refused as validateGeneratedSelector and ValidateJobSpec refuse it", () => {
  it('when the Job sets a selector of its own without spec.manualSelector', async () => {
    const refused = await invalidStatus(batch.createNamespacedJob({ namespace, body: { metadata: { name: 'own-selector' }, spec: {
      selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: podSpec } } } }), { causeMessages: true });
    expect(refused.causes).toHaveLength(1);
    expect(refused.causes[0]).toMatchObject({ field: 'spec.selector', reason: 'FieldValueInvalid' });
    expect(refused.causes[0].message).toMatch(/^Invalid value: \{"matchLabels":\{"app":"x","batch\.kubernetes\.io\/controller-uid":"[0-9a-f-]+"\}\}: `selector` not auto-generated$/);
  });

  it('when the template sets a generated label to another value', async () => {
    const refused = await invalidStatus(batch.createNamespacedJob({ namespace, body: { metadata: { name: 'wrong-name' }, spec: {
      template: { metadata: { labels: { 'job-name': 'other' } }, spec: podSpec } } } }), { causeMessages: true });
    // The generated selector names only the uid, so it still selects what would be generated.
    expect(refused.message).toMatch(/^Job\.batch "wrong-name" is invalid: spec\.template\.metadata\.labels\[job-name\]: Invalid value: \{"batch\.kubernetes\.io\/controller-uid":"[0-9a-f-]+","batch\.kubernetes\.io\/job-name":"wrong-name","controller-uid":"[0-9a-f-]+","job-name":"other"\}: must be 'wrong-name'$/);
  });

  it('when a manual selector is missing or does not select the template', async () => {
    const missing = await invalidStatus(batch.createNamespacedJob({ namespace, body: { metadata: { name: 'no-selector' }, spec: { manualSelector: true, template: { spec: podSpec } } } }), { causeMessages: true });
    expect(missing.causes).toEqual([{ field: 'spec.selector', reason: 'FieldValueRequired', message: 'Required value' }]);
    const mismatch = await invalidStatus(batch.createNamespacedJob({ namespace, body: { metadata: { name: 'mismatch' }, spec: {
      manualSelector: true, selector: { matchLabels: { run: 'a' } }, template: { metadata: { labels: { run: 'b' } }, spec: podSpec } } } }), { causeMessages: true });
    expect(mismatch.causes).toEqual([{ field: 'spec.template.metadata.labels', reason: 'FieldValueInvalid', message: 'Invalid value: {"run":"b"}: `selector` does not match template `labels`' }]);
  });
});

describe('a Job with spec.manualSelector', () => {
  it('gets no generated selector or labels', async () => {
    const job = await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'manual' }, spec: {
      manualSelector: true, selector: { matchLabels: { run: 'manual' } }, template: { metadata: { labels: { run: 'manual' } }, spec: podSpec } } } });
    expect(job.spec!.selector).toEqual({ matchLabels: { run: 'manual' } });
    expect(job.spec!.template.metadata!.labels).toEqual({ run: 'manual' });
  });
});

describe('mutating admission of a Job', () => {
  it('runs before the strategy prepares it, as in kube-apiserver: webhooks see no generated selector, and what they add stays', async () => {
    const server = await startWebhookServer();
    const admission = env.kubeConfig.makeApiClient(k8s.AdmissionregistrationV1Api);
    try {
      const seen: { spec: { selector?: unknown; template: { metadata?: { labels?: Record<string, string> } } } }[] = [];
      server.handle('/mutate', (review) => {
        seen.push((review.request as { object: (typeof seen)[number] }).object);
        return admissionResponse(review, { allowed: true, ...jsonPatch([{ op: 'add', path: '/spec/template/metadata/labels/injected', value: 'yes' }]) });
      });
      await admission.createMutatingWebhookConfiguration({ body: { metadata: { name: 'jobs' }, webhooks: [{
        name: 'jobs.example.com', admissionReviewVersions: ['v1'], sideEffects: 'None', failurePolicy: 'Fail',
        clientConfig: { url: `${server.url}/mutate`, caBundle: server.caBundle },
        rules: [{ apiGroups: ['batch'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['jobs'] }],
      }] } });
      const job = await batch.createNamespacedJob({ namespace, body: { metadata: { name: 'admitted' }, spec: { template: { metadata: { labels: { app: 'a' } }, spec: podSpec } } } });
      expect(seen.map((o) => [o.spec.selector, o.spec.template.metadata?.labels])).toEqual([[undefined, { app: 'a' }]]);
      expect(job.spec!.template.metadata!.labels).toEqual({ app: 'a', injected: 'yes', ...generated('admitted', job.metadata!.uid!) });
      expect(job.spec!.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': job.metadata!.uid } });
    } finally {
      await admission.deleteMutatingWebhookConfiguration({ name: 'jobs' });
      await server.close();
    }
  });
});
