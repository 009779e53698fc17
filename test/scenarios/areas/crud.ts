/**
 * CRUD for every kind of kinds.ts: create, read, update, delete and their refusals (conflicts,
 * preconditions and their 409 texts, mismatched names, dry runs), and what DELETE answers.
 */
import type { Scenario } from '../scenario.js';
import { KINDS, type Kind } from './kinds.js';
import { MERGE, obj, scenario } from './scenario-table.js';

type Step = (k: Kind) => Scenario['run'];

const at = (k: Kind, ns: string, name: string) => `${k.path(ns)}/${name}`;

const steps: Record<string, Step> = {
  'create, get and list': (k) => async (s) => {
    await s.req('POST', k.path(s.ns), k.make('a', s.ns));
    await s.req('GET', at(k, s.ns, 'a'));
    await s.req('GET', k.path(s.ns));
  },
  'create twice is 409 AlreadyExists': (k) => async (s) => {
    await s.quiet('POST', k.path(s.ns), k.make('a', s.ns));
    await s.req('POST', k.path(s.ns), k.make('a', s.ns));
  },
  'get of a missing object is 404': (k) => async (s) => {
    await s.req('GET', at(k, s.ns, 'missing'));
  },
  'update with a stale resourceVersion is 409 Conflict': (k) => async (s) => {
    const created = obj(await s.req('POST', k.path(s.ns), k.make('a', s.ns)));
    await s.quiet('PATCH', at(k, s.ns, 'a'), { metadata: { labels: { x: '1' } } }, MERGE);
    await s.req('PUT', at(k, s.ns, 'a'), { ...created, metadata: { ...created.metadata, labels: { y: '2' } } });
  },
  'update without a resourceVersion': (k) => async (s) => {
    await s.quiet('POST', k.path(s.ns), k.make('a', s.ns));
    const o = k.make('a', s.ns);
    await s.req('PUT', at(k, s.ns, 'a'), { ...o, metadata: { ...(o.metadata as object), labels: { y: '2' } } });
  },
  'update of a missing object': (k) => async (s) => {
    await s.req('PUT', at(k, s.ns, 'missing'), k.make('missing', s.ns));
  },
  'update with another name in the body is 400': (k) => async (s) => {
    const created = obj(await s.quiet('POST', k.path(s.ns), k.make('a', s.ns)));
    await s.req('PUT', at(k, s.ns, 'a'), { ...created, metadata: { ...created.metadata, name: 'b' } });
  },
  'update with a wrong uid is 409': (k) => async (s) => {
    const created = obj(await s.quiet('POST', k.path(s.ns), k.make('a', s.ns)));
    await s.req('PUT', at(k, s.ns, 'a'), { ...created, metadata: { ...created.metadata, uid: '6f1c4c1e-0000-4000-8000-000000000000' } });
  },
  'create with another namespace in the body is 400': (k) => async (s) => {
    const o = k.make('a', s.ns);
    await s.req('POST', k.path(s.ns), { ...o, metadata: { ...(o.metadata as object), namespace: 'elsewhere' } });
  },
  'create with a resourceVersion set': (k) => async (s) => {
    const o = k.make('a', s.ns);
    await s.req('POST', k.path(s.ns), { ...o, metadata: { ...(o.metadata as object), resourceVersion: '5' } });
  },
  'create without a name is 422': (k) => async (s) => {
    const o = k.make('a', s.ns);
    await s.req('POST', k.path(s.ns), { ...o, metadata: {} });
  },
  'create with the wrong kind in the body is 400': (k) => async (s) => {
    await s.req('POST', k.path(s.ns), { ...k.make('a', s.ns), kind: 'Nope' });
  },
  'delete answers, and the object is gone': (k) => async (s) => {
    await s.quiet('POST', k.path(s.ns), k.make('a', s.ns));
    await s.req('DELETE', at(k, s.ns, 'a'));
    await s.req('GET', at(k, s.ns, 'a'));
  },
  'delete of a missing object is 404': (k) => async (s) => {
    await s.req('DELETE', at(k, s.ns, 'missing'));
  },
  'delete with a wrong uid precondition is 409': (k) => async (s) => {
    await s.quiet('POST', k.path(s.ns), k.make('a', s.ns));
    await s.req('DELETE', at(k, s.ns, 'a'), { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: '6f1c4c1e-0000-4000-8000-000000000000' } });
  },
  'delete with a stale resourceVersion precondition is 409': (k) => async (s) => {
    const created = obj(await s.req('POST', k.path(s.ns), k.make('a', s.ns)));
    await s.quiet('PATCH', at(k, s.ns, 'a'), { metadata: { labels: { x: '1' } } }, MERGE);
    await s.req('DELETE', at(k, s.ns, 'a'), { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { resourceVersion: created.metadata.resourceVersion } });
  },
  'delete with matching preconditions': (k) => async (s) => {
    const created = obj(await s.quiet('POST', k.path(s.ns), k.make('a', s.ns)));
    await s.req('DELETE', at(k, s.ns, 'a'), { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: created.metadata.uid, resourceVersion: created.metadata.resourceVersion } });
  },
  'dry-run create is not stored': (k) => async (s) => {
    await s.req('POST', `${k.path(s.ns)}?dryRun=All`, k.make('a', s.ns));
    await s.req('GET', at(k, s.ns, 'a'));
  },
  'dry-run delete keeps the object': (k) => async (s) => {
    await s.quiet('POST', k.path(s.ns), k.make('a', s.ns));
    await s.req('DELETE', `${at(k, s.ns, 'a')}?dryRun=All`);
    await s.req('GET', at(k, s.ns, 'a'));
  },
  'merge patch of labels keeps the generation': (k) => async (s) => {
    await s.quiet('POST', k.path(s.ns), k.make('a', s.ns));
    await s.req('PATCH', at(k, s.ns, 'a'), { metadata: { labels: { x: '1' } } }, MERGE);
  },
  'delete collection': (k) => async (s) => {
    await s.quiet('POST', k.path(s.ns), k.make('a', s.ns));
    await s.quiet('POST', k.path(s.ns), k.make('b', s.ns));
    await s.req('DELETE', k.path(s.ns));
    await s.req('GET', k.path(s.ns));
  },
};

export const crud: Scenario[] = KINDS.flatMap((k) => Object.entries(steps).map(([what, step]) => scenario(`${k.name}: ${what}`, step(k))));
