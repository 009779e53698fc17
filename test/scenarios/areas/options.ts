/**
 * Validation of request options (query parameters): each row one request with one bad or unusual
 * option, on ConfigMaps and Widgets.
 */
import { widget, widgets } from '../fixtures.js';
import type { Scenario, Session } from '../scenario.js';
import { APPLY, JSONPATCH, MERGE, STRATEGIC, scenario } from './scenario-table.js';

const cms = (ns: string) => `/api/v1/namespaces/${ns}/configmaps`;
const cm = (name: string, data: Record<string, string> = { a: '1' }) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });

type Target = { name: string; path: (ns: string) => string; make: (name: string) => Record<string, unknown>; patch: Record<string, unknown> };
const targets: Target[] = [
  { name: 'configmaps', path: cms, make: (n) => cm(n), patch: { data: { b: '2' } } },
  { name: 'widgets', path: widgets, make: (n) => widget(n, { color: 'red' }), patch: { spec: { shape: 'round' } } },
];

/** [name, what the row does]: with an existing object `a`. */
const rows: [string, (s: Session, t: Target) => Promise<unknown>][] = [
  ['create with dryRun=Bogus', (s, t) => s.req('POST', `${t.path(s.ns)}?dryRun=Bogus`, t.make('b'))],
  ['create with dryRun=All&dryRun=All', (s, t) => s.req('POST', `${t.path(s.ns)}?dryRun=All&dryRun=All`, t.make('b'))],
  ['create with an empty dryRun', (s, t) => s.req('POST', `${t.path(s.ns)}?dryRun=`, t.make('b'))],
  ['create with fieldValidation=Bogus', (s, t) => s.req('POST', `${t.path(s.ns)}?fieldValidation=Bogus`, t.make('b'))],
  ['create with fieldValidation=strict (lower case)', (s, t) => s.req('POST', `${t.path(s.ns)}?fieldValidation=strict`, t.make('b'))],
  ['create with a fieldManager of 129 characters', (s, t) => s.req('POST', `${t.path(s.ns)}?fieldManager=${'m'.repeat(129)}`, t.make('b'))],
  ['create with a fieldManager of 128 characters', (s, t) => s.req('POST', `${t.path(s.ns)}?fieldManager=${'m'.repeat(128)}`, t.make('b'))],
  ['create with a fieldManager with a newline', (s, t) => s.req('POST', `${t.path(s.ns)}?fieldManager=a%0Ab`, t.make('b'))],
  ['create with force=true', (s, t) => s.req('POST', `${t.path(s.ns)}?force=true`, t.make('b'))],
  ['update with force=true', async (s, t) => s.req('PUT', `${t.path(s.ns)}/a?force=true`, t.make('a'))],
  ['merge patch with force=true', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a?force=true`, t.patch, MERGE)],
  ['json patch with force=true', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a?force=true`, [{ op: 'add', path: '/metadata/labels', value: { x: 'y' } }], JSONPATCH)],
  ['apply without a fieldManager', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a`, t.make('a'), APPLY)],
  ['apply with force=false', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a?fieldManager=me&force=false`, t.make('a'), APPLY)],
  ['apply with force=notabool', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a?fieldManager=me&force=notabool`, t.make('a'), APPLY)],
  ['patch with an unknown content type', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a`, t.patch, { contentType: 'application/x-nope' })],
  ['list with resourceVersionMatch=NotOlderThan and no resourceVersion', (s, t) => s.req('GET', `${t.path(s.ns)}?resourceVersionMatch=NotOlderThan`)],
  ['list with resourceVersionMatch=Exact and resourceVersion=0', (s, t) => s.req('GET', `${t.path(s.ns)}?resourceVersionMatch=Exact&resourceVersion=0`)],
  ['list with resourceVersionMatch=Bogus', (s, t) => s.req('GET', `${t.path(s.ns)}?resourceVersionMatch=Bogus&resourceVersion=1`)],
  ['list with resourceVersion=0', (s, t) => s.req('GET', `${t.path(s.ns)}?resourceVersion=0`)],
  ['list with resourceVersion=abc', (s, t) => s.req('GET', `${t.path(s.ns)}?resourceVersion=abc`)],
  ['list with resourceVersionMatch=NotOlderThan&resourceVersion=0', (s, t) => s.req('GET', `${t.path(s.ns)}?resourceVersionMatch=NotOlderThan&resourceVersion=0`)],
  ['list with sendInitialEvents=true and no watch', (s, t) => s.req('GET', `${t.path(s.ns)}?sendInitialEvents=true`)],
  ['watch with sendInitialEvents=true and no resourceVersionMatch', (s, t) => s.req('GET', `${t.path(s.ns)}?watch=true&sendInitialEvents=true`)],
  ['watch with sendInitialEvents=true and resourceVersionMatch=Exact', (s, t) => s.req('GET', `${t.path(s.ns)}?watch=true&sendInitialEvents=true&resourceVersionMatch=Exact&resourceVersion=1`)],
  ['watch with sendInitialEvents=false and resourceVersionMatch=NotOlderThan', async (s, t) => (await s.watch(`${t.path(s.ns)}?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`)).collect(1)],
  ['watch with resourceVersionMatch=NotOlderThan and no sendInitialEvents', (s, t) => s.req('GET', `${t.path(s.ns)}?watch=true&resourceVersionMatch=NotOlderThan&resourceVersion=1`)],
  ['list with limit=-1', (s, t) => s.req('GET', `${t.path(s.ns)}?limit=-1`)],
  ['list with limit=abc', (s, t) => s.req('GET', `${t.path(s.ns)}?limit=abc`)],
  ['list with a garbage continue token', (s, t) => s.req('GET', `${t.path(s.ns)}?limit=1&continue=garbage`)],
  ['list with continue and resourceVersion', (s, t) => s.req('GET', `${t.path(s.ns)}?limit=1&continue=garbage&resourceVersion=1`)],
  ['list with an invalid labelSelector', (s, t) => s.req('GET', `${t.path(s.ns)}?labelSelector=${encodeURIComponent('a in (b')}`)],
  ['list with a labelSelector of a bad key', (s, t) => s.req('GET', `${t.path(s.ns)}?labelSelector=${encodeURIComponent('-a=b')}`)],
  ['list with a labelSelector of a bad value', (s, t) => s.req('GET', `${t.path(s.ns)}?labelSelector=${encodeURIComponent('a=-b')}`)],
  ['list with a labelSelector ending in a comma', (s, t) => s.req('GET', `${t.path(s.ns)}?labelSelector=${encodeURIComponent('a,')}`)],
  ['list with a labelSelector of two words', (s, t) => s.req('GET', `${t.path(s.ns)}?labelSelector=${encodeURIComponent('a b')}`)],
  ['list with a labelSelector comparing with a word', (s, t) => s.req('GET', `${t.path(s.ns)}?labelSelector=${encodeURIComponent('a>x')}`)],
  ['list with a labelSelector of every form', (s, t) => s.req('GET', `${t.path(s.ns)}?labelSelector=${encodeURIComponent('x notin (in,), !y, z==in')}`)],
  ['list with a fieldSelector on an unsupported field', (s, t) => s.req('GET', `${t.path(s.ns)}?fieldSelector=spec.color%3Dred`)],
  ['list with a fieldSelector on metadata.name', (s, t) => s.req('GET', `${t.path(s.ns)}?fieldSelector=metadata.name%3Da`)],
  ['list with a fieldSelector metadata.name!=a', (s, t) => s.req('GET', `${t.path(s.ns)}?fieldSelector=metadata.name!%3Da`)],
  ['list with timeoutSeconds=abc', (s, t) => s.req('GET', `${t.path(s.ns)}?timeoutSeconds=abc`)],
  ['delete with gracePeriodSeconds=-1', (s, t) => s.req('DELETE', `${t.path(s.ns)}/a?gracePeriodSeconds=-1`)],
  ['delete with propagationPolicy=Bogus', (s, t) => s.req('DELETE', `${t.path(s.ns)}/a?propagationPolicy=Bogus`)],
  ['delete with orphanDependents and propagationPolicy', (s, t) => s.req('DELETE', `${t.path(s.ns)}/a?orphanDependents=false&propagationPolicy=Background`)],
  ['delete with a body of the wrong kind', (s, t) => s.req('DELETE', `${t.path(s.ns)}/a`, { kind: 'ConfigMap', apiVersion: 'v1' })],
  ['merge patch with an empty body', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a`, '', MERGE)],
  ['merge patch with a JSON list body', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a`, [1, 2], MERGE)],
  ['strategic patch', (s, t) => s.req('PATCH', `${t.path(s.ns)}/a`, t.patch, STRATEGIC)],
  ['create with a body that is not JSON', (s, t) => s.req('POST', t.path(s.ns), '{"metadata": ', {})],
  ['create with a body that is a word', (s, t) => s.req('POST', t.path(s.ns), 'hello', {})],
  ['update with a long body that is not JSON', (s, t) => s.req('PUT', `${t.path(s.ns)}/a`, '{"metadata": {"name": "a"}, "data": oops}', {})],
  ['get with pretty=true', (s, t) => s.req('GET', `${t.path(s.ns)}/a?pretty=true`)],
];

export const options: Scenario[] = targets.flatMap((t) =>
  rows.map(([what, run]) =>
    scenario(`${t.name}: ${what}`, async (s) => {
      await s.quiet('POST', t.path(s.ns), t.make('a'));
      await run(s, t);
    }),
  ),
);
