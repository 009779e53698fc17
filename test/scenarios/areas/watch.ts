/**
 * Watches and lists: the events of create, update and delete; what a watch with a label or field
 * selector sends when an object enters or leaves it; initial events and the bookmark that ends
 * them; resourceVersion rules; pagination. A watch waits for a count of events, so a scenario that
 * checks that something is NOT sent ends with a sentinel change that is.
 */
import { widget, widgets } from '../fixtures.js';
import type { Scenario, Session } from '../scenario.js';
import { MERGE, obj, scenario } from './scenario-table.js';
import { podSpec } from './kinds.js';

const cms = (s: Session) => `/api/v1/namespaces/${s.ns}/configmaps`;
const cm = (name: string, labels: Record<string, string> = {}, data: Record<string, string> = { a: '1' }) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels }, data });
const listRV = async (s: Session, path: string) => obj(await s.quiet('GET', path)).metadata.resourceVersion as string;

export const watch: Scenario[] = [
  scenario('create, update and delete seen in order', async (s) => {
    const w = await s.watch(`${cms(s)}?watch=true&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('POST', cms(s), cm('a'));
    await s.quiet('PATCH', `${cms(s)}/a`, { data: { a: '2' } }, MERGE);
    await s.quiet('DELETE', `${cms(s)}/a`);
    await w.collect(3);
  }),
  scenario('a watch without resourceVersion starts with the existing objects', async (s) => {
    await s.quiet('POST', cms(s), cm('a'));
    await s.quiet('POST', cms(s), cm('b'));
    const w = await s.watch(`${cms(s)}?watch=true`);
    await w.collect(2);
  }),
  scenario('a watch from resourceVersion=0 starts with the existing objects', async (s) => {
    await s.quiet('POST', cms(s), cm('a'));
    const w = await s.watch(`${cms(s)}?watch=true&resourceVersion=0`);
    await s.quiet('POST', cms(s), cm('b'));
    await w.collect(2);
  }),
  scenario('a watch from the list resourceVersion sends only later changes', async (s) => {
    await s.quiet('POST', cms(s), cm('a'));
    const w = await s.watch(`${cms(s)}?watch=true&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('POST', cms(s), cm('b'));
    await w.collect(1);
  }),
  scenario('a watch from an object resourceVersion sends what came after', async (s) => {
    const a = obj(await s.quiet('POST', cms(s), cm('a')));
    await s.quiet('POST', cms(s), cm('b'));
    const w = await s.watch(`${cms(s)}?watch=true&resourceVersion=${a.metadata.resourceVersion}`);
    await w.collect(1);
  }),
  scenario('sendInitialEvents ends the initial events with a bookmark', async (s) => {
    await s.quiet('POST', cms(s), cm('a'));
    await s.quiet('POST', cms(s), cm('b'));
    const w = await s.watch(`${cms(s)}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`);
    await w.collect(3);
  }),
  scenario('sendInitialEvents with a label selector', async (s) => {
    await s.quiet('POST', cms(s), cm('a', { x: '1' }));
    await s.quiet('POST', cms(s), cm('b'));
    const w = await s.watch(`${cms(s)}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&labelSelector=x%3D1`);
    await w.collect(2);
  }),
  scenario('sendInitialEvents on an empty collection sends only the bookmark', async (s) => {
    const w = await s.watch(`${cms(s)}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`);
    await w.collect(1);
  }),
  scenario('sendInitialEvents without allowWatchBookmarks', async (s) => {
    const w = await s.watch(`${cms(s)}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`);
    await s.quiet('POST', cms(s), cm('a'));
    await w.collect(1);
  }),
  scenario('an object leaving a label selector is DELETED with its last matching state', async (s) => {
    await s.quiet('POST', cms(s), cm('a', { x: '1' }));
    const w = await s.watch(`${cms(s)}?watch=true&labelSelector=x%3D1&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('PATCH', `${cms(s)}/a`, { metadata: { labels: { x: '2' } }, data: { a: 'changed' } }, MERGE);
    await w.collect(1);
  }),
  scenario('an object entering a label selector is ADDED', async (s) => {
    await s.quiet('POST', cms(s), cm('a', { x: '2' }));
    const w = await s.watch(`${cms(s)}?watch=true&labelSelector=x%3D1&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('PATCH', `${cms(s)}/a`, { metadata: { labels: { x: '1' } } }, MERGE);
    await w.collect(1);
  }),
  scenario('changes outside a label selector are not sent', async (s) => {
    await s.quiet('POST', cms(s), cm('a', { x: '2' }));
    const w = await s.watch(`${cms(s)}?watch=true&labelSelector=x%3D1&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('PATCH', `${cms(s)}/a`, { data: { a: '9' } }, MERGE);
    await s.quiet('DELETE', `${cms(s)}/a`);
    await s.quiet('POST', cms(s), cm('sentinel', { x: '1' }));
    await w.collect(1);
  }),
  scenario('a change inside a label selector is MODIFIED', async (s) => {
    await s.quiet('POST', cms(s), cm('a', { x: '1' }));
    const w = await s.watch(`${cms(s)}?watch=true&labelSelector=x%3D1&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('PATCH', `${cms(s)}/a`, { metadata: { labels: { y: '1' } } }, MERGE);
    await w.collect(1);
  }),
  scenario('a set-based label selector leave', async (s) => {
    await s.quiet('POST', cms(s), cm('a', { tier: 'web' }));
    const w = await s.watch(`${cms(s)}?watch=true&labelSelector=${encodeURIComponent('tier in (web,api)')}&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('PATCH', `${cms(s)}/a`, { metadata: { labels: { tier: null } } }, MERGE);
    await w.collect(1);
  }),
  scenario('a pod leaving a status.phase field selector is DELETED with its last matching state', async (s) => {
    const pods = `/api/v1/namespaces/${s.ns}/pods`;
    await s.quiet('POST', pods, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' }, spec: podSpec });
    const w = await s.watch(`${pods}?watch=true&fieldSelector=status.phase%3DPending&resourceVersion=${await listRV(s, pods)}`);
    await s.quiet('PATCH', `${pods}/a/status`, { status: { phase: 'Running' } }, MERGE);
    await w.collect(1);
  }),
  scenario('a field selector on metadata.name', async (s) => {
    const w = await s.watch(`${cms(s)}?watch=true&fieldSelector=metadata.name%3Db&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('POST', cms(s), cm('a'));
    await s.quiet('POST', cms(s), cm('b'));
    await w.collect(1);
  }),
  scenario('a dry-run create sends no event', async (s) => {
    const w = await s.watch(`${cms(s)}?watch=true&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('POST', `${cms(s)}?dryRun=All`, cm('a'));
    await s.quiet('POST', cms(s), cm('sentinel'));
    await w.collect(1);
  }),
  scenario('an update that changes nothing sends no event', async (s) => {
    await s.quiet('POST', cms(s), cm('a'));
    const w = await s.watch(`${cms(s)}?watch=true&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('PATCH', `${cms(s)}/a`, { data: { a: '1' } }, MERGE);
    await s.quiet('POST', cms(s), cm('sentinel'));
    await w.collect(1);
  }),
  scenario('deleting an object with a finalizer is MODIFIED, then DELETED when it is removed', async (s) => {
    await s.quiet('POST', cms(s), { ...cm('a'), metadata: { name: 'a', finalizers: ['example.com/f'] } });
    const w = await s.watch(`${cms(s)}?watch=true&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('DELETE', `${cms(s)}/a`);
    await s.quiet('PATCH', `${cms(s)}/a`, { metadata: { finalizers: null } }, MERGE);
    await w.collect(2);
  }),
  scenario('delete collection sends one DELETED per object', async (s) => {
    await s.quiet('POST', cms(s), cm('a'));
    await s.quiet('POST', cms(s), cm('b'));
    const w = await s.watch(`${cms(s)}?watch=true&resourceVersion=${await listRV(s, cms(s))}`);
    await s.quiet('DELETE', cms(s));
    await w.collect(2);
  }),
  scenario('a custom resource: status and scale changes', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', { replicas: 1 }));
    const w = await s.watch(`${widgets(s.ns)}?watch=true&resourceVersion=${await listRV(s, widgets(s.ns))}`);
    await s.quiet('PATCH', widgets(s.ns, 'a', 'status'), { status: { phase: 'Up' } }, MERGE);
    await s.quiet('PATCH', widgets(s.ns, 'a', 'scale'), { spec: { replicas: 2 } }, MERGE);
    await w.collect(2);
  }),
  scenario('a custom resource leaving a label selector', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', { color: 'red' }, { labels: { x: '1' } }));
    const w = await s.watch(`${widgets(s.ns)}?watch=true&labelSelector=x&resourceVersion=${await listRV(s, widgets(s.ns))}`);
    await s.quiet('PATCH', widgets(s.ns, 'a'), { metadata: { labels: { x: null } }, spec: { color: 'blue' } }, MERGE);
    await w.collect(1);
  }),
  scenario('the legacy watch path of one object', async (s) => {
    await s.quiet('POST', cms(s), cm('a'));
    const w = await s.watch(`/api/v1/watch/namespaces/${s.ns}/configmaps/a`);
    await s.quiet('PATCH', `${cms(s)}/a`, { data: { a: '3' } }, MERGE);
    await w.collect(2);
  }),
  scenario('a watch with an invalid resourceVersion is refused', async (s) => {
    await s.req('GET', `${cms(s)}?watch=true&resourceVersion=abc`);
  }),
  scenario('a list with a resourceVersion far ahead is refused', async (s) => {
    await s.req('GET', `${cms(s)}?resourceVersion=99999999&resourceVersionMatch=NotOlderThan`);
  }),
  scenario('an exact list at an older resourceVersion sees the older state', async (s) => {
    // The create's own resourceVersion, not a list's: kube-apiserver's list carries the store's
    // latest revision, which its own writes elsewhere (leases, endpoints) may have moved past a's.
    const rv = obj(await s.quiet('POST', cms(s), cm('a'))).metadata.resourceVersion as string;
    await s.quiet('POST', cms(s), cm('b'));
    await s.req('GET', `${cms(s)}?resourceVersion=${rv}&resourceVersionMatch=Exact`);
  }),
  scenario('a get with resourceVersion=0', async (s) => {
    await s.quiet('POST', cms(s), cm('a'));
    // resourceVersion=0 is "any": kube-apiserver answers from its watch cache, which may not hold a
    // create made a moment ago (404). Wait, unrecorded, until it does, then record the answer.
    for (let i = 0; i < 100 && (await s.quiet('GET', `${cms(s)}/a?resourceVersion=0`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
    await s.req('GET', `${cms(s)}/a?resourceVersion=0`);
  }),
  scenario('pagination: limit and continue to the end', async (s) => {
    for (const n of ['a', 'b', 'c', 'd', 'e']) await s.quiet('POST', cms(s), cm(n));
    let page = obj(await s.req('GET', `${cms(s)}?limit=2`));
    while (page.metadata.continue) page = obj(await s.req('GET', `${cms(s)}?limit=2&continue=${encodeURIComponent(page.metadata.continue)}`));
  }),
  scenario('pagination: an object created between pages is not in the snapshot', async (s) => {
    for (const n of ['a', 'b', 'c']) await s.quiet('POST', cms(s), cm(n));
    const page = obj(await s.req('GET', `${cms(s)}?limit=2`));
    await s.quiet('POST', cms(s), cm('bb'));
    await s.req('GET', `${cms(s)}?limit=2&continue=${encodeURIComponent(page.metadata.continue)}`);
  }),
  scenario('pagination with a label selector', async (s) => {
    for (const n of ['a', 'b', 'c', 'd']) await s.quiet('POST', cms(s), cm(n, n === 'b' ? {} : { x: '1' }));
    const page = obj(await s.req('GET', `${cms(s)}?limit=2&labelSelector=x`));
    await s.req('GET', `${cms(s)}?limit=2&labelSelector=x&continue=${encodeURIComponent(page.metadata.continue)}`);
  }),
  scenario('pagination: limit larger than the collection', async (s) => {
    for (const n of ['a', 'b']) await s.quiet('POST', cms(s), cm(n));
    await s.req('GET', `${cms(s)}?limit=10`);
  }),
  scenario('pagination: limit=0 lists everything', async (s) => {
    for (const n of ['a', 'b']) await s.quiet('POST', cms(s), cm(n));
    await s.req('GET', `${cms(s)}?limit=0`);
  }),
  scenario('list across namespaces with a label selector', async (s) => {
    await s.quiet('POST', cms(s), cm('a', { [`scn-${s.ns}`]: '1' }));
    await s.req('GET', `/api/v1/configmaps?labelSelector=scn-${s.ns}`);
  }),
];
