/**
 * events.k8s.io/v1 Events (controller-runtime's mgr.GetEventRecorder, what kubebuilder now
 * scaffolds): regarding and related objects, action, reportingController/Instance, and repeats
 * folded into a series as client-go's events broadcaster does, through the test API server.
 */
import { EventsV1Api, type EventsV1Event } from '@kubernetes/client-node';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSeriesBroadcaster } from '../../../src/runtime/events/index.js';
import { Manager } from '../../../src/runtime/manager/index.js';
import { builtinScheme } from '../../../src/runtime/scheme/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { eventually } from '../../../src/testing/index.js';
import { describeBackends } from '../../support/backends.js';
import type { TestEnvironment } from '../../support/environment.js';

describeBackends('events.k8s.io/v1 events', (backend) => {
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
    metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '3' },
  });
  const job = (name: string) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: 'default', uid: `uid-${name}` } });

  async function eventsRegarding(name: string): Promise<EventsV1Event[]> {
    const list = await api.kubeConfig.makeApiClient(EventsV1Api).listNamespacedEvent({ namespace: 'default' });
    return list.items.filter((e) => e.regarding?.name === name);
  }

  describe('EventSeriesBroadcaster (events.k8s.io/v1)', () => {
    it('writes an Event with regarding, related, action, note and the reporting controller and instance', async () => {
      const broadcaster = new EventSeriesBroadcaster({ kubeConfig: api.kubeConfig, log: quiet });
      const recorder = broadcaster.newRecorder('cronjob-controller');
      recorder.eventf(cronJob('nightly'), job('nightly-1'), 'Normal', 'Created', 'CreateJob', 'created job %s', 'nightly-1');
      await broadcaster.flush();
      const [event, ...rest] = await eventsRegarding('nightly');
      expect(rest).toEqual([]);
      expect(event).toMatchObject({
        type: 'Normal',
        reason: 'Created',
        action: 'CreateJob',
        note: 'created job nightly-1',
        reportingController: 'cronjob-controller',
        reportingInstance: `cronjob-controller-${hostname()}`,
        regarding: { apiVersion: 'batch.my.domain/v1', kind: 'CronJob', name: 'nightly', namespace: 'default', uid: 'uid-nightly' },
        related: { apiVersion: 'batch/v1', kind: 'Job', name: 'nightly-1', uid: 'uid-nightly-1' },
        metadata: { namespace: 'default' },
      });
      expect(event.metadata?.name).toMatch(/^nightly\.[0-9a-f]+$/);
      expect(event.eventTime).toBeTruthy();
      expect(event.series).toBeUndefined();
      await broadcaster.shutdown();
    });

    it('folds repeats (same regarding, related, action, reason and controller) into a series: written at the second, refreshed later', async () => {
      const broadcaster = new EventSeriesBroadcaster({ kubeConfig: api.kubeConfig, log: quiet, seriesRefreshMs: 100 });
      const recorder = broadcaster.newRecorder('cronjob-controller');
      recorder.eventf(cronJob('repeat'), null, 'Warning', 'BackOff', 'RunJob', 'attempt %d failed', 1);
      recorder.eventf(cronJob('repeat'), null, 'Warning', 'BackOff', 'RunJob', 'attempt %d failed', 2);
      await broadcaster.flush();
      let events = await eventsRegarding('repeat');
      expect(events).toHaveLength(1);
      expect(events[0].note).toBe('attempt 1 failed'); // the note of the first stays
      expect(events[0].series?.count).toBe(2);
      expect(events[0].series?.lastObservedTime).toBeTruthy();

      recorder.eventf(cronJob('repeat'), null, 'Warning', 'BackOff', 'RunJob', 'attempt %d failed', 3);
      recorder.eventf(cronJob('repeat'), null, 'Warning', 'BackOff', 'OtherAction', 'another action is another event');
      await eventually(async () => {
        events = await eventsRegarding('repeat');
        return events.some((e) => e.series?.count === 3);
      }, 'the periodic refresh to write the series count');
      expect(events.map((e) => e.action).sort()).toEqual(['OtherAction', 'RunJob']);
      await broadcaster.shutdown();
    });

    it('drops events of an unknown type or about an object it cannot name, and writes the count of a series on shutdown', async () => {
      const broadcaster = new EventSeriesBroadcaster({ kubeConfig: api.kubeConfig, log: quiet });
      const recorder = broadcaster.newRecorder('c');
      recorder.eventf(cronJob('dropped'), null, 'Info' as 'Normal', 'Odd', 'Act', 'never written');
      recorder.eventf({ metadata: { name: 'no-kind' } }, null, 'Normal', 'Odd', 'Act', 'never written');
      for (let i = 0; i < 5; i++) recorder.eventf(cronJob('counted'), null, 'Normal', 'Synced', 'Sync', 'synced');
      await broadcaster.shutdown();
      expect(await eventsRegarding('dropped')).toEqual([]);
      expect(await eventsRegarding('no-kind')).toEqual([]);
      const [counted] = await eventsRegarding('counted');
      expect(counted?.series?.count).toBe(5);
    });

    it('is the manager\'s getEventRecorder(name), flushed when the manager stops', async () => {
      const mgr = await Manager.create({ scheme: builtinScheme(), kubeConfig: api.kubeConfig, handleSignals: false, logger: quiet });
      const recorder = mgr.getEventRecorder('memcached-controller');
      const running = mgr.start();
      recorder.eventf(cronJob('managed'), null, 'Normal', 'Reconciled', 'Reconcile', 'done');
      mgr.stop();
      await running;
      const [event] = await eventsRegarding('managed');
      expect(event).toMatchObject({ reportingController: 'memcached-controller', action: 'Reconcile', note: 'done' });
    });
  });
});
