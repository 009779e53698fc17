import { CoreV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventRecorderFor, eventBroadcasterFor } from '../../../src/runtime/events/index.js';
import { Manager } from '../../../src/runtime/manager/index.js';
import { builtinScheme } from '../../../src/runtime/scheme/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { describeBackends } from '../../support/backends.js';
import type { TestEnvironment } from '../../support/environment.js';

describeBackends('manager event recorders', (backend) => {
  let api: TestEnvironment;
  beforeAll(async () => {
    api = await backend.start();
  });
  afterAll(async () => {
    await api?.stop();
  });

  describe('getEventRecorderFor(mgr, name)', () => {
    it('shares one broadcaster per manager and flushes it when the manager stops', async () => {
      const mgr = await Manager.create({
        scheme: builtinScheme(),
        kubeConfig: api.kubeConfig,
        handleSignals: false,
        logger: newLogger({ level: 'error', output: { write: () => true } }),
      });
      const recorder = getEventRecorderFor(mgr, 'cronjob-controller');
      expect(eventBroadcasterFor(mgr)).toBe(eventBroadcasterFor(mgr));
      const running = mgr.start();
      const target = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'default', uid: 'u' } };
      for (let i = 0; i < 20; i++) recorder.eventf(target, 'Normal', 'Synced', 'synced %d', i % 2);
      mgr.stop();
      await running;
      // Everything recorded before stop was written: 2 distinct messages, 10 repeats each.
      const events = (await api.kubeConfig.makeApiClient(CoreV1Api).listNamespacedEvent({ namespace: 'default', fieldSelector: 'involvedObject.name=cfg' })).items;
      expect(events.map((e) => [e.message, e.count, e.source?.component]).sort()).toEqual([
        ['synced 0', 10, 'cronjob-controller'],
        ['synced 1', 10, 'cronjob-controller'],
      ]);
    });
  });
});
