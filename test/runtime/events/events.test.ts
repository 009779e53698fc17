import { CoreV1Api, type CoreV1Event } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBroadcaster, EventCorrelator, sprintf } from '../../../src/runtime/events/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { describeBackends } from '../../support/backends.js';
import type { TestEnvironment } from '../../support/environment.js';

describeBackends('core/v1 events', (backend) => {
  const quiet = newLogger({ level: 'error', output: { write: () => true } });
  let api: TestEnvironment;

  beforeAll(async () => {
    api = await backend.start();
  });
  afterAll(async () => {
    await api?.stop();
  });

  const cronJob = (name: string) => ({
    apiVersion: 'batch.my.domain/v1',
    kind: 'CronJob',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '12' },
  });

  async function eventsAbout(name: string): Promise<CoreV1Event[]> {
    const list = await api.kubeConfig.makeApiClient(CoreV1Api).listNamespacedEvent({
      namespace: 'default',
      fieldSelector: `involvedObject.name=${name}`,
    });
    return list.items;
  }

  describe('EventBroadcaster through the test API server', () => {
    it('writes a core/v1 Event about the object', async () => {
      const broadcaster = new EventBroadcaster({ kubeConfig: api.kubeConfig, host: 'node-1', log: quiet });
      const recorder = broadcaster.newRecorder('cronjob-controller');
      recorder.eventf(cronJob('nightly'), 'Normal', 'Created', 'Created job %s (%d of %d)', 'nightly-1', 1, 3);
      await broadcaster.flush();

      const [event, ...rest] = await eventsAbout('nightly');
      expect(rest).toEqual([]);
      expect(event).toMatchObject({
        type: 'Normal',
        reason: 'Created',
        message: 'Created job nightly-1 (1 of 3)',
        count: 1,
        source: { component: 'cronjob-controller', host: 'node-1' },
        involvedObject: { apiVersion: 'batch.my.domain/v1', kind: 'CronJob', name: 'nightly', namespace: 'default', uid: 'uid-nightly', resourceVersion: '12' },
        metadata: { namespace: 'default' },
      });
      expect(event.metadata?.name).toMatch(/^nightly\.[0-9a-f]+$/);
      expect(String(event.firstTimestamp)).toBe(String(event.lastTimestamp));
    });

    it('deduplicates identical events by bumping the count of the Event already written', async () => {
      const broadcaster = new EventBroadcaster({ kubeConfig: api.kubeConfig, log: quiet });
      const recorder = broadcaster.newRecorder('cronjob-controller');
      for (let i = 0; i < 4; i++) recorder.event(cronJob('dedup'), 'Warning', 'BackOff', 'job failed');
      recorder.event(cronJob('dedup'), 'Warning', 'BackOff', 'a different message');
      await broadcaster.flush();

      const events = await eventsAbout('dedup');
      const byMessage = new Map(events.map((e) => [e.message, e]));
      expect(events).toHaveLength(2);
      expect(byMessage.get('job failed')).toMatchObject({ count: 4, type: 'Warning', reason: 'BackOff' });
      expect(byMessage.get('a different message')).toMatchObject({ count: 1 });
    });

    it('writes the event anew when the deduplicated Event was deleted', async () => {
      const broadcaster = new EventBroadcaster({ kubeConfig: api.kubeConfig, log: quiet });
      const recorder = broadcaster.newRecorder('c');
      recorder.event(cronJob('deleted'), 'Normal', 'Synced', 'ok');
      await broadcaster.flush();
      const [first] = await eventsAbout('deleted');
      await api.kubeConfig.makeApiClient(CoreV1Api).deleteNamespacedEvent({ name: first.metadata.name!, namespace: 'default' });
      recorder.event(cronJob('deleted'), 'Normal', 'Synced', 'ok');
      await broadcaster.flush();
      const again = await eventsAbout('deleted');
      expect(again).toHaveLength(1);
      expect(again[0].metadata?.name).toBe(first.metadata.name);
      expect(again[0].count).toBe(2);
    });

    it('retries server errors and drops events it cannot attribute', async () => {
      const errors: string[] = [];
      const log = newLogger({ level: 'error', output: { write: (line: string) => errors.push(line) } });
      const broadcaster = new EventBroadcaster({ kubeConfig: api.kubeConfig, log });
      const recorder = broadcaster.newRecorder('c');
      const fault = api.server.failNext({ code: 500, count: 2, method: 'POST', path: /events/ });
      recorder.event(cronJob('retried'), 'Normal', 'Synced', 'ok');
      recorder.event({ metadata: { name: 'no-kind' } }, 'Normal', 'Synced', 'ok');
      recorder.event(cronJob('bad-type'), 'Info' as 'Normal', 'Synced', 'ok');
      await broadcaster.flush();
      expect(fault.hits).toBe(2);
      expect(await eventsAbout('retried')).toHaveLength(1);
      expect(await eventsAbout('no-kind')).toHaveLength(0);
      expect(errors.join('')).toMatch(/no apiVersion or kind/);
      expect(errors.join('')).toMatch(/unsupported event type: \\"Info\\"/);
    });

    it('accepts an object reference and annotations', async () => {
      const broadcaster = new EventBroadcaster({ kubeConfig: api.kubeConfig, log: quiet });
      broadcaster
        .newRecorder('c')
        .annotatedEventf({ kind: 'Node', apiVersion: 'v1', name: 'worker-1' }, { 'example.com/run': '7' }, 'Normal', 'Rebooted', 'rebooted %q', 'worker-1');
      await broadcaster.flush();
      const [event] = await eventsAbout('worker-1');
      // A cluster-scoped object's events go to the default namespace.
      expect(event).toMatchObject({ message: 'rebooted "worker-1"', metadata: { namespace: 'default', annotations: { 'example.com/run': '7' } } });
    });
  });

  describe('EventCorrelator', () => {
    const base = (message: string): CoreV1Event => ({
      metadata: { name: 'x.1', namespace: 'default' },
      involvedObject: { kind: 'Pod', name: 'p', namespace: 'default', uid: 'u' },
      reason: 'Failed',
      type: 'Warning',
      message,
      source: { component: 'c' },
      lastTimestamp: '2026-01-01T00:00:00Z' as unknown as Date,
    });

    it('combines many similar events and rate-limits an object that floods', () => {
      let now = 0;
      const correlator = new EventCorrelator({ maxSimilarEvents: 3, spamBurst: 5, spamRefillMs: 1000, now: () => now });
      const decisions = ['a', 'b', 'c', 'd'].map((m) => correlator.correlate(base(m)));
      expect(decisions.map((d) => d.action)).toEqual(['create', 'create', 'create', 'create']);
      expect(decisions[2].action === 'create' && decisions[2].event.message).toBe('(combined from similar events): c');
      const combined = decisions[2];
      if (combined.action !== 'create') throw new Error('unreachable');
      correlator.written(combined.key, { ...combined.event, count: 1, metadata: { name: 'x.1' } });
      const next = correlator.correlate(base('e'));
      expect(next).toMatchObject({ action: 'patch', count: 2, message: '(combined from similar events): e' });
      // Burst of 5 spent: the sixth is dropped until a token refills.
      expect(correlator.correlate(base('f')).action).toBe('drop');
      now += 1000;
      expect(correlator.correlate(base('g')).action).not.toBe('drop');
    });

    it('formats Go-style verbs', () => {
      expect(sprintf('%s has %d pods (%v) %q %t 100%%', 'web', 3.7, { a: 1 }, 'x', true)).toBe('web has 3 pods ({"a":1}) "x" true 100%');
      expect(sprintf('%s and %s', 'one')).toBe('one and %!s(MISSING)');
      expect(sprintf('done', 1)).toBe('done%!(EXTRA 1)');
    });
  });
});
