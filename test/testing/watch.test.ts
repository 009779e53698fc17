import { connect } from 'node:net';
import * as k8s from '@kubernetes/client-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { WATCH_BUFFER_LIMIT_BYTES } from '../../src/testing/server/handlers/watch.js';
import { collectEvents, credentials } from './support.js';

let env: TestEnvironment;
let core: k8s.CoreV1Api;

beforeEach(async () => {
  env = await startTestEnvironment({ server: { watchHistoryLimit: 5, bookmarkIntervalMs: 20 } });
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
});
afterEach(() => env.stop());

const CM_PATH = '/api/v1/namespaces/default/configmaps';

/** Waits until the server has `n` watches open (no fixed delays: the machine may be slow). */
async function watchesOpen(n: number): Promise<void> {
  for (let i = 0; i < 500 && env.server.watchCount < n; i++) await new Promise((r) => setTimeout(r, 10));
  expect(env.server.watchCount).toBe(n);
}

function cm(name: string, labels: Record<string, string> = {}): k8s.V1ConfigMap {
  return { metadata: { name, labels }, data: { v: '1' } };
}

describe('watch', () => {
  it('starts after the given resourceVersion and orders events by resourceVersion', async () => {
    const first = await core.createNamespacedConfigMap({ namespace: 'default', body: cm('a') });
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('b') });
    const w = collectEvents(env.kubeConfig, CM_PATH, { resourceVersion: first.metadata!.resourceVersion! }, (e) => e.length >= 3);
    await core.patchNamespacedConfigMap({ namespace: 'default', name: 'a', body: { data: { v: '2' } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'b' });
    const events = await w.done;
    expect(events.map((e) => [e.type, (e.object.metadata as { name: string }).name])).toEqual([
      ['ADDED', 'b'],
      ['MODIFIED', 'a'],
      ['DELETED', 'b'],
    ]);
    const rvs = events.map((e) => Number((e.object.metadata as { resourceVersion: string }).resourceVersion));
    expect([...rvs].sort((x, y) => x - y)).toEqual(rvs);
  });

  it('sends the current state as ADDED events when no resourceVersion is given', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('x') });
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('y') });
    const events = await collectEvents(env.kubeConfig, CM_PATH, {}, (e) => e.length >= 2).done;
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'ADDED']);
    expect(events.map((e) => (e.object.metadata as { name: string }).name)).toEqual(['x', 'y']);
  });

  it('filters by label selector and reports objects leaving the selection as DELETED', async () => {
    const start = await core.createNamespacedConfigMap({ namespace: 'default', body: cm('sel', { app: 'web' }) });
    // Starting from a resourceVersion, the watch sees these writes whenever it connects.
    const w = collectEvents(env.kubeConfig, CM_PATH, { resourceVersion: start.metadata!.resourceVersion!, labelSelector: 'app=web' }, (e) => e.length >= 2);
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('other', { app: 'db' }) });
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('sel2', { app: 'web' }) });
    await core.patchNamespacedConfigMap({ namespace: 'default', name: 'sel', body: { metadata: { labels: { app: 'db' } } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
    const events = await w.done;
    expect(events.map((e) => [e.type, (e.object.metadata as { name: string }).name])).toEqual([
      ['ADDED', 'sel2'],
      ['DELETED', 'sel'],
    ]);
  });

  it('answers a too old resourceVersion with a 410 ERROR event', async () => {
    const first = await core.createNamespacedConfigMap({ namespace: 'default', body: cm('old') });
    for (let i = 0; i < 6; i++) await core.createNamespacedConfigMap({ namespace: 'default', body: cm(`n${i}`) });
    const events = await collectEvents(env.kubeConfig, CM_PATH, { resourceVersion: first.metadata!.resourceVersion! }, (e) => e.length >= 1).done;
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('ERROR');
    expect(events[0].object).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410 });
    expect(events[0].object.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
  });

  it('sends Tables when asked, with the column definitions in the first event only', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('t1') });
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('t2') });
    const res = await fetch(`${env.server.url}${CM_PATH}?watch=true&timeoutSeconds=1`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io', ...credentials(env.server) } });
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as { type: string; object: { kind: string; columnDefinitions: { name: string }[] | null; rows: { cells: unknown[] }[] } });
    expect(lines.map((l) => [l.type, l.object.kind, l.object.rows[0].cells[0]])).toEqual([['ADDED', 'Table', 't1'], ['ADDED', 'Table', 't2']]);
    expect(lines[0].object.columnDefinitions?.map((c) => c.name)).toEqual(['Name', 'Data', 'Age']);
    expect(lines[1].object.columnDefinitions).toBeNull();
  });

  it('sends BOOKMARK events when allowed', async () => {
    const list = await core.listNamespacedConfigMap({ namespace: 'default' });
    const events = await collectEvents(env.kubeConfig, CM_PATH, { resourceVersion: list.metadata!.resourceVersion!, allowWatchBookmarks: true }, (e) => e.some((x) => x.type === 'BOOKMARK')).done;
    const bookmark = events.find((e) => e.type === 'BOOKMARK')!;
    expect(bookmark.object).toEqual({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: list.metadata!.resourceVersion } });
  });

  it('ends the stream after timeoutSeconds', async () => {
    const events = await collectEvents(env.kubeConfig, CM_PATH, { timeoutSeconds: 1, resourceVersion: '1' }, () => false).done;
    expect(events.filter((e) => e.type === 'ERROR')).toEqual([]);
  });

  it('feeds an informer that sees adds, updates and deletes', async () => {
    const informer = k8s.makeInformer(env.kubeConfig, CM_PATH, () => core.listNamespacedConfigMap({ namespace: 'default' }));
    const seen: string[] = [];
    const done = new Promise<void>((resolve) => {
      informer.on('add', (o) => seen.push(`add ${o.metadata?.name}`));
      informer.on('update', (o) => seen.push(`update ${o.metadata?.name} ${o.data?.v}`));
      informer.on('delete', (o) => {
        seen.push(`delete ${o.metadata?.name}`);
        resolve();
      });
    });
    await informer.start();
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('inf') });
    await core.replaceNamespacedConfigMap({ namespace: 'default', name: 'inf', body: { ...cm('inf'), data: { v: '2' } } });
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'inf' });
    await done;
    await informer.stop();
    expect(seen).toEqual(['add inf', 'update inf 2', 'delete inf']);
    expect(informer.list()).toEqual([]);
  });
});

describe('fault injection', () => {
  it('answers the next matching requests with the given code, then recovers', async () => {
    const fault = env.server.failNext({ method: 'GET', path: /configmaps/, code: 429, count: 2 });
    const first = await core.listNamespacedConfigMap({ namespace: 'default' }).catch((e: k8s.ApiException<string>) => e.code);
    const second = await core.listNamespacedConfigMap({ namespace: 'default' }).catch((e: k8s.ApiException<string>) => e.code);
    expect([first, second]).toEqual([429, 429]);
    const third = await core.listNamespacedConfigMap({ namespace: 'default' });
    expect(third.kind).toBe('ConfigMapList');
    expect(fault.hits).toBe(2);
    expect(fault.remaining).toBe(0);
  });

  it('answers 500 with an InternalError Status', async () => {
    env.server.failNext({ path: /secrets/, code: 500, message: 'etcd is sad' });
    const err = await core.listNamespacedSecret({ namespace: 'default' }).catch((e: k8s.ApiException<string>) => e);
    expect((err as k8s.ApiException<string>).code).toBe(500);
    expect(JSON.parse((err as k8s.ApiException<string>).body)).toMatchObject({ reason: 'InternalError', message: 'Internal error occurred: etcd is sad', code: 500 });
  });

  it('drops watch connections; the informer re-lists and keeps up', async () => {
    const informer = k8s.makeInformer(env.kubeConfig, CM_PATH, () => core.listNamespacedConfigMap({ namespace: 'default' }));
    const added: string[] = [];
    informer.on('add', (o) => added.push(o.metadata!.name!));
    await informer.start();
    await watchesOpen(1);
    expect(env.server.dropWatches()).toBe(1);
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('after-drop') });
    for (let i = 0; i < 500 && !added.includes('after-drop'); i++) await new Promise((r) => setTimeout(r, 20));
    await informer.stop();
    expect(added).toContain('after-drop');
  });

  it('stalls watches: connected but silent', async () => {
    const start = await core.listNamespacedConfigMap({ namespace: 'default' });
    const w = collectEvents(env.kubeConfig, CM_PATH, { resourceVersion: start.metadata!.resourceVersion! }, () => false);
    await watchesOpen(1);
    expect(env.server.stallWatches()).toBe(1);
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('unseen') });
    // The event is dropped at the server while stalled; the connection stays.
    await env.server.settle();
    expect(env.server.watchCount).toBe(1);
    env.server.dropWatches();
    expect(await w.done).toEqual([]);
  });

  it('sends 410 as an ERROR event on a watch', async () => {
    env.server.failNext({ watch: true, code: 410 });
    const events = await collectEvents(env.kubeConfig, CM_PATH, { resourceVersion: '1' }, (e) => e.length > 0).done;
    expect(events[0]).toMatchObject({ type: 'ERROR', object: { code: 410, reason: 'Expired' } });
  });

  // Each change is encoded once for all its watchers: each still gets every change's own state.
  it('gives every watcher of a resource each change with its own state', async () => {
    const start = await core.createNamespacedConfigMap({ namespace: 'default', body: cm('shared') });
    const watches = [1, 2, 3].map(() => collectEvents(env.kubeConfig, CM_PATH, { resourceVersion: start.metadata!.resourceVersion! }, (e) => e.length >= 3));
    await watchesOpen(3);
    for (const v of ['2', '3']) {
      await core.patchNamespacedConfigMap({ namespace: 'default', name: 'shared', body: { data: { v } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
    }
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'shared' });
    for (const w of watches) {
      const events = await w.done;
      expect(events.map((e) => [e.type, (e.object.data as { v: string }).v])).toEqual([['MODIFIED', '2'], ['MODIFIED', '3'], ['DELETED', '3']]);
    }
  });
});

describe('watchers that fall behind', () => {
  it('are closed once the changes waiting for them pass the bound, while a reading watcher gets every change', async () => {
    const name = (o: Record<string, unknown>) => (o.metadata as { name: string }).name;
    const reader = collectEvents(env.kubeConfig, CM_PATH, {}, (e) => e.some((ev) => name(ev.object) === 'last'));
    // A client that sends a watch request and never reads the answer.
    const silent = connect(Number(new URL(env.server.url).port), '127.0.0.1');
    silent.pause();
    silent.write(`GET ${CM_PATH}?watch=true HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${env.server.token}\r\n\r\n`);
    await watchesOpen(2);

    // 512 kB changes: past the bound, plus what the sockets' kernel buffers take, well before 160 of them (80 MB).
    const data = { v: 'x'.repeat(512 * 1024) };
    const created: string[] = [];
    while (env.server.watchCount === 2 && created.length < 160) {
      created.push(`big-${created.length}`);
      await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: created.at(-1) }, data } });
    }
    expect(env.server.watchCount).toBe(1);
    expect(created.length * 512 * 1024).toBeGreaterThan(WATCH_BUFFER_LIMIT_BYTES);

    // The server let go of the silent watch: once it reads, its stream ends.
    const ended = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    silent.on('error', () => {});
    silent.resume();
    await ended;

    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('last') });
    const events = await reader.done;
    expect(events.map((e) => `${e.type} ${name(e.object)}`)).toEqual([...created, 'last'].map((n) => `ADDED ${n}`));
  });
});
