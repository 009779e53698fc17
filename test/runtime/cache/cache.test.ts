import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { ConfigMap, isNotFound, newLogger, Secret, type Wire } from '../../../src/runtime/index.js';
import { describeBackends } from '../../support/backends.js';
import { clientAndCache, createNamespace, untilWatchCacheHolds } from '../../support/runtime.js';

describeBackends('cache', (backend) => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await backend.start();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const cm = (namespace: string, name: string, labels: Record<string, string> = {}, owner?: string): Wire<V1ConfigMap> => ({
    metadata: { namespace, name, labels, annotations: owner ? { owner } : undefined },
    data: { v: name },
  });

  describe('InformerCache', () => {
    it('serves get and list from memory after sync, with label selectors and namespace scoping', async () => {
      const h = clientAndCache(env);
      const a = await createNamespace(h.client, 'cache');
      const b = await createNamespace(h.client, 'cache');
      await h.client.create(ConfigMap, cm(a, 'one', { app: 'web' }));
      await h.client.create(ConfigMap, cm(a, 'two', { app: 'db' }));
      await h.client.create(ConfigMap, cm(b, 'three', { app: 'web' }));
      await untilWatchCacheHolds(h.transport, ConfigMap, a, ['one', 'two']);
      await untilWatchCacheHolds(h.transport, ConfigMap, b, ['three']);
      h.start();
      try {
        const informer = h.cache.getInformer(ConfigMap);
        expect(await h.cache.waitForCacheSync()).toBe(true);
        expect(informer.hasSynced()).toBe(true);
        const names = (l: Wire<V1ConfigMap>[]) => l.map((o) => o.metadata?.name).sort();
        expect(names(await h.client.list(ConfigMap, { namespace: a }))).toEqual(['one', 'two']);
        expect(names(await h.client.list(ConfigMap, { labelSelector: 'app=web' }))).toEqual(['one', 'three']);
        expect(names(await h.client.list(ConfigMap, { namespace: a, labelSelector: { app: 'web' } }))).toEqual(['one']);
        expect(names(await h.client.list(ConfigMap, { matchingFields: { 'metadata.name': 'three' } }))).toEqual(['three']);
        const missing = await h.client.get(ConfigMap, { namespace: a, name: 'nope' }).catch((e: unknown) => e);
        expect(isNotFound(missing)).toBe(true);

        // Writes show up through the watch.
        await h.client.create(ConfigMap, cm(a, 'four'));
        await eventually(async () => (await h.client.list(ConfigMap, { namespace: a })).length === 3, 'four to be cached');
        await h.client.delete(ConfigMap, cm(a, 'one'));
        await eventually(async () => isNotFound(await h.client.get(ConfigMap, { namespace: a, name: 'one' }).catch((e: unknown) => e)), 'one to leave the cache');
      } finally {
        await h.stop();
      }
    });

    it('gives cached objects their apiVersion and kind, whether they came from the first list or the watch', async () => {
      // Typed list items carry no apiVersion/kind; event recorders and owner references need them.
      const h = clientAndCache(env);
      const ns = await createNamespace(h.client, 'typed');
      await h.client.create(ConfigMap, cm(ns, 'listed'));
      await untilWatchCacheHolds(h.transport, ConfigMap, ns, ['listed']);
      h.start();
      try {
        expect(await h.client.get(ConfigMap, { namespace: ns, name: 'listed' })).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
        await h.client.create(ConfigMap, cm(ns, 'watched'));
        const watched = await eventually(() => h.client.get(ConfigMap, { namespace: ns, name: 'watched' }), 'watched to be cached');
        expect(watched).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
        for (const o of await h.client.list(ConfigMap, { namespace: ns })) expect(o).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
      } finally {
        await h.stop();
      }
    });

    it('hands out copies: changing a read object does not change the cache', async () => {
      const h = clientAndCache(env);
      const ns = await createNamespace(h.client, 'copy');
      await h.client.create(ConfigMap, cm(ns, 'x'));
      await untilWatchCacheHolds(h.transport, ConfigMap, ns, ['x']);
      h.start();
      try {
        const got = await h.client.get(ConfigMap, { namespace: ns, name: 'x' });
        got.data!.v = 'changed';
        (await h.client.list(ConfigMap, { namespace: ns }))[0].data!.v = 'changed too';
        expect((await h.client.get(ConfigMap, { namespace: ns, name: 'x' })).data).toEqual({ v: 'x' });
      } finally {
        await h.stop();
      }
    });

    it('answers matchingFields from a field index, following updates of the indexed value', async () => {
      const h = clientAndCache(env);
      const ns = await createNamespace(h.client, 'index');
      h.cache.indexField(ConfigMap, '.metadata.annotations.owner', (o: Wire<V1ConfigMap>) => o.metadata?.annotations?.owner);
      for (let i = 0; i < 5; i++) await h.client.create(ConfigMap, cm(ns, `c${i}`, {}, i % 2 === 0 ? 'even' : 'odd'));
      await untilWatchCacheHolds(h.transport, ConfigMap, ns, ['c0', 'c1', 'c2', 'c3', 'c4']);
      h.start();
      try {
        const owned = async (owner: string) =>
          (await h.client.list(ConfigMap, { namespace: ns, matchingFields: { '.metadata.annotations.owner': owner } })).map((o) => o.metadata?.name).sort();
        expect(await owned('even')).toEqual(['c0', 'c2', 'c4']);
        expect(await owned('odd')).toEqual(['c1', 'c3']);
        const c0 = await h.client.get(ConfigMap, { namespace: ns, name: 'c0' });
        await h.client.update(ConfigMap, { ...c0, metadata: { ...c0.metadata, annotations: { owner: 'odd' } } });
        await eventually(async () => (await owned('odd')).length === 3, 'c0 to move to the odd index');
        expect(await owned('even')).toEqual(['c2', 'c4']);
        await expect(h.client.list(ConfigMap, { matchingFields: { 'spec.nothing': 'x' } })).rejects.toThrow(/no field index "spec.nothing"/);
      } finally {
        await h.stop();
      }
    });

    it('keeps a kind moving when an index function throws on one object, and says so loudly', async () => {
      const lines: string[] = [];
      const logger = newLogger({ level: 'info', output: { write: (line: string) => (lines.push(line), true) } });
      const h = clientAndCache(env, { logger });
      const ns = await createNamespace(h.client, 'bad-index');
      // Throws on objects without the annotation, as `o.spec.configRef!.toLowerCase()` would.
      h.cache.indexField(ConfigMap, 'owner', (o: Wire<V1ConfigMap>) => o.metadata!.annotations!.owner.toLowerCase());
      await h.client.create(ConfigMap, cm(ns, 'before', {}, 'Alice'));
      await h.client.create(ConfigMap, cm(ns, 'unowned'));
      await untilWatchCacheHolds(h.transport, ConfigMap, ns, ['before', 'unowned']);
      h.start();
      try {
        expect(await h.cache.getInformer(ConfigMap).waitForSync()).toBe(true);
        // The object the index function throws on is cached (just not in that index); later changes still arrive.
        expect((await h.client.get(ConfigMap, { namespace: ns, name: 'unowned' })).data).toEqual({ v: 'unowned' });
        await h.client.create(ConfigMap, cm(ns, 'after', {}, 'ALICE'));
        await h.client.create(ConfigMap, cm(ns, 'unowned-too'));
        await eventually(() => h.client.get(ConfigMap, { namespace: ns, name: 'unowned-too' }), 'the cache to keep moving');
        const owned = (await h.client.list(ConfigMap, { namespace: ns, matchingFields: { owner: 'alice' } })).map((o) => o.metadata?.name).sort();
        expect(owned).toEqual(['after', 'before']);
        const errors = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 'error' && l.index === 'owner' && String(l.key).startsWith(`${ns}/`));
        expect(errors.map((e) => e.key).sort()).toEqual([`${ns}/unowned`, `${ns}/unowned-too`]);
        expect(errors[0]).toMatchObject({ logger: 'cache', kind: 'ConfigMap', msg: 'index function failed: the object is cached but not in this index' });
        expect(String(errors[0].error)).toMatch(/toLowerCase|undefined/);
      } finally {
        await h.stop();
      }
    });


    it('keeps delivering to the other handlers and keeps watching when one event handler throws, and logs it', async () => {
      const lines: string[] = [];
      const logger = newLogger({ level: 'info', output: { write: (line: string) => (lines.push(line), true) } });
      const h = clientAndCache(env, { logger });
      const ns = await createNamespace(h.client, 'bad-handler');
      await h.client.create(ConfigMap, cm(ns, 'listed'));
      const informer = h.cache.getInformer(ConfigMap);
      const boom = (): void => {
        throw new Error('handler bug');
      };
      informer.addEventHandler({ onAdd: boom, onUpdate: boom, onDelete: boom });
      const seen: string[] = [];
      const mine = (o: Wire<V1ConfigMap>) => o.metadata?.namespace === ns;
      informer.addEventHandler({
        onAdd: (o) => void (mine(o) && seen.push(`add ${o.metadata?.name}`)),
        onUpdate: (_o, n) => void (mine(n) && seen.push(`update ${n.metadata?.name}`)),
        onDelete: (o) => void (mine(o) && seen.push(`delete ${o.metadata?.name}`)),
      });
      h.start();
      try {
        expect(await informer.waitForSync()).toBe(true);
        await h.client.create(ConfigMap, cm(ns, 'watched'));
        // From the API: the cache may not have the create yet (kube-apiserver's watch trails its answer).
        await h.client.update(ConfigMap, { ...(await h.client.apiReader.get(ConfigMap, { namespace: ns, name: 'watched' })), data: { v: 'changed' } });
        await h.client.delete(ConfigMap, cm(ns, 'watched'));
        await eventually(() => seen.length === 4, 'the second handler to see all four events');
        expect(seen).toEqual(['add listed', 'add watched', 'update watched', 'delete watched']);
        const failures = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'informer event handler failed');
        expect(failures.length).toBeGreaterThanOrEqual(4);
        expect(failures[0]).toMatchObject({ level: 'error', kind: 'ConfigMap', error: 'handler bug' });
      } finally {
        await h.stop();
      }
    });
    it('delivers an event to the handlers registered then: one removed by another during a delivery misses it, a removed one hears no more', async () => {
      const h = clientAndCache(env);
      const ns = await createNamespace(h.client, 'handler-set');
      const informer = h.cache.getInformer(ConfigMap);
      const seen: string[] = [];
      const mine = (o: Wire<V1ConfigMap>) => o.metadata?.namespace === ns;
      const registrations: { remove(): void }[] = [];
      const record = (who: string) => ({ onAdd: (o: Wire<V1ConfigMap>) => void (mine(o) && seen.push(`${who} ${o.metadata?.name}`)) });
      registrations.push(
        informer.addEventHandler({
          onAdd: (o) => {
            if (!mine(o)) return;
            seen.push(`first ${o.metadata?.name}`);
            registrations[1].remove(); // the second handler, not yet reached for this event
          },
        }),
      );
      registrations.push(informer.addEventHandler(record('second')));
      h.start();
      try {
        expect(await informer.waitForSync()).toBe(true);
        await h.client.create(ConfigMap, cm(ns, 'a'));
        await eventually(() => seen.length === 1, 'the first handler to see a');
        registrations[0].remove();
        informer.addEventHandler(record('third'));
        await h.client.create(ConfigMap, cm(ns, 'b'));
        await eventually(() => seen.includes('third b'), 'the third handler to see b');
        expect(seen).toEqual(['first a', 'third a', 'third b']);
      } finally {
        await h.stop();
      }
    });

    it('limited to some namespaces, sees only those and refuses reads of others', async () => {
      const setup = clientAndCache(env);
      const a = await createNamespace(setup.client, 'lim');
      const b = await createNamespace(setup.client, 'lim');
      const c = await createNamespace(setup.client, 'lim');
      for (const ns of [a, b, c]) await setup.client.create(Secret, { metadata: { namespace: ns, name: 's' }, stringData: { k: ns } });
      for (const ns of [a, b]) await untilWatchCacheHolds(setup.transport, Secret, ns, ['s']);
      await setup.stop();

      const h = clientAndCache(env, { namespaces: [a, b] });
      h.start();
      try {
        const all = await h.client.list(Secret, { matchingFields: { 'metadata.name': 's' } });
        expect(all.map((s) => s.metadata?.namespace).sort()).toEqual([a, b].sort());
        expect((await h.client.get(Secret, { namespace: b, name: 's' })).metadata?.namespace).toBe(b);
        await expect(h.client.get(Secret, { namespace: c, name: 's' })).rejects.toThrow(/not among the cache's namespaces/);
        // A new object in a watched namespace arrives; one in another namespace does not.
        await h.client.create(Secret, { metadata: { namespace: a, name: 't' } });
        await h.client.create(Secret, { metadata: { namespace: c, name: 't' } });
        await eventually(async () => (await h.client.list(Secret, { namespace: a })).length === 2, 'the new secret in a');
        expect((await h.client.list(Secret, {})).map((s) => s.metadata?.namespace).includes(c)).toBe(false);
        expect(h.cache.getInformer(Secret).stats().watches).toBeGreaterThanOrEqual(2); // one watch per namespace
      } finally {
        await h.stop();
      }
    });

    it('re-delivers every cached object as an unchanged update each resync period', async () => {
      const h = clientAndCache(env, { resyncPeriodMs: 50 });
      const ns = await createNamespace(h.client, 'resync');
      await h.client.create(ConfigMap, cm(ns, 'r'));
      const resynced: boolean[] = [];
      h.cache.getInformer(ConfigMap).addEventHandler({
        onUpdate: (o, n) => {
          if (n.metadata?.namespace === ns) resynced.push(o === n);
        },
      });
      h.start();
      try {
        await eventually(() => resynced.length >= 2, 'two resyncs');
        expect(resynced.every(Boolean)).toBe(true);
      } finally {
        await h.stop();
      }
    });

    it('caches only what a per-kind label selector selects', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'bykind');
      await setup.client.create(ConfigMap, cm(ns, 'mine', { owned: 'yes' }));
      await setup.client.create(ConfigMap, cm(ns, 'other', { owned: 'no' }));
      await untilWatchCacheHolds(setup.transport, ConfigMap, ns, ['mine']);
      await setup.stop();
      const h = clientAndCache(env, { byKind: new Map([[ConfigMap, { labelSelector: 'owned=yes' }]]) });
      h.start();
      try {
        expect((await h.client.list(ConfigMap, { namespace: ns })).map((o) => o.metadata?.name)).toEqual(['mine']);
      } finally {
        await h.stop();
      }
    });

    it('refuses reads before it is started, saying why', async () => {
      const h = clientAndCache(env);
      await expect(h.client.get(ConfigMap, { namespace: 'x', name: 'y' })).rejects.toThrow(/cache is not started/);
      await h.stop();
    });
  });
});
