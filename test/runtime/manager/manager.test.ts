/**
 * The Manager end to end: servers it runs, leader election between two managers, and a real
 * process that exits 0 on SIGTERM after a clean shutdown.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { ConfigMap, controllerManagedBy, Event, healthz, Lease, log, parseManagerFlags, type Wire } from '../../../src/runtime/index.js';
import { describeBackends } from '../../support/backends.js';
import { clientAndCache, createNamespace, newManager, runManager } from '../../support/runtime.js';
import { overwriteLease } from '../../support/lease.js';

describeBackends('manager', (backend) => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await backend.start();
  });
  afterAll(async () => {
    await env?.stop();
  });


  const cm = (namespace: string, name: string): Wire<V1ConfigMap> => ({ metadata: { namespace, name } });

  describe('Manager', () => {
    it('serves /metrics with the controller and work-queue series, and /healthz and /readyz with added checks', async () => {
      const mgr = await newManager(env, { metricsBindAddress: '127.0.0.1:0', healthProbeBindAddress: '127.0.0.1:0' });
      const ns = await createNamespace(mgr.getClient(), 'servers');
      let reconciled = 0;
      await controllerManagedBy(mgr).for(ConfigMap).named('served').complete(async (req) => {
        if (req.namespace === ns) reconciled++;
        return {};
      });
      let ready = false;
      mgr.addHealthzCheck('ping', healthz.ping);
      mgr.addReadyzCheck('custom', () => {
        if (!ready) throw new Error('not yet');
      });
      await mgr.getClient().create(ConfigMap, cm(ns, 'x'));
      const r = runManager(mgr);
      try {
        await eventually(() => reconciled === 1, 'one reconcile');
        await eventually(() => mgr.getMetricsServer().url() ?? false, 'the metrics server');
        const text = await (await fetch(`${mgr.getMetricsServer().url()}/metrics`)).text();
        expect(text).toMatch(/controller_runtime_reconcile_total\{controller="served",result="success"\} [1-9]/);
        expect(text).toMatch(/workqueue_adds_total\{name="served",controller="served"\} [1-9]/);
        expect(text).toMatch(/controller_runtime_max_concurrent_reconciles\{controller="served"\} 1/);
        const probes = mgr.getHealthProbeServer().url()!;
        expect((await fetch(`${probes}/healthz`)).status).toBe(200);
        expect((await fetch(`${probes}/readyz`)).status).toBe(500);
        ready = true;
        expect((await fetch(`${probes}/readyz`)).status).toBe(200);
      } finally {
        await r.stop();
      }
      expect(mgr.getMetricsServer().url()).toBeUndefined(); // stopped with the manager
    });

    it('gives reconcilers an event recorder whose events reach the API, flushed on stop', async () => {
      const mgr = await newManager(env);
      const ns = await createNamespace(mgr.getClient(), 'events');
      const recorder = mgr.getEventRecorderFor('events-controller');
      let recorded = false;
      await controllerManagedBy(mgr).for(ConfigMap).named('events').complete(async (req) => {
        if (req.namespace !== ns) return {};
        const obj = await mgr.getClient().get(ConfigMap, req);
        recorder.eventf(obj, 'Normal', 'Reconciled', 'reconciled %s', req.name);
        recorded = true;
        return {};
      });
      await mgr.getClient().create(ConfigMap, cm(ns, 'evented'));
      const r = runManager(mgr);
      await eventually(() => recorded, 'the reconcile to record an event');
      // stop() resolves after the broadcaster's flush: the event is written by then, so one read
      // decides (polling here only turned a dropped event into a 15 s wait).
      await r.stop();
      const reader = clientAndCache(env);
      try {
        const events = await reader.client.apiReader.list(Event, { namespace: ns });
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          reason: 'Reconciled',
          message: 'reconciled evented',
          type: 'Normal',
          involvedObject: { kind: 'ConfigMap', name: 'evented', namespace: ns },
          source: { component: 'events-controller' },
        });
      } finally {
        await reader.stop();
      }
    });

    it('stops within its graceful shutdown timeout when the API server never answers event writes', async () => {
      const hang = env.server.hangNext({ method: 'POST', path: '/events$', count: Infinity });
      try {
        const mgr = await newManager(env, { gracefulShutdownTimeout: 200 });
        const ns = await createNamespace(mgr.getClient(), 'hung-events');
        const recorder = mgr.getEventRecorderFor('hung');
        const r = runManager(mgr);
        recorder.event({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: ns, name: 'cfg' } }, 'Normal', 'Waiting', 'never written');
        await eventually(() => env.server.hungRequestCount > 0, 'the event write to hang');
        // Resolves: the flush is abandoned when the shutdown time is up, as controller-runtime's recorder provider does.
        await r.stop();
      } finally {
        hang.cancel();
      }
    });

    it('with leader election, only the leader reconciles; the other takes over when it stops', async () => {
      const setup = await newManager(env);
      const ns = await createNamespace(setup.getClient(), 'le');
      await setup.getClient().create(ConfigMap, cm(ns, 'target'));
      const options = {
        leaderElection: true,
        leaderElectionID: 'runtime-test.example.com',
        leaderElectionNamespace: ns,
        leaseDuration: 1500,
        renewDeadline: 1000,
        retryPeriod: 200,
      };
      const reconciledBy: string[] = [];
      const make = async (who: string) => {
        const mgr = await newManager(env, options);
        await controllerManagedBy(mgr).for(ConfigMap).named('le').complete(async (req) => {
          if (req.namespace === ns) reconciledBy.push(who);
          return {};
        });
        return mgr;
      };
      const first = await make('first');
      const second = await make('second');
      const r1 = runManager(first);
      await first.elected();
      const r2 = runManager(second);
      try {
        await eventually(() => reconciledBy.includes('first'), 'the leader to reconcile');
        const lease = await first.getAPIReader().get(Lease, { namespace: ns, name: options.leaderElectionID });
        expect(lease.spec?.holderIdentity).toBeTruthy();
        expect(reconciledBy).not.toContain('second');

        await r1.stop(); // releases the lease
        await second.elected();
        await eventually(() => reconciledBy.includes('second'), 'the new leader to reconcile');
      } finally {
        await r2.stop();
        await r1.done;
      }
    });

    it('rejects elected() when start fails before election (a server that cannot listen), so a waiting caller is told why', async () => {
      const { createServer } = await import('node:net');
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const port = (taken.address() as { port: number }).port;
      try {
        const mgr = await newManager(env, { healthProbeBindAddress: `127.0.0.1:${port}` });
        const started = mgr.start();
        await expect(mgr.elected()).rejects.toThrow(/EADDRINUSE|address already in use/);
        await expect(started).rejects.toThrow(/EADDRINUSE|address already in use/);
      } finally {
        taken.close();
      }
    });

    it('starts runnables and controllers added after start at once, and refuses them once stopping', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'late');
      await client.create(ConfigMap, cm(ns, 'late-object'));
      const r = runManager(mgr);
      try {
        await mgr.elected();
        let runnableSignal: AbortSignal | undefined;
        mgr.add({ start: (signal) => { runnableSignal = signal; } });
        await eventually(() => runnableSignal !== undefined, 'the late runnable to start');
        const seen: string[] = [];
        await controllerManagedBy(mgr)
          .for(ConfigMap)
          .named('late-controller')
          .complete(async (req) => {
            if (req.namespace === ns) seen.push(req.name);
            return {};
          });
        await eventually(() => seen.includes('late-object'), 'the late controller to reconcile');
        mgr.stop();
        await r.done;
        expect(runnableSignal?.aborted).toBe(true);
        expect(() => mgr.add({ start: () => undefined })).toThrow(/stopping|stopped/);
      } finally {
        await r.stop();
      }
    });

    it('sets the root logger\'s level from --zap-log-level', async () => {
      try {
        await newManager(env, parseManagerFlags(['--zap-log-level=3']));
        expect(log.v(3).enabled()).toBe(true);
        expect(log.v(4).enabled()).toBe(false);
        await newManager(env, parseManagerFlags(['--zap-log-level', 'error']));
        expect(log.enabled()).toBe(false);
      } finally {
        await newManager(env, parseManagerFlags([])); // back to JSON lines at info
      }
      expect(log.enabled()).toBe(true);
      expect(log.v(1).enabled()).toBe(false);
    });

    it('applies --zap-stacktrace-level and --zap-time-encoding to the root logger', async () => {
      /** What the root logger writes to stderr while `fn` runs (synchronously). */
      const stderrOf = (fn: () => void): string[] => {
        const lines: string[] = [];
        // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back, not called
        const write = process.stderr.write;
        process.stderr.write = ((chunk: string | Uint8Array) => {
          lines.push(String(chunk));
          return true;
        });
        try {
          fn();
        } finally {
          process.stderr.write = write;
        }
        return lines;
      };
      try {
        await newManager(env, parseManagerFlags(['--zap-stacktrace-level=info', '--zap-time-encoding=millis']));
        const before = Date.now();
        const [info] = stderrOf(() => log.withName('stack-test').info('with a stack')).map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(info).toMatchObject({ level: 'info', logger: 'stack-test', msg: 'with a stack' });
        expect(info.stacktrace).toMatch(/manager\.test\.ts:\d+:\d+/);
        expect(info.ts).toBeGreaterThanOrEqual(before);
        expect(info.ts).toBeLessThanOrEqual(Date.now());

        await newManager(env, parseManagerFlags(['--zap-devel', '--zap-stacktrace-level=panic', '--zap-time-encoding', 'iso8601']));
        const console = stderrOf(() => log.error(new Error('boom'), 'no stack at panic level'));
        expect(console).toHaveLength(1);
        expect(console[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d{4})\tERROR\tno stack at panic level\t\{"error":"boom"\}\n$/);
      } finally {
        await newManager(env, parseManagerFlags([])); // back to JSON lines at info
      }
      const [error] = stderrOf(() => log.error(new Error('boom'), 'default')).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(error.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
      expect(error.stacktrace).toMatch(/manager\.test\.ts:\d+:\d+/);
    });

    it('records LeaderElection events on the Lease: "<identity> became leader" and, on stop, "stopped leading"', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'le-events');
      const id = 'events-test.example.com';
      const mgr = await newManager(env, { leaderElection: true, leaderElectionID: id, leaderElectionNamespace: ns, leaseDuration: 1500, renewDeadline: 1000, retryPeriod: 200 });
      const r = runManager(mgr);
      const leaseEvents = async () =>
        (await setup.client.apiReader.list(Event, { namespace: ns })).filter((e) => e.involvedObject?.kind === 'Lease' && e.involvedObject?.name === id);
      try {
        await mgr.elected();
        const [became] = await eventually(async () => {
          const events = await leaseEvents();
          return events.length > 0 ? events : false;
        }, 'the became-leader event');
        expect(became).toMatchObject({ type: 'Normal', reason: 'LeaderElection', involvedObject: { apiVersion: 'coordination.k8s.io/v1', namespace: ns } });
        expect(became.message).toMatch(/^\S+ became leader$/);
        const identity = became.message!.replace(/ became leader$/, '');
        expect(became.source?.component).toBe(identity);
        await r.stop();
        const messages = (await leaseEvents()).map((e) => e.message);
        expect(messages).toContain(`${identity} stopped leading`);
      } finally {
        await r.stop();
        await setup.stop();
      }
    });

    it('stops with an error when the lease is lost', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'lost');
      const id = 'lost-test.example.com';
      const mgr = await newManager(env, {
        leaderElection: true,
        leaderElectionID: id,
        leaderElectionNamespace: ns,
        leaseDuration: 1500,
        renewDeadline: 1000,
        retryPeriod: 200,
      });
      await setup.client.create(ConfigMap, cm(ns, 'something'));
      let reconciles = 0;
      await controllerManagedBy(mgr).for(ConfigMap).named('lost').complete(async () => {
        reconciles++;
        return {};
      });
      const done = mgr.start();
      const outcome = done.then(() => 'resolved', (err: Error) => err.message);
      try {
        await mgr.elected();
        await eventually(() => reconciles > 0, 'the leader to reconcile');
        // Another holder takes the lease over (as if our renewals had not reached the server).
        await eventually(async () => {
          const lease = await setup.client.apiReader.get(Lease, { namespace: ns, name: id });
          const now = new Date().toISOString().replace('Z', '000Z'); // MicroTime: six fractional digits
          await setup.client.update(Lease, { ...lease, spec: { ...lease.spec, holderIdentity: 'intruder', leaseDurationSeconds: 60, renewTime: now, acquireTime: now } });
          return true;
        }, 'the lease to be taken over');
        expect(await outcome).toMatch(/leader election lost/);
      } finally {
        mgr.stop();
        await done.catch(() => undefined);
        await setup.stop();
      }
    });

    it('stops with an error when it cannot renew the lease within the renew deadline', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'renew');
      const id = 'renew-test.example.com';
      const mgr = await newManager(env, {
        leaderElection: true,
        leaderElectionID: id,
        leaderElectionNamespace: ns,
        leaseDuration: 1500,
        renewDeadline: 1000,
        retryPeriod: 200,
      });
      let stoppedRunnable = false;
      mgr.add({ start: (signal) => new Promise<void>((res) => signal.addEventListener('abort', () => { stoppedRunnable = true; res(); }, { once: true })) });
      const done = mgr.start();
      const outcome = done.then(() => 'resolved', (err: Error) => err.message);
      let fault: ReturnType<typeof env.server.failNext> | undefined;
      try {
        await mgr.elected();
        // Every lease request fails from now on, as when the API server is unreachable.
        fault = env.server.failNext({ code: 503, path: `/namespaces/${ns}/leases`, count: Infinity });
        expect(await outcome).toMatch(/leader election lost/);
        expect(fault.hits).toBeGreaterThan(0);
        expect(stoppedRunnable).toBe(true);
      } finally {
        fault?.cancel();
        mgr.stop();
        await done.catch(() => undefined);
        await setup.stop();
      }
    });

    it('stops its leader-only runnables as soon as the lease shows another holder (fencing)', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'fence');
      const id = 'fence-test.example.com';
      // A renew deadline of a minute: without fencing the manager would keep leading that long.
      const mgr = await newManager(env, { leaderElection: true, leaderElectionID: id, leaderElectionNamespace: ns, leaseDuration: 90_000, renewDeadline: 60_000, retryPeriod: 200 });
      let stoppedRunnable = false;
      mgr.add({ start: (signal) => new Promise<void>((res) => signal.addEventListener('abort', () => { stoppedRunnable = true; res(); }, { once: true })) });
      const done = mgr.start();
      const outcome = done.then(() => 'resolved', (err: Error) => err.message);
      try {
        await mgr.elected();
        await overwriteLease(env.kubeConfig, ns, id, { holderIdentity: 'other-replica' });
        const settled = await Promise.race([outcome, new Promise((r) => setTimeout(() => r('still leading after 10 s'), 10_000))]);
        expect(settled).toMatch(/leader election lost/);
        expect(stoppedRunnable).toBe(true);
      } finally {
        mgr.stop();
        await done.catch(() => undefined);
        await setup.stop();
      }
    });

    it('a leader frozen past its lease starts no reconcile when it wakes: it steps down first', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'frozen');
      const id = 'frozen-test.example.com';
      const mgr = await newManager(env, { leaderElection: true, leaderElectionID: id, leaderElectionNamespace: ns, leaseDuration: 2000, renewDeadline: 1500, retryPeriod: 200 });
      const reconciled: string[] = [];
      const controller = await controllerManagedBy(mgr).named('frozen').for(ConfigMap).complete(async (req) => {
        reconciled.push(req.name);
        return {};
      });
      const done = mgr.start();
      const outcome = done.then(() => 'resolved', (err: Error) => err.message);
      try {
        await mgr.elected();
        // The workers run and wait for keys.
        controller.requests.add({ namespace: ns, name: 'before-freeze' });
        await eventually(() => reconciled.includes('before-freeze'), 'a reconcile while leading');
        // A key is ready as the process freezes (as SIGSTOP would) for longer than the lease: on
        // waking, the worker gets it before any timer of the renewal loop runs.
        controller.requests.add({ namespace: ns, name: 'after-freeze' });
        const frozenUntil = performance.now() + 2300;
        while (performance.now() < frozenUntil) {
          // busy: no timer, no I/O runs
        }
        expect(await outcome).toMatch(/leader election lost/);
        expect(reconciled).not.toContain('after-freeze');
      } finally {
        mgr.stop();
        await done.catch(() => undefined);
        await setup.stop();
      }
    });

    it('as a process: exits 0 after SIGTERM, with a clean shutdown', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'mgr-'));
      const kubeconfig = path.join(dir, 'kubeconfig');
      await env.writeKubeconfig(kubeconfig);
      // .mts: the temporary directory has no package.json saying "type": "module".
      const script = path.join(dir, 'main.mts');
      const runtime = path.resolve('src/runtime/index.ts');
      writeFileSync(
        script,
        `import { Manager, builtinScheme, ConfigMap, controllerManagedBy, parseManagerFlags } from ${JSON.stringify(runtime)};
  const flags = parseManagerFlags(process.argv.slice(2));
  const mgr = await Manager.create({ scheme: builtinScheme(), ...flags });
  await controllerManagedBy(mgr).for(ConfigMap).complete(async () => { console.log('RECONCILED'); return {}; });
  await mgr.start();
  console.log('CLEAN EXIT');
  `,
      );
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'proc');
      await setup.client.create(ConfigMap, cm(ns, 'p'));
      await setup.stop();
      const child = spawn(process.execPath, ['--import', 'tsx', script, '--health-probe-bind-address=0', `--kubeconfig=${kubeconfig}`], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, KUBECONFIG: '' },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
      child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await eventually(() => out.includes('RECONCILED'), { description: 'the child to reconcile', timeout: 25_000 }).catch((err: Error) => {
        child.kill('SIGKILL');
        throw new Error(`${err.message}\nchild output:\n${out}`);
      });
      child.kill('SIGTERM');
      const code = await exited;
      expect({ code, clean: out.includes('CLEAN EXIT') }).toEqual({ code: 0, clean: true });
    });
  });
});
