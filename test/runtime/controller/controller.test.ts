/**
 * Controllers built with the builder, run by a Manager against the test API server.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { V1ConfigMap, V1Deployment, V1Secret } from '@kubernetes/client-node';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import {
  ConfigMap,
  controllerManagedBy,
  Deployment,
  defineKind,
  handler,
  newLogger,
  predicate,
  type Request,
  Secret,
  source,
  TerminalError,
  isTerminalError,
  ExponentialFailureRateLimiter,
  type RateLimiter,
  type Result,
  LOW_PRIORITY,
  Logger,
  type Wire,
} from '../../../src/runtime/index.js';
import { describeBackends } from '../../support/backends.js';
import { clientAndCache, createNamespace, newManager, runManager } from '../../support/runtime.js';

describeBackends('controller', (backend) => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await backend.start();
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Counts reconciles per `namespace/name`. */
  class Tally {
    readonly counts = new Map<string, number>();
    total = 0;
    hit(req: Request): number {
      const key = `${req.namespace}/${req.name}`;
      const n = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, n);
      this.total++;
      return n;
    }
    of(namespace: string, name: string): number {
      return this.counts.get(`${namespace}/${name}`) ?? 0;
    }
  }


  const cm = (namespace: string, name: string, labels?: Record<string, string>): Wire<V1ConfigMap> => ({ metadata: { namespace, name, labels }, data: { v: '1' } });

  function deployment(namespace: string, name: string): Wire<V1Deployment> {
    return {
      metadata: { namespace, name },
      spec: {
        selector: { matchLabels: { app: name } },
        template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'busybox:1' }] } },
      },
    };
  }

  describe('controllers', () => {
    it('for(): reconciles existing and new objects, reading them from the cache', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'for');
      await client.create(ConfigMap, cm(ns, 'existing'));
      const tally = new Tally();
      const seen: string[] = [];
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .complete(async (req) => {
          if (req.namespace !== ns) return {};
          tally.hit(req);
          const obj = await client.get(ConfigMap, req);
          seen.push(`${obj.metadata?.name}=${obj.data?.v}`);
          return {};
        });
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(ns, 'existing') === 1, 'the existing object to be reconciled');
        await client.create(ConfigMap, cm(ns, 'new'));
        await eventually(() => tally.of(ns, 'new') >= 1, 'the new object to be reconciled');
        expect(seen).toEqual(expect.arrayContaining(['existing=1', 'new=1']));
      } finally {
        await r.stop();
      }
    });

    it('with a namespace-limited manager, reconciles only objects in its namespaces', async () => {
      const setup = await newManager(env);
      const inside = await createNamespace(setup.getClient(), 'scoped');
      const outside = await createNamespace(setup.getClient(), 'scoped');
      const mgr = await newManager(env, { namespaces: [inside] });
      const client = mgr.getClient();
      const tally = new Tally();
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .complete(async (req) => {
          tally.hit(req);
          return {};
        });
      await client.create(ConfigMap, cm(outside, 'ignored'));
      await client.create(ConfigMap, cm(inside, 'first'));
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(inside, 'first') === 1, 'the object inside to be reconciled');
        await client.create(ConfigMap, cm(outside, 'ignored-too'));
        await client.create(ConfigMap, cm(inside, 'second'));
        await eventually(() => tally.of(inside, 'second') === 1, 'the new object inside to be reconciled');
        expect([...tally.counts.keys()].every((k) => k.startsWith(`${inside}/`))).toBe(true);
      } finally {
        await r.stop();
      }
    });

    it('owns(): an owned object event reconciles its controller owner', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'owns');
      const owner = await client.create(ConfigMap, cm(ns, 'owner'));
      const tally = new Tally();
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .owns(Secret)
        .named('owns-test')
        .complete(async (req) => {
          if (req.namespace === ns) tally.hit(req);
          return {};
        });
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(ns, 'owner') === 1, 'the owner to be reconciled at start');
        const secret: Wire<V1Secret> = {
          metadata: {
            namespace: ns,
            name: 'child',
            ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata!.uid!, controller: true }],
          },
          stringData: { a: 'b' },
        };
        await client.create(Secret, secret);
        await eventually(() => tally.of(ns, 'owner') >= 2, 'the owner to be reconciled for its secret');
        await client.create(Secret, { metadata: { namespace: ns, name: 'orphan' } });
        expect(tally.of(ns, 'child')).toBe(0);
        expect(tally.of(ns, 'orphan')).toBe(0);
      } finally {
        await r.stop();
      }
    });

    it('watches(): a map function and a channel source enqueue the requests they name', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'watches');
      const tally = new Tally();
      // Every Secret labelled target=<name> reconciles the ConfigMap <name>.
      const external: Request[] = [];
      let push: ((r: { metadata: { namespace: string; name: string } }) => void) | undefined;
      const channel: AsyncIterable<{ metadata: { namespace: string; name: string } }> = {
        [Symbol.asyncIterator]() {
          const pending: { metadata: { namespace: string; name: string } }[] = [];
          let wake: (() => void) | undefined;
          push = (r) => {
            pending.push(r);
            wake?.();
          };
          return {
            async next() {
              while (pending.length === 0) await new Promise<void>((w) => { wake = w; });
              return { value: pending.shift()!, done: false };
            },
          };
        },
      };
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .watches(
          Secret,
          handler.enqueueRequestsFromMapFunc((s: Wire<V1Secret>) => {
            const target = s.metadata?.labels?.target;
            return target ? [{ namespace: s.metadata!.namespace!, name: target }] : [];
          }),
        )
        .watches(source.channel(channel, 'external'), handler.enqueueRequestForObject())
        .named('watches-test')
        .complete(async (req) => {
          if (req.namespace === ns) {
            tally.hit(req);
            external.push(req);
          }
          return {};
        });
      const r = runManager(mgr);
      try {
        await client.create(Secret, { metadata: { namespace: ns, name: 's', labels: { target: 'mapped' } } });
        await eventually(() => tally.of(ns, 'mapped') === 1, 'the mapped request');
        await eventually(() => push !== undefined, 'the channel to be consumed');
        push!({ metadata: { namespace: ns, name: 'from-channel' } });
        await eventually(() => tally.of(ns, 'from-channel') === 1, 'the channel request');
      } finally {
        await r.stop();
      }
    });

    it('withEventFilter(generationChanged): label-only updates do not reconcile, spec updates do', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'filter');
      const tally = new Tally();
      const controller = await controllerManagedBy(mgr)
        .for(Deployment)
        .withEventFilter(predicate.generationChanged())
        .named('filter-test')
        .complete(async (req) => {
          if (req.namespace === ns) tally.hit(req);
          return {};
        });
      const r = runManager(mgr);
      try {
        const d = await client.create(Deployment, deployment(ns, 'web'));
        await eventually(() => tally.of(ns, 'web') === 1, 'the create to reconcile');
        const labelled = await client.update(Deployment, { ...d, metadata: { ...d.metadata, labels: { x: 'y' } } });
        // Once the cache holds the label change, its handler has run: nothing may be queued.
        await eventually(async () => (await client.get(Deployment, { namespace: ns, name: 'web' })).metadata?.labels?.x === 'y', 'the label change in the cache');
        expect(controller.queue.len() + controller.queue.processingLen()).toBe(0);
        expect(tally.of(ns, 'web')).toBe(1);
        await client.update(Deployment, { ...labelled, spec: { ...labelled.spec!, replicas: 3 } });
        await eventually(() => tally.of(ns, 'web') === 2, 'the spec change to reconcile');
      } finally {
        await r.stop();
      }
    });

    it('runs up to maxConcurrentReconciles at once, but never one key twice at the same time', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'conc');
      let running = 0;
      let peak = 0;
      const runningKeys = new Set<string>();
      let overlap = false;
      let release!: () => void;
      const gate = new Promise<void>((r) => { release = r; });
      const tally = new Tally();
      const controller = await controllerManagedBy(mgr)
        .for(ConfigMap)
        .withOptions({ maxConcurrentReconciles: 3 })
        .named('conc-test')
        .complete(async (req) => {
          if (req.namespace !== ns) return {};
          const key = `${req.namespace}/${req.name}`;
          if (runningKeys.has(key)) overlap = true;
          runningKeys.add(key);
          running++;
          peak = Math.max(peak, running);
          tally.hit(req);
          await gate;
          running--;
          runningKeys.delete(key);
          return {};
        });
      for (let i = 0; i < 6; i++) await client.create(ConfigMap, cm(ns, `c${i}`));
      const r = runManager(mgr);
      try {
        await eventually(() => running === 3, 'three reconciles to run at once');
        // Hammer a running key: it must wait for its first reconcile to end.
        const busy = [...runningKeys][0];
        const [bns, bname] = busy.split('/') as [string, string];
        for (let i = 0; i < 5; i++) controller.requests.add({ namespace: bns, name: bname });
        release();
        await eventually(() => tally.total >= 7 && running === 0, 'all reconciles, plus one more of the hammered key');
        expect(peak).toBe(3);
        expect(overlap).toBe(false);
        expect(tally.of(bns, bname)).toBe(2); // five adds while running collapse into one
      } finally {
        await r.stop();
      }
    });

    it('reconciles a change that arrives meanwhile before the rest of the initial list (low priority), as controller-runtime\'s priority queue', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'priority');
      for (let i = 0; i < 20; i++) await setup.client.create(ConfigMap, cm(ns, `old-${String(i).padStart(2, '0')}`));
      const mgr = await newManager(env, { namespaces: [ns] });
      let release!: () => void;
      const gate = new Promise<void>((r) => { release = r; });
      const order: string[] = [];
      const controller = await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('priority-test')
        .complete(async (req) => {
          order.push(req.name);
          if (order.length === 1) await gate; // hold the only worker while the rest of the list waits
          return {};
        });
      const r = runManager(mgr);
      try {
        await eventually(() => order.length === 1 && controller.queue.len() >= 19, 'the initial list to be queued behind the first reconcile');
        await setup.client.create(ConfigMap, cm(ns, 'fresh'));
        await eventually(() => mgr.getClient().get(ConfigMap, { namespace: ns, name: 'fresh' }), 'the cache to see the new object');
        release();
        await eventually(() => order.length >= 21, 'every object to be reconciled');
        expect(order[1]).toBe('fresh');
        expect(new Set(order).size).toBe(21);
      } finally {
        await r.stop();
        await setup.stop();
      }
    });

    it('requeueAfter reconciles again later; requeue retries with backoff', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'requeue');
      const tally = new Tally();
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('requeue-test')
        .complete(async (req) => {
          if (req.namespace !== ns) return {};
          const n = tally.hit(req);
          if (req.name === 'after') return n < 3 ? { requeueAfter: 30 } : {};
          return n < 3 ? { requeue: true } : {};
        });
      await client.create(ConfigMap, cm(ns, 'after'));
      await client.create(ConfigMap, cm(ns, 'again'));
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(ns, 'after') === 3 && tally.of(ns, 'again') === 3, 'three reconciles of each');
      } finally {
        await r.stop();
      }
    });

    it('result.priority sets the priority of the requeue (requeue and requeueAfter); unset, and on a throw, the priority the key was handed out at is kept, as controller-runtime\'s reconcileHandler', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'result-priority');
      await setup.client.create(ConfigMap, cm(ns, 'listed')); // before the start: part of the initial list, at LOW_PRIORITY
      const mgr = await newManager(env, { namespaces: [ns] });
      // What each reconcile returns (or throws), in turn; the last one ends the sequence.
      const steps: (() => Result)[] = [
        () => ({ requeue: true, priority: 5 }),
        () => ({ requeueAfter: 5, priority: 7 }),
        () => ({ requeue: true }),
        () => { throw new Error('transient'); },
        () => ({ requeueAfter: 5 }),
        () => ({ requeue: true, priority: LOW_PRIORITY }),
        () => ({}),
      ];
      const handedOutAt: (number | undefined)[] = [];
      const controller = await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('result-priority-test')
        .complete(async (req) => {
          handedOutAt.push(controller.queue.priorityOf(`${req.namespace}/${req.name}`));
          return steps[Math.min(handedOutAt.length, steps.length) - 1]();
        });
      const r = runManager(mgr);
      try {
        await eventually(() => handedOutAt.length === steps.length, 'every step to be reconciled');
        expect(handedOutAt).toEqual([LOW_PRIORITY, 5, 7, 7, 7, 7, LOW_PRIORITY]);
      } finally {
        await r.stop();
        await setup.stop();
      }
    });

    it('a reconciler that throws (or throws synchronously) is retried with backoff and the process lives on', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'throws');
      const tally = new Tally();
      const controller = await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('throw-test')
        .complete({
          reconcile(req) {
            if (req.namespace !== ns) return Promise.resolve({});
            const n = tally.hit(req);
            if (req.name === 'sync-throw' && n === 1) throw new Error('synchronous failure');
            if (req.name === 'terminal') return Promise.reject(new TerminalError(new Error('bad spec')));
            if (n <= 3) return Promise.reject(new Error(`attempt ${n} failed`));
            return Promise.resolve({});
          },
        });
      await client.create(ConfigMap, cm(ns, 'flaky'));
      await client.create(ConfigMap, cm(ns, 'sync-throw'));
      await client.create(ConfigMap, cm(ns, 'terminal'));
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(ns, 'flaky') === 4, 'the fourth attempt to succeed');
        await eventually(() => tally.of(ns, 'sync-throw') >= 2, 'the synchronous throw to be retried');
        expect(controller.queue.numRequeues(`${ns}/flaky`)).toBe(0); // forgotten after success
        await eventually(() => tally.of(ns, 'terminal') === 1 && controller.queue.len() === 0, 'the terminal error to settle');
        expect(controller.queue.numRequeues(`${ns}/terminal`)).toBe(0); // not retried
        const metrics = await mgr.getMetrics().text();
        expect(metrics).toMatch(/controller_runtime_reconcile_errors_total\{controller="throw-test"\} [4-9]/);
        expect(metrics).toMatch(/controller_runtime_terminal_reconcile_errors_total\{controller="throw-test"\} 1/);
      } finally {
        await r.stop();
      }
    });

    it('a TerminalError neither requeues nor resets the key\'s backoff: a later failure backs off from where it was, as controller-runtime', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'terminal-backoff');
      const tally = new Tally();
      // The per-key exponential backoff alone (no token bucket), recording each delay it hands out.
      const backoff = new ExponentialFailureRateLimiter(1, 1000);
      const delays: number[] = [];
      const rateLimiter: RateLimiter = {
        when: (k) => {
          const d = backoff.when(k);
          delays.push(d);
          return d;
        },
        forget: (k) => backoff.forget(k),
        numRequeues: (k) => backoff.numRequeues(k),
      };
      const controller = await controllerManagedBy(mgr)
        .for(ConfigMap)
        .withOptions({ rateLimiter })
        .named('terminal-backoff-test')
        .complete(async (req) => {
          if (req.namespace !== ns) return {};
          const n = tally.hit(req);
          if (n <= 2) throw new Error(`attempt ${n} failed`);
          if (n === 3) throw new TerminalError(new Error('bad spec'));
          if (n === 4) throw new Error('failed again after the next change');
          return {};
        });
      const created = await client.create(ConfigMap, cm(ns, 'cfg'));
      const key = `${ns}/cfg`;
      const idle = () => controller.queue.len() === 0 && controller.queue.processingLen() === 0 && controller.queue.delayedLen() === 0;
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(ns, 'cfg') === 3 && idle(), 'two failures and then the terminal error');
        expect(controller.queue.numRequeues(key)).toBe(2); // the terminal error kept the key's failures
        expect(delays).toEqual([1, 2]); // and did not requeue it
        await client.update(ConfigMap, { ...created, data: { v: '2' } });
        await eventually(() => tally.of(ns, 'cfg') === 5 && idle(), 'the change to fail once more, then succeed');
        // The fourth attempt's failure is the key's third: it waits 4 ms, not the first step again.
        expect(delays).toEqual([1, 2, 4]);
        expect(controller.queue.numRequeues(key)).toBe(0); // forgotten after the success
      } finally {
        await r.stop();
      }
    });

    it('a TerminalError wrapped as the cause of another error is terminal too, and its message says so', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'wrapped-terminal');
      const tally = new Tally();
      const controller = await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('wrapped-terminal-test')
        .complete(async (req) => {
          if (req.namespace !== ns) return {};
          tally.hit(req);
          throw new Error('reconciling the widget', { cause: new TerminalError(new Error('bad spec')) });
        });
      await client.create(ConfigMap, cm(ns, 'bad'));
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(ns, 'bad') === 1 && controller.queue.len() === 0 && controller.queue.processingLen() === 0, 'the first reconcile to end');
        await eventually(async () => /controller_runtime_terminal_reconcile_errors_total\{controller="wrapped-terminal-test"\} 1/.test(await mgr.getMetrics().text()), 'the terminal error to be counted');
        expect(controller.queue.delayedLen()).toBe(0); // not requeued
        expect(tally.of(ns, 'bad')).toBe(1);
      } finally {
        await r.stop();
      }
      expect(new TerminalError(new Error('bad spec')).message).toBe('terminal error: bad spec');
      expect(isTerminalError(new Error('outer', { cause: new TerminalError('inner') }))).toBe(true);
      expect(isTerminalError(new Error('plain'))).toBe(false);
    });

    it('counts errors the engine throws for bugs (TypeError, RangeError...) as recovered panics, and retries them', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'panics');
      const tally = new Tally();
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('panic-test')
        .complete(async (req) => {
          if (req.namespace !== ns) return {};
          const n = tally.hit(req);
          if (n === 1) {
            const missing = undefined as unknown as { spec: { replicas: number } };
            return { requeueAfter: missing.spec.replicas }; // TypeError: the JavaScript nil dereference
          }
          if (n === 2) throw new Error('an ordinary error is no panic');
          return {};
        });
      await controllerManagedBy(mgr).for(Secret).named('calm-test').complete(async () => ({}));
      await client.create(ConfigMap, cm(ns, 'buggy'));
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(ns, 'buggy') === 3, 'the retries after the panic and the error');
        const metrics = await mgr.getMetrics().text();
        expect(metrics).toMatch(/controller_runtime_reconcile_panics_total\{controller="panic-test"\} 1\n/);
        expect(metrics).toMatch(/controller_runtime_reconcile_errors_total\{controller="panic-test"\} 2\n/);
        expect(metrics).toMatch(/controller_runtime_reconcile_total\{controller="panic-test",result="error"\} 2\n/);
        // Every controller's series exists from the start, at 0.
        expect(metrics).toMatch(/controller_runtime_reconcile_panics_total\{controller="calm-test"\} 0\n/);
      } finally {
        await r.stop();
      }
    });

    it('with recoverPanic: false, a panic stops the manager, whose start() rejects with it', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'unrecovered');
      let calls = 0;
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .withOptions({ recoverPanic: false })
        .named('unrecovered-test')
        .complete(async (req) => {
          if (req.namespace !== ns) return {};
          calls++;
          const missing = undefined as unknown as { spec: { replicas: number } };
          return { requeueAfter: missing.spec.replicas };
        });
      await client.create(ConfigMap, cm(ns, 'buggy'));
      const outcome = await mgr.start().then(() => undefined, (err: unknown) => err);
      expect(outcome).toBeInstanceOf(TypeError);
      expect(calls).toBe(1);
      expect(await mgr.getMetrics().text()).toMatch(/controller_runtime_reconcile_panics_total\{controller="unrecovered-test"\} 1\n/);
    });

    it('reconciliationTimeoutMs aborts the reconcile\'s signal after that long and counts the timeout', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'timeouts');
      const reasons: unknown[] = [];
      const tally = new Tally();
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .withOptions({ reconciliationTimeoutMs: 50 })
        .named('timeout-test')
        .complete(async (req, ctx) => {
          if (req.namespace !== ns) return {};
          const n = tally.hit(req);
          if (n > 1) return {};
          await new Promise<void>((res) => ctx.signal.addEventListener('abort', () => res(), { once: true }));
          reasons.push(ctx.signal.reason);
          throw ctx.signal.reason;
        });
      await client.create(ConfigMap, cm(ns, 'slow'));
      const r = runManager(mgr);
      try {
        await eventually(() => tally.of(ns, 'slow') === 2, 'the retry after the timeout');
        expect(String((reasons[0] as Error).message)).toMatch(/reconciliation timeout/);
        const metrics = await mgr.getMetrics().text();
        expect(metrics).toMatch(/controller_runtime_reconcile_timeouts_total\{controller="timeout-test"\} 1\n/);
        expect(metrics).toMatch(/controller_runtime_reconcile_errors_total\{controller="timeout-test"\} 1\n/);
      } finally {
        await r.stop();
      }
    });

    it('after a 410 Gone relist, reconciles every object again', async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'relist');
      const tally = new Tally();
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('relist-test')
        .complete(async (req) => {
          if (req.namespace === ns) tally.hit(req);
          return {};
        });
      const names = ['a', 'b', 'c', 'd'];
      for (const n of names) await client.create(ConfigMap, cm(ns, n));
      const r = runManager(mgr);
      try {
        await eventually(() => names.every((n) => tally.of(ns, n) === 1), 'every object reconciled once');
        env.server.failNext({ code: 410, watch: true, path: 'configmaps' });
        env.server.dropWatches({ path: /configmaps/ });
        await eventually(() => names.every((n) => tally.of(ns, n) === 2), 'every object reconciled again after the relist');
      } finally {
        await r.stop();
      }
    });

    it('on stop, aborts the reconcile signal at once and waits for the reconcile to return, at most the grace period', async () => {
      const mgr = await newManager(env, { gracefulShutdownTimeout: 60_000 });
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'grace');
      let release!: () => void;
      const gate = new Promise<void>((r) => { release = r; });
      let signal: AbortSignal | undefined;
      let finished = false;
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('grace-test')
        .complete(async (req, ctx) => {
          if (req.namespace !== ns) return {};
          signal = ctx.signal;
          await gate; // ignores the signal
          finished = true;
          return {};
        });
      await client.create(ConfigMap, cm(ns, 'slow'));
      const r = runManager(mgr);
      await eventually(() => signal !== undefined, 'the reconcile to start');
      expect(signal!.aborted).toBe(false);
      mgr.stop();
      // As controller-runtime cancels the reconcile context when shutdown begins.
      await eventually(() => signal!.aborted, 'the reconcile signal to abort when shutdown begins');
      let stopped = false;
      void r.done.then(() => { stopped = true; });
      await new Promise((res) => setImmediate(res));
      expect(stopped).toBe(false); // still waiting for the reconcile to return
      release();
      await r.done;
      expect(finished).toBe(true);

      // A reconcile that heeds the signal lets the manager stop long before a (long) grace period ends.
      const mgr2 = await newManager(env, { gracefulShutdownTimeout: 600_000 });
      let heeded = false;
      await controllerManagedBy(mgr2)
        .for(ConfigMap)
        .named('grace-heed-test')
        .complete(async (req, ctx) => {
          if (req.namespace !== ns || req.name !== 'slow') return {};
          await new Promise<void>((res) => ctx.signal.addEventListener('abort', () => { heeded = true; res(); }, { once: true }));
          return {};
        });
      const r2 = runManager(mgr2);
      await eventually(() => mgr2.getControllers()[0].queue.processingLen() > 0, 'the heeding reconcile to start');
      await r2.stop();
      expect(heeded).toBe(true);

      // One that never returns holds the manager no longer than the grace period.
      const mgr3 = await newManager(env, { gracefulShutdownTimeout: 200 });
      await controllerManagedBy(mgr3)
        .for(ConfigMap)
        .named('grace-stuck-test')
        .complete(async (req) => {
          if (req.namespace !== ns || req.name !== 'slow') return {};
          await new Promise<void>(() => undefined);
          return {};
        });
      const r3 = runManager(mgr3);
      await eventually(() => mgr3.getControllers()[0].queue.processingLen() > 0, 'the stuck reconcile to start');
      await r3.stop();
    });

    it('gives each reconcile a logger carrying the controller, object and a fresh reconcileID', async () => {
      const lines: Record<string, unknown>[] = [];
      const logger = newLogger({ output: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) } });
      const mgr = await newManager(env, { logger });
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'logs');
      let attempts = 0;
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('log-test')
        .complete(async (req, ctx) => {
          if (req.namespace !== ns) return {};
          attempts++;
          ctx.log.info('working', { attempt: attempts });
          if (attempts === 1) throw new Error('first attempt fails');
          return {};
        });
      await client.create(ConfigMap, cm(ns, 'logged'));
      const r = runManager(mgr);
      try {
        await eventually(() => attempts === 2, 'the retry');
      } finally {
        await r.stop();
      }
      const working = lines.filter((l) => l.msg === 'working');
      expect(working).toHaveLength(2);
      expect(working[0]).toMatchObject({ controller: 'log-test', controllerKind: 'ConfigMap', namespace: ns, name: 'logged', ConfigMap: { name: 'logged', namespace: ns } });
      expect(working[0].reconcileID).toEqual(expect.any(String));
      expect(working[0].reconcileID).not.toBe(working[1].reconcileID);
      const failure = lines.find((l) => l.msg === 'Reconciler error');
      expect(failure).toMatchObject({ level: 'error', reconcileID: working[0].reconcileID, name: 'logged' });
      expect(JSON.stringify(failure)).toContain('first attempt fails');
    });

    it("builds a reconcile's logger only when the reconcile reads it, one per reconcile, spread or not", async () => {
      const lines: Record<string, unknown>[] = [];
      const logger = newLogger({ output: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) } });
      const mgr = await newManager(env, { logger });
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'lazy-logs');
      const built = vi.spyOn(Logger.prototype, 'withValues');
      const seen: { name: string; id: string; spreadId: string }[] = [];
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('lazy-log-test')
        .complete(async (req, ctx) => {
          if (req.namespace !== ns) return {};
          if (req.name.startsWith('quiet')) {
            seen.push({ name: req.name, id: '', spreadId: '' });
            return {};
          }
          const id = ctx.reconcileID;
          const spread = { ...ctx };
          spread.log.info('loud');
          seen.push({ name: req.name, id, spreadId: spread.reconcileID });
          return {};
        });
      for (const name of ['quiet-1', 'quiet-2', 'quiet-3', 'loud-1', 'loud-2']) await client.create(ConfigMap, cm(ns, name));
      const r = runManager(mgr);
      let calls: (typeof built.mock.calls)[number][];
      try {
        await eventually(() => seen.length === 5, 'the five reconciles');
      } finally {
        await r.stop();
        calls = [...built.mock.calls];
        built.mockRestore();
      }
      const reconcileLoggers = calls.filter(([values]) => 'reconcileID' in values);
      expect(reconcileLoggers.map(([values]) => values.name).sort()).toEqual(['loud-1', 'loud-2']);
      const loud = seen.filter((s) => s.name.startsWith('loud'));
      for (const s of loud) {
        expect(s.spreadId).toBe(s.id);
        expect(lines.find((l) => l.msg === 'loud' && l.name === s.name)).toMatchObject({ reconcileID: s.id, controller: 'lazy-log-test' });
      }
      expect(loud[0].id).not.toBe(loud[1].id);
    });

    it("keeps a reconcile context's log and reconcileID own, enumerable and its log assignable, as plain fields were", async () => {
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'ctx-fields');
      const seen: { keys: string[]; replaced: boolean; spreadLog: boolean }[] = [];
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('ctx-fields-test')
        .complete(async (req, ctx) => {
          if (req.namespace !== ns) return {};
          const keys = Object.keys(ctx);
          const mine = ctx.log.withName('mine');
          ctx.log = mine;
          seen.push({ keys, replaced: ctx.log === mine, spreadLog: { ...ctx }.log === mine });
          return {};
        });
      await client.create(ConfigMap, cm(ns, 'one'));
      const r = runManager(mgr);
      try {
        await eventually(() => seen.length === 1, 'the reconcile');
      } finally {
        await r.stop();
      }
      expect(seen[0]).toEqual({ keys: expect.arrayContaining(['signal', 'log', 'reconcileID']) as string[], replaced: true, spreadLog: true });
    });

    it('logs a conflict the queue retries once, at info and without a stack; other errors stay "Reconciler error"', async () => {
      const lines: Record<string, unknown>[] = [];
      // JSON lines with stack traces at error level (as a development logger has them).
      const logger = newLogger({ stacktraceLevel: 'error', output: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) } });
      const mgr = await newManager(env, { logger });
      const client = mgr.getClient();
      const ns = await createNamespace(client, 'conflicts');
      let attempts = 0;
      await controllerManagedBy(mgr)
        .for(ConfigMap)
        .named('conflict-test')
        .complete(async (req) => {
          if (req.namespace !== ns) return {};
          attempts++;
          const stale = await client.get(ConfigMap, req);
          if (attempts === 1) {
            // Someone else writes first: the update below carries a stale resourceVersion.
            await client.update(ConfigMap, { ...stale, data: { by: 'someone else' } });
            await client.update(ConfigMap, { ...stale, data: { by: 'reconciler' } });
          }
          return {};
        });
      await client.create(ConfigMap, cm(ns, 'contended'));
      const r = runManager(mgr);
      try {
        await eventually(() => attempts === 2, 'the retry after the conflict');
      } finally {
        await r.stop();
      }
      const mine = lines.filter((l) => l.controller === 'conflict-test' && l.namespace === ns);
      expect(mine.filter((l) => l.msg === 'Reconciler error')).toEqual([]);
      const conflicts = mine.filter((l) => l.msg === 'Reconciler conflict, requeued');
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]).toMatchObject({ level: 'info', name: 'contended' });
      expect(conflicts[0].error).toMatch(/the object has been modified; please apply your changes to the latest version and try again/);
      expect(conflicts[0]).not.toHaveProperty('stacktrace');
      expect(JSON.stringify(conflicts[0])).not.toMatch(/\n\s+at /);
    });

    it('takes defaults from the manager\'s controller options: global, per group-kind, then withOptions', async () => {
      const mgr = await newManager(env, {
        controller: { maxConcurrentReconciles: 2, groupKindConcurrency: { ConfigMap: 4, 'Deployment.apps': 5 }, reconciliationTimeoutMs: 60_000 },
      });
      await controllerManagedBy(mgr).for(ConfigMap).named('defaults-gk').complete(async () => ({}));
      await controllerManagedBy(mgr).for(Deployment).named('defaults-gk-apps').complete(async () => ({}));
      await controllerManagedBy(mgr).for(Secret).named('defaults-global').complete(async () => ({}));
      await controllerManagedBy(mgr).for(Secret).withOptions({ maxConcurrentReconciles: 7 }).named('defaults-own').complete(async () => ({}));
      const r = runManager(mgr);
      try {
        const text = await eventually(async () => {
          const t = await mgr.getMetrics().text();
          const started = ['defaults-gk', 'defaults-gk-apps', 'defaults-global', 'defaults-own'].every((c) => t.includes(`controller_runtime_max_concurrent_reconciles{controller="${c}"}`));
          return started ? t : false;
        }, 'the controllers to start');
        expect(text).toMatch(/controller_runtime_max_concurrent_reconciles\{controller="defaults-gk"\} 4\n/);
        expect(text).toMatch(/controller_runtime_max_concurrent_reconciles\{controller="defaults-gk-apps"\} 5\n/);
        expect(text).toMatch(/controller_runtime_max_concurrent_reconciles\{controller="defaults-global"\} 2\n/);
        expect(text).toMatch(/controller_runtime_max_concurrent_reconciles\{controller="defaults-own"\} 7\n/);
      } finally {
        await r.stop();
      }
    });

    it('exports its worker count while its sources are still syncing', async () => {
      const mgr = await newManager(env);
      const Missing = defineKind({ group: 'nowhere.example.com', version: 'v1', kind: 'Missing', plural: 'missings', namespaced: true });
      await controllerManagedBy(mgr).for(Missing).withOptions({ maxConcurrentReconciles: 3 }).named('never-synced').complete(async () => ({}));
      const r = runManager(mgr);
      try {
        await eventually(
          async () => /controller_runtime_max_concurrent_reconciles\{controller="never-synced"\} 3\n/.test(await mgr.getMetrics().text()),
          'the worker count of a controller waiting for its cache',
        );
      } finally {
        await r.stop();
      }
    });

    it('refuses duplicate controller names and builders without a kind, naming the problem', async () => {
      const mgr = await newManager(env);
      await controllerManagedBy(mgr).for(ConfigMap).complete(async () => ({}));
      await expect(controllerManagedBy(mgr).for(ConfigMap).complete(async () => ({}))).rejects.toThrow(/controller with name "configmap" already exists/);
      await expect(controllerManagedBy(mgr).owns(Secret).named('x').complete(async () => ({}))).rejects.toThrow(/owns\(Secret\) needs for\(\)/);
      expect(() => controllerManagedBy(mgr).for(ConfigMap).for(Secret)).toThrow(/for\(\) was already called/);
    });
  });
});
