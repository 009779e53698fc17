/**
 * Object metadata: label keys and values, annotation size, finalizer names (errors and warnings),
 * ownerReferences, generateName, and the fields an update may not change (uid, name, namespace,
 * creationTimestamp), on ConfigMaps and Widgets.
 */
import { widget, widgets } from '../fixtures.js';
import type { Scenario, Session } from '../scenario.js';
import { MERGE, obj, scenario } from './scenario-table.js';

const cms = (s: Session) => `/api/v1/namespaces/${s.ns}/configmaps`;
const cm = (metadata: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', ...metadata } });

const labelKeys = ['a', 'example.com/a', 'a.b/c', '-a', 'a-', 'a_b', '_a', 'A/b', 'example.com/', '/a', 'a/b/c', 'x'.repeat(63), 'x'.repeat(64), `${'d'.repeat(254)}/a`, 'kubernetes.io/a', 'k8s.io/a', 'a b', 'ä'];
const labelValues = ['', 'a', 'a.b-c_d', '-a', 'a-', '.a', 'a b', 'x'.repeat(63), 'x'.repeat(64), 'ä'];
const finalizers = ['example.com/a', 'a', 'foregroundDeletion', 'orphan', 'kubernetes', 'example.com/a/b', '-x/y', 'Example.com/a', 'example.com/' + 'x'.repeat(64), 'kubernetes.io/custom', 'a/b'];
const annotationKeys = ['a', 'example.com/a', '-a', 'A/b', 'x'.repeat(64)];

const ownerRef = (extra: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '6f1c4c1e-0000-4000-8000-000000000001', ...extra });
const ownerRows: [string, unknown[]][] = [
  ['a valid ownerReference', [ownerRef({})]],
  ['an ownerReference without uid', [ownerRef({ uid: '' })]],
  ['an ownerReference without apiVersion', [ownerRef({ apiVersion: '' })]],
  ['an ownerReference without kind', [ownerRef({ kind: '' })]],
  ['an ownerReference without name', [ownerRef({ name: '' })]],
  ['two controller ownerReferences', [ownerRef({ controller: true }), ownerRef({ controller: true, name: 'o2', uid: '6f1c4c1e-0000-4000-8000-000000000002' })]],
  ['an ownerReference with blockOwnerDeletion', [ownerRef({ blockOwnerDeletion: true })]],
  ['an ownerReference to a List kind', [ownerRef({ kind: 'ConfigMapList' })]],
  ['an ownerReference with a bad apiVersion', [ownerRef({ apiVersion: 'a/b/c' })]],
  ['an ownerReference with the same uid twice', [ownerRef({}), ownerRef({ name: 'o2' })]],
];

const labelScenarios = (kind: 'configmap' | 'widget') => {
  const create = (s: Session, metadata: Record<string, unknown>) =>
    kind === 'configmap' ? s.req('POST', cms(s), cm(metadata)) : s.req('POST', widgets(s.ns), widget('a', {}, metadata));
  return [
    ...labelKeys.map((k) => scenario(`${kind}: label key ${JSON.stringify(k.length > 20 ? `${k.slice(0, 8)}...(${k.length})` : k)}`, (s) => create(s, { labels: { [k]: 'v' } }).then(() => undefined))),
    ...labelValues.map((v) => scenario(`${kind}: label value ${JSON.stringify(v.length > 20 ? `${v.slice(0, 8)}...(${v.length})` : v)}`, (s) => create(s, { labels: { k: v } }).then(() => undefined))),
    ...finalizers.map((f) => scenario(`${kind}: finalizer ${JSON.stringify(f.length > 30 ? `${f.slice(0, 12)}...(${f.length})` : f)}`, (s) => create(s, { finalizers: [f] }).then(() => undefined))),
    ...annotationKeys.map((k) => scenario(`${kind}: annotation key ${JSON.stringify(k.length > 20 ? `${k.slice(0, 8)}...(${k.length})` : k)}`, (s) => create(s, { annotations: { [k]: 'v' } }).then(() => undefined))),
    ...ownerRows.map(([what, refs]) => scenario(`${kind}: ${what}`, (s) => create(s, { ownerReferences: refs }).then(() => undefined))),
  ];
};

export const metadata: Scenario[] = [
  ...labelScenarios('configmap'),
  ...labelScenarios('widget'),
  scenario('annotations of 256 KiB in total are refused', (s) => s.req('POST', cms(s), cm({ annotations: { a: 'x'.repeat(256 * 1024) } })).then(() => undefined)),
  scenario('annotations just under 256 KiB are accepted', (s) => s.req('POST', cms(s), cm({ annotations: { a: 'x'.repeat(256 * 1024 - 10) } })).then(() => undefined)),
  scenario('a duplicate finalizer', (s) => s.req('POST', cms(s), cm({ finalizers: ['example.com/a', 'example.com/a'] })).then(() => undefined)),
  scenario('generateName makes a name', (s) => s.req('POST', cms(s), cm({ name: undefined, generateName: 'gen-' })).then(() => undefined)),
  scenario('generateName with a name keeps the name', (s) => s.req('POST', cms(s), cm({ generateName: 'gen-' })).then(() => undefined)),
  scenario('generateName with an invalid prefix is 422', (s) => s.req('POST', cms(s), cm({ name: undefined, generateName: 'Bad_' })).then(() => undefined)),
  scenario('generateName of 62 characters', (s) => s.req('POST', cms(s), cm({ name: undefined, generateName: 'g'.repeat(62) })).then(() => undefined)),
  scenario('a name of 254 characters', (s) => s.req('POST', cms(s), cm({ name: 'n'.repeat(254) })).then(() => undefined)),
  scenario('a name with capitals', (s) => s.req('POST', cms(s), cm({ name: 'Abc' })).then(() => undefined)),
  scenario('a widget name with capitals', (s) => s.req('POST', widgets(s.ns), widget('Abc')).then(() => undefined)),
  scenario('a widget name with a dot', (s) => s.req('POST', widgets(s.ns), widget('a.b')).then(() => undefined)),
  scenario('a name that is "."', (s) => s.req('POST', cms(s), cm({ name: '.' })).then(() => undefined)),
  scenario('a name with a slash', (s) => s.req('POST', cms(s), cm({ name: 'a/b' })).then(() => undefined)),
  scenario('a uid sent on create is ignored', (s) => s.req('POST', cms(s), cm({ uid: '6f1c4c1e-0000-4000-8000-000000000009' })).then(() => undefined)),
  scenario('a creationTimestamp sent on create is replaced', (s) => s.req('POST', cms(s), cm({ creationTimestamp: '2020-01-01T00:00:00Z' })).then(() => undefined)),
  scenario('a deletionTimestamp sent on create is dropped', (s) => s.req('POST', cms(s), cm({ deletionTimestamp: '2020-01-01T00:00:00Z' })).then(() => undefined)),
  scenario('a generation sent on create is replaced', (s) => s.req('POST', widgets(s.ns), widget('a', {}, { generation: 7 })).then(() => undefined)),
  scenario('managedFields sent on create', (s) =>
    s.req('POST', cms(s), cm({ managedFields: [{ manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': {} } }] })).then(() => undefined),
  ),
  scenario('invalid managedFields sent on create', (s) => s.req('POST', cms(s), cm({ managedFields: [{ manager: 'm', operation: 'Bogus' }] })).then(() => undefined)),
  ...(['uid', 'creationTimestamp', 'namespace', 'name'] as const).map((field) =>
    scenario(`an update may not change metadata.${field}`, async (s) => {
      const a = obj(await s.quiet('POST', cms(s), cm({})));
      const values = { uid: '6f1c4c1e-0000-4000-8000-000000000003', creationTimestamp: '2020-01-01T00:00:00Z', namespace: 'other', name: 'b' };
      await s.req('PUT', `${cms(s)}/a`, { ...a, metadata: { ...a.metadata, [field]: values[field] } });
    }),
  ),
  ...(['uid', 'creationTimestamp', 'generation', 'resourceVersion'] as const).map((field) =>
    scenario(`a merge patch of metadata.${field} on a widget`, async (s) => {
      await s.quiet('POST', widgets(s.ns), widget('a'));
      const values = { uid: '6f1c4c1e-0000-4000-8000-000000000003', creationTimestamp: '2020-01-01T00:00:00Z', generation: 9, resourceVersion: '1' };
      await s.req('PATCH', widgets(s.ns, 'a'), { metadata: { [field]: values[field] } }, MERGE);
    }),
  ),
  scenario('a finalizer added to an object being deleted', async (s) => {
    await s.quiet('POST', cms(s), cm({ finalizers: ['example.com/a'] }));
    await s.req('DELETE', `${cms(s)}/a`);
    await s.req('PATCH', `${cms(s)}/a`, { metadata: { finalizers: ['example.com/a', 'example.com/b'] } }, MERGE);
  }),
  scenario('removing the last finalizer deletes the object', async (s) => {
    await s.quiet('POST', cms(s), cm({ finalizers: ['example.com/a'] }));
    await s.quiet('DELETE', `${cms(s)}/a`);
    await s.req('PATCH', `${cms(s)}/a`, { metadata: { finalizers: null } }, MERGE);
    await s.req('GET', `${cms(s)}/a`);
  }),
  scenario('deleting twice an object with a finalizer', async (s) => {
    await s.quiet('POST', cms(s), cm({ finalizers: ['example.com/a'] }));
    await s.req('DELETE', `${cms(s)}/a`);
    await s.req('DELETE', `${cms(s)}/a`);
  }),
  scenario('a change of a deleting object other than finalizers', async (s) => {
    await s.quiet('POST', cms(s), cm({ finalizers: ['example.com/a'] }));
    await s.quiet('DELETE', `${cms(s)}/a`);
    await s.req('PATCH', `${cms(s)}/a`, { data: { x: 'y' } }, MERGE);
  }),
  scenario('a widget with a finalizer, deleted', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', {}, { finalizers: ['example.com/a'] }));
    await s.req('DELETE', widgets(s.ns, 'a'));
    await s.req('PATCH', widgets(s.ns, 'a'), { spec: { color: 'x' } }, MERGE);
  }),
];
