import { CoordinationV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderElector, type StoppedLeadingReason } from '../../../src/runtime/leaderelection/index.js';
import { newLogger } from '../../../src/runtime/log/index.js';
import { RuntimeMetrics } from '../../../src/runtime/metrics/index.js';
import { describeBackends } from '../../support/backends.js';
import type { TestEnvironment } from '../../support/environment.js';
import { overwriteLease } from '../../support/lease.js';
import { eventually } from '../../../src/testing/index.js';

describeBackends('leader election', (backend) => {
  const quiet = newLogger({ level: 'error', output: { write: () => true } });
  let api: TestEnvironment;

  beforeAll(async () => {
    api = await backend.start();
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** Fast timings: the lease lasts 2 s (its record holds whole seconds). */
  const fast = { leaseDuration: 2000, renewDeadline: 1500, retryPeriod: 200 };

  interface Candidate {
    elector: LeaderElector;
    started: number;
    stopped: StoppedLeadingReason[];
    leaders: string[];
  }

  function candidate(name: string, identity: string, extra: Partial<ConstructorParameters<typeof LeaderElector>[0]> = {}): Candidate {
    const c: Candidate = { elector: undefined as unknown as LeaderElector, started: 0, stopped: [], leaders: [] };
    c.elector = new LeaderElector({
      kubeConfig: api.kubeConfig,
      namespace: 'default',
      name,
      identity,
      ...fast,
      log: quiet,
      onStartedLeading: () => c.started++,
      onStoppedLeading: (reason) => c.stopped.push(reason),
      onNewLeader: (id) => c.leaders.push(id),
      ...extra,
    });
    return c;
  }

  async function readLease(name: string) {
    return api.kubeConfig.makeApiClient(CoordinationV1Api).readNamespacedLease({ name, namespace: 'default' });
  }

  describe('LeaderElector against the test API server', () => {
    it('elects one of two candidates; the other takes over after release', async () => {
      const metrics = new RuntimeMetrics({ processMetrics: false });
      // A long lease, so that a loaded machine cannot make b take over by expiry: only the release lets it in.
      const long = { leaseDuration: 10_000, renewDeadline: 8000 };
      const a = candidate('release-test', 'a', { metrics, ...long });
      const b = candidate('release-test', 'b', long);
      a.elector.start();
      await a.elector.elected();
      b.elector.start();

      expect(a.elector.isLeader()).toBe(true);
      expect(a.started).toBe(1);
      const lease = await readLease('release-test');
      expect(lease.spec).toMatchObject({ holderIdentity: 'a', leaseDurationSeconds: 10, leaseTransitions: 0 });
      expect(await metrics.text()).toContain('leader_election_master_status{name="release-test"} 1');

      // b keeps trying while a renews: a's renewals move renewTime forward and b never leads.
      const firstRenew = String(lease.spec?.renewTime);
      await eventually(async () => String((await readLease('release-test')).spec?.renewTime) !== firstRenew);
      expect(b.elector.isLeader()).toBe(false);
      await eventually(() => b.leaders.includes('a'));

      // a stops: it releases the lease, and b takes it without waiting out the lease duration.
      await a.elector.stop();
      expect(a.stopped).toEqual(['released']);
      expect(a.elector.isLeader()).toBe(false);
      expect(await metrics.text()).toContain('leader_election_master_status{name="release-test"} 0');
      await b.elector.elected();
      expect(b.elector.isLeader()).toBe(true);
      const taken = await readLease('release-test');
      expect(taken.spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
      await b.elector.stop();
      expect((await readLease('release-test')).spec).toMatchObject({ holderIdentity: '', leaseDurationSeconds: 1 });
    });

    it('takes over within the lease time when the leader stops without releasing', async () => {
      const a = candidate('crash-test', 'a', { releaseOnCancel: false });
      const b = candidate('crash-test', 'b');
      a.elector.start();
      await a.elector.elected();
      b.elector.start();
      // b has seen a lead before a disappears.
      await eventually(() => b.leaders.includes('a'));
      await a.elector.stop();
      expect(a.stopped).toEqual(['stopped']);
      expect((await readLease('crash-test')).spec?.holderIdentity).toBe('a');

      await b.elector.elected();
      const lease = await readLease('crash-test');
      expect(lease.spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
      expect(b.stopped).toEqual([]);
      await b.elector.stop();
    });

    it('takes a crashed leader\'s lease when it runs out, not at its next retry', async () => {
      // a's lease lasts 2 s; b retries every 30-66 s: without waking when the lease runs out, b waits a retry period.
      const a = candidate('expiry-wake-test', 'a', { releaseOnCancel: false });
      const b = candidate('expiry-wake-test', 'b', { leaseDuration: 45_000, renewDeadline: 40_000, retryPeriod: 30_000 });
      a.elector.start();
      await a.elector.elected();
      const firstRetry = performance.now() + 30_000;
      b.elector.start();
      await eventually(() => b.leaders.includes('a'));
      await a.elector.stop();
      let timer: NodeJS.Timeout | undefined;
      const beforeRetry = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('b waited for its retry period')), firstRetry - performance.now());
      });
      await Promise.race([b.elector.elected(), beforeRetry]).finally(() => clearTimeout(timer));
      expect((await readLease('expiry-wake-test')).spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
      await b.elector.stop();
    }, 60_000);

    it('steps down as lost when another holder takes the lease', async () => {
      const a = candidate('lost-test', 'a');
      a.elector.start();
      await a.elector.elected();
      // Someone else writes the lease with a long duration (as a partitioned replica would).
      await overwriteLease(api.kubeConfig, 'default', 'lost-test', { holderIdentity: 'intruder', leaseDurationSeconds: 3600 });

      await a.elector.done();
      expect(a.stopped).toEqual(['lost']);
      expect(a.elector.isLeader()).toBe(false);
      expect((await readLease('lost-test')).spec?.holderIdentity).toBe('intruder');
    });

    it('stops leading as soon as it sees another holder, long before its renew deadline (fencing)', async () => {
      // A renew deadline of a minute: without fencing the leader would keep leading that long.
      const a = candidate('fence-holder-test', 'a', { leaseDuration: 90_000, renewDeadline: 60_000, retryPeriod: 200 });
      a.elector.start();
      await a.elector.elected();
      await overwriteLease(api.kubeConfig, 'default', 'fence-holder-test', { holderIdentity: 'usurper' });

      expect(await eventually(() => a.stopped.length > 0, { timeout: 10_000 })).toBe(true);
      expect(a.stopped).toEqual(['lost']);
      expect(a.elector.isLeader()).toBe(false);
      expect(a.leaders).toEqual(['a', 'usurper']);
      await a.elector.done();
    });

    it('stops leading when its own lease expired while it was frozen, without waiting for a renewal', async () => {
      const a = candidate('fence-expired-test', 'a', { leaseDuration: 2000, renewDeadline: 1500, retryPeriod: 200 });
      a.elector.start();
      await a.elector.elected();
      expect(a.elector.leaseFresh()).toBe(true);
      // Wait for a renewal, so that the leader is between renewals (asleep), as a leader mostly is.
      const renewed = (await readLease('fence-expired-test')).spec?.renewTime;
      expect(await eventually(async () => String((await readLease('fence-expired-test')).spec?.renewTime) !== String(renewed))).toBe(true);
      // Freeze the process (as SIGSTOP would) for longer than the lease: nobody else takes it meanwhile.
      const frozenUntil = performance.now() + 2300;
      while (performance.now() < frozenUntil) {
        // busy: no timer, no I/O runs
      }
      // On waking, before the renewal loop has run, the leader still leads but knows its lease may be gone.
      expect(a.elector.isLeader()).toBe(true);
      expect(a.elector.leaseFresh()).toBe(false);
      expect(await eventually(() => a.stopped.length > 0, { timeout: 10_000 })).toBe(true);
      expect(a.stopped).toEqual(['lost']);
      expect(a.elector.isLeader()).toBe(false);
      await a.elector.done();
    });

    it('survives API failures while campaigning', async () => {
      const fault = api.server.failNext({ code: 503, count: 3, path: /leases/ });
      const a = candidate('fault-test', 'a');
      a.elector.start();
      await a.elector.elected();
      expect(fault.hits).toBe(3);
      expect(a.elector.isLeader()).toBe(true);
      await a.elector.stop();
    });

    it('rejects inconsistent timings and rejects elected() when stopped first', async () => {
      expect(() => candidate('x', 'a', { leaseDuration: 1000, renewDeadline: 1000 })).toThrow(/leaseDuration \(1000 ms\) must be greater than renewDeadline/);
      expect(() => candidate('x', 'a', { renewDeadline: 200, retryPeriod: 200 })).toThrow(/renewDeadline \(200 ms\) must be greater than 1.2 x retryPeriod/);
      const holder = candidate('blocked', 'holder');
      holder.elector.start();
      await holder.elector.elected();
      const waiting = candidate('blocked', 'waiting');
      waiting.elector.start();
      const elected = waiting.elector.elected();
      await waiting.elector.stop();
      await expect(elected).rejects.toThrow(/stopped before this candidate was elected/);
      expect(waiting.stopped).toEqual([]);
      await holder.elector.stop();
      const neverStarted = candidate('blocked', 'never');
      const neverElected = neverStarted.elector.elected();
      await neverStarted.elector.stop();
      await expect(neverElected).rejects.toThrow(/stopped before/);
    });
  });
});
