/**
 * The list/watch loop against an API server that misbehaves: every fault must end with the
 * cache matching the server again, without anyone restarting anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { eventually, type TestEnvironment } from '../../../src/testing/index.js';
import { ConfigMap, type InformerEventHandler, newLogger, Secret, type Wire } from '../../../src/runtime/index.js';
import { startEnv } from '../../support/environment.js';
import { clientAndCache, createNamespace } from '../../support/runtime.js';

let env: TestEnvironment;
beforeAll(async () => {
  env = await startEnv({ server: { bookmarkIntervalMs: 100 } });
});
afterAll(async () => {
  await env?.stop();
});

const cm = (namespace: string, name: string, v = '0'): Wire<V1ConfigMap> => ({ metadata: { namespace, name }, data: { v } });

/** Records handler calls per object name. */
function recorder() {
  const events: string[] = [];
  const handler: InformerEventHandler<Wire<V1ConfigMap>> = {
    onAdd: (o) => events.push(`add ${o.metadata?.name}`),
    onUpdate: (_old, o) => events.push(`update ${o.metadata?.name} ${o.data?.v}`),
    onDelete: (o) => events.push(`delete ${o.metadata?.name}`),
  };
  return { events, handler };
}

async function cachedValues(h: ReturnType<typeof clientAndCache>, ns: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const o of await h.client.list(ConfigMap, { namespace: ns })) out[o.metadata!.name!] = o.data?.v ?? '';
  return out;
}

async function serverValues(h: ReturnType<typeof clientAndCache>, ns: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const o of await h.client.apiReader.list(ConfigMap, { namespace: ns })) out[o.metadata!.name!] = o.data?.v ?? '';
  return out;
}

async function converged(h: ReturnType<typeof clientAndCache>, ns: string, what: string): Promise<void> {
  await eventually(async () => JSON.stringify(await cachedValues(h, ns)) === JSON.stringify(await serverValues(h, ns)), what);
}

describe('list/watch faults', () => {
  it('reconnects after the server drops the watch, cleanly or abruptly, and misses nothing', async () => {
    const h = clientAndCache(env);
    const ns = await createNamespace(h.client, 'drop');
    await h.client.create(ConfigMap, cm(ns, 'a'));
    h.start();
    const informer = h.cache.getInformer(ConfigMap);
    await informer.waitForSync();
    try {
      for (const abrupt of [false, true]) {
        const watchesBefore = informer.stats().watches;
        await eventually(() => env.server.watchCount > 0, 'a watch to be open');
        expect(env.server.dropWatches({ abrupt })).toBeGreaterThan(0);
        await h.client.create(ConfigMap, cm(ns, `after-${abrupt}`));
        await converged(h, ns, `cache to catch up after an ${abrupt ? 'abrupt' : 'clean'} drop`);
        expect(informer.stats().watches).toBeGreaterThan(watchesBefore);
      }
      expect(informer.stats().lists).toBe(1); // resumed from the resourceVersion, no relist needed
    } finally {
      await h.stop();
    }
  });

  it('keeps its resourceVersion fresh from bookmarks, so a reconnect after compaction needs no relist', async () => {
    const h = clientAndCache(env);
    const ns = await createNamespace(h.client, 'bookmarks');
    await h.client.create(ConfigMap, cm(ns, 'a'));
    h.start();
    const informer = h.cache.getInformer(ConfigMap);
    await informer.waitForSync();
    try {
      // Writes of another resource move the server's resourceVersion on; no ConfigMap event tells us.
      for (let i = 0; i < 20; i++) await h.client.create(Secret, { metadata: { namespace: ns, name: `s${i}` } });
      const seen = informer.stats().bookmarks;
      await eventually(() => informer.stats().bookmarks >= seen + 2, 'bookmarks after the writes');
      env.server.setWatchHistoryLimit(1); // everything before the last write is compacted away
      env.server.dropWatches();
      await h.client.create(ConfigMap, cm(ns, 'b'));
      await converged(h, ns, 'cache to resume after compaction');
      expect({ gone: informer.stats().gone, lists: informer.stats().lists }).toEqual({ gone: 0, lists: 1 });
    } finally {
      env.server.setWatchHistoryLimit(10_000);
      await h.stop();
    }
  });

  it('relists on 410 Gone and delivers every object again, including deletions it missed', async () => {
    const h = clientAndCache(env);
    const ns = await createNamespace(h.client, 'gone');
    for (const n of ['a', 'b', 'c']) await h.client.create(ConfigMap, cm(ns, n));
    const informer = h.cache.getInformer(ConfigMap);
    const rec = recorder();
    informer.addEventHandler(rec.handler);
    h.start();
    await informer.waitForSync();
    try {
      await eventually(() => env.server.watchCount > 0, 'a watch to be open');
      env.server.stallWatches();
      // Changes the stalled watch never delivers; then history is compacted past them.
      await h.client.delete(ConfigMap, cm(ns, 'a'));
      const b = await h.client.apiReader.get(ConfigMap, { namespace: ns, name: 'b' });
      await h.client.update(ConfigMap, { ...b, data: { v: '1' } });
      await h.client.create(ConfigMap, cm(ns, 'd'));
      env.server.setWatchHistoryLimit(1);
      rec.events.length = 0;
      env.server.dropWatches();
      await converged(h, ns, 'cache to relist after 410');
      env.server.setWatchHistoryLimit(10_000);
      expect(informer.stats().gone).toBeGreaterThanOrEqual(1);
      expect(informer.stats().lists).toBeGreaterThanOrEqual(2);
      const mine = rec.events.filter((e) => / (a|b|c|d)\b/.test(e));
      expect(mine).toEqual(expect.arrayContaining(['delete a', 'update b 1', 'update c 0', 'add d']));
    } finally {
      await h.stop();
    }
  });

  it('relists when the watch answers with a 410 ERROR event', async () => {
    const h = clientAndCache(env);
    const ns = await createNamespace(h.client, 'gone-event');
    await h.client.create(ConfigMap, cm(ns, 'a'));
    h.start();
    const informer = h.cache.getInformer(ConfigMap);
    await informer.waitForSync();
    try {
      env.server.failNext({ code: 410, watch: true, path: 'configmaps' });
      env.server.dropWatches();
      await eventually(() => informer.stats().gone >= 1, 'the 410 to be seen');
      await h.client.create(ConfigMap, cm(ns, 'b'));
      await converged(h, ns, 'cache to recover after a 410 watch answer');
    } finally {
      await h.stop();
    }
  });

  it('reopens a watch that went silent (no events, no bookmarks)', async () => {
    const h = clientAndCache(env, { stallTimeoutMs: 600 });
    const ns = await createNamespace(h.client, 'stall');
    h.start();
    const informer = h.cache.getInformer(ConfigMap);
    await informer.waitForSync();
    try {
      await eventually(() => env.server.watchCount > 0, 'a watch to be open');
      env.server.stallWatches();
      await h.client.create(ConfigMap, cm(ns, 'during-stall'));
      await eventually(() => informer.stats().stalls >= 1, 'the stall to be detected');
      await converged(h, ns, 'cache to catch up after the stall');
      expect((await cachedValues(h, ns))['during-stall']).toBe('0');
    } finally {
      await h.stop();
    }
  });

  it('keeps a watch that stays busy open for longer than the stall timeout (data postpones the stall)', async () => {
    const h = clientAndCache(env, { stallTimeoutMs: 800 });
    const ns = await createNamespace(h.client, 'busy');
    h.start();
    const informer = h.cache.getInformer(ConfigMap);
    await informer.waitForSync();
    try {
      await eventually(() => env.server.watchCount > 0, 'a watch to be open');
      const watches = informer.stats().watches;
      // Bookmarks every 100 ms and a create every 200 ms, for three stall timeouts.
      for (let i = 0; i < 12; i++) {
        await h.client.create(ConfigMap, cm(ns, `busy-${String(i).padStart(2, '0')}`));
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(informer.stats().stalls).toBe(0);
      expect(informer.stats().watches).toBe(watches);
      await converged(h, ns, 'the cache to hold every create');
    } finally {
      await h.stop();
    }
  });

  it('retries watch requests left unanswered after the shortest backoff: hangs do not compound the delay', async () => {
    const lines: string[] = [];
    const logger = newLogger({ level: 'info', output: { write: (line: string) => (lines.push(line), true) } });
    const h = clientAndCache(env, { logger, stallTimeoutMs: 150, watchBackoff: { initialMs: 20, maxMs: 10_000, jitter: 0 } });
    const ns = await createNamespace(h.client, 'hung');
    await h.client.create(ConfigMap, cm(ns, 'a'));
    const hang = env.server.hangNext({ watch: true, path: `/configmaps`, count: 5 });
    h.start();
    try {
      expect(await h.cache.getInformer(ConfigMap).waitForSync()).toBe(true);
      await eventually(() => hang.remaining === 0 && env.server.hungRequestCount === 0, 'five hung watches to be given up');
      await h.client.create(ConfigMap, cm(ns, 'b'));
      await converged(h, ns, 'the cache to catch up after five hung watches');
      const retries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'watch request unanswered, reconnecting');
      expect(retries).toHaveLength(5);
      // Doubling would have waited 20, 40, 80, 160, 320 ms.
      expect(retries.map((r) => r.delayMs)).toEqual([20, 20, 20, 20, 20]);
    } finally {
      await h.stop();
    }
  });

  it('retries lists and watches answered with 429 and 500 (429 with Retry-After in the transport, unseen by the informer)', async () => {
    const h = clientAndCache(env);
    const ns = await createNamespace(h.client, 'errors');
    await h.client.create(ConfigMap, cm(ns, 'a'));
    const listFault = env.server.failNext({ code: 429, watch: false, method: 'GET', path: 'configmaps', count: 2 });
    const watchFault = env.server.failNext({ code: 500, watch: true, path: 'configmaps', count: 2 });
    h.start();
    const informer = h.cache.getInformer(ConfigMap);
    try {
      expect(await informer.waitForSync()).toBe(true);
      await eventually(() => watchFault.hits === 2, 'both watch faults to be hit');
      expect(listFault.hits).toBe(2);
      await h.client.create(ConfigMap, cm(ns, 'b'));
      await converged(h, ns, 'cache to work after 429s and 500s');
      // The two 500s (no Retry-After) reach the informer; the 429s were waited out by the transport.
      expect(informer.stats().errors).toBe(2);
    } finally {
      await h.stop();
    }
  });
});
