/**
 * Patches: strategic merge directives on Deployments, Pods and Services; JSON patch operations and
 * their failures; merge patches on Widgets (lists replaced, null deletes).
 */
import { widget, widgets } from '../fixtures.js';
import type { Scenario, Session } from '../scenario.js';
import { JSONPATCH, MERGE, STRATEGIC, scenario } from './scenario-table.js';

const dPath = (s: Session) => `/apis/apps/v1/namespaces/${s.ns}/deployments/a`;
const containers = [
  { name: 'web', image: 'nginx:1', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], ports: [{ containerPort: 80 }], args: ['x', 'y'] },
  { name: 'side', image: 'busybox' },
];
const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'a', finalizers: ['example.com/a', 'example.com/b'] }, spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec: { containers } } } };
const spec = (podSpec: Record<string, unknown>) => ({ spec: { template: { spec: podSpec } } });

/** Strategic merge patches on a Deployment, answer and the stored result. */
const strategicRows: [string, unknown][] = [
  ['merges containers by name', spec({ containers: [{ name: 'web', image: 'nginx:2' }] })],
  ['$patch: delete of a container', spec({ containers: [{ name: 'side', $patch: 'delete' }] })],
  ['$patch: replace of the container list', spec({ containers: [{ name: 'only', image: 'x' }, { $patch: 'replace' }] })],
  ['$patch: replace of a map', { spec: { template: { metadata: { labels: { app: 'a', $patch: 'replace' } } } } }],
  ['$patch: delete of a map', { spec: { template: { spec: { containers: [{ name: 'web', resources: { $patch: 'delete' } }] } } } }],
  ['$setElementOrder of containers', spec({ $setElementOrder: { containers: [{ name: 'side' }, { name: 'web' }] }, containers: [{ name: 'web', image: 'nginx:3' }] })],
  ['$setElementOrder of env', spec({ containers: [{ name: 'web', $setElementOrder: { env: [{ name: 'B' }, { name: 'A' }] } }] })],
  ['$setElementOrder naming a missing element', spec({ $setElementOrder: { containers: [{ name: 'nope' }, { name: 'web' }, { name: 'side' }] } })],
  ['$setElementOrder/containers orders the merged list', spec({ '$setElementOrder/containers': [{ name: 'side' }, { name: 'new' }, { name: 'web' }], containers: [{ name: 'new', image: 'n' }, { name: 'web', image: 'nginx:3' }] })],
  ['$setElementOrder/ of a list not in the patch', spec({ '$setElementOrder/containers': [{ name: 'side' }, { name: 'web' }] })],
  ['$setElementOrder/ out of step with the patch', spec({ '$setElementOrder/containers': [{ name: 'web' }, { name: 'side' }], containers: [{ name: 'side', image: 's' }, { name: 'web', image: 'w' }] })],
  ['a finalizer added goes first', { metadata: { finalizers: ['example.com/c'] } }],
  ['$deleteFromPrimitiveList of finalizers', { metadata: { '$deleteFromPrimitiveList/finalizers': ['example.com/a'] } }],
  ['$deleteFromPrimitiveList of a missing value', { metadata: { '$deleteFromPrimitiveList/finalizers': ['example.com/zz'] } }],
  ['$retainKeys on the strategy', { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } }],
  ['$retainKeys naming a key not in the patch', { spec: { strategy: { $retainKeys: ['type', 'rollingUpdate'], type: 'RollingUpdate' } } }],
  ['an unknown $patch value', spec({ containers: [{ name: 'web', $patch: 'bogus' }] })],
  ['a list element without its merge key', spec({ containers: [{ image: 'nokey' }] })],
  ['a primitive list (args) is replaced', spec({ containers: [{ name: 'web', args: ['z'] }] })],
  ['null deletes a field', spec({ containers: [{ name: 'web', ports: null }] })],
  ['ports merge by containerPort', spec({ containers: [{ name: 'web', ports: [{ containerPort: 81 }] }] })],
  ['an env element deleted by $patch', spec({ containers: [{ name: 'web', env: [{ name: 'A', $patch: 'delete' }] }] })],
  ['a patch that changes nothing', { metadata: { name: 'a' } }],
  ['a patch changing the name is 400', { metadata: { name: 'b' } }],
  ['a patch with a type error', { spec: { replicas: 'three' } }],
  ['a patch that makes the object invalid', { spec: { replicas: -1 } }],
  ['a string where a struct goes', { spec: { template: { spec: 'x' } } }],
  ['a number where a string goes', spec({ containers: [{ name: 'web', image: 5 }] })],
  ['a fraction where an integer goes', { spec: { replicas: 1.5 } }],
  ['volumes merge by name', spec({ volumes: [{ name: 'v', emptyDir: {} }] })],
  ['a list patch of a map field is refused', { spec: { template: { metadata: { labels: ['x'] } } } }],
];

/** JSON patches on a ConfigMap. */
const jsonRows: [string, unknown][] = [
  ['add and remove', [{ op: 'add', path: '/data/b', value: '2' }, { op: 'remove', path: '/data/a' }]],
  ['remove of a missing path', [{ op: 'remove', path: '/data/zz' }]],
  ['replace of a missing path', [{ op: 'replace', path: '/data/zz', value: 'x' }]],
  ['test that fails', [{ op: 'test', path: '/data/a', value: 'nope' }]],
  ['test that passes', [{ op: 'test', path: '/data/a', value: '1' }, { op: 'add', path: '/data/c', value: '3' }]],
  ['an unknown op', [{ op: 'frobnicate', path: '/data/a' }]],
  ['an op without a path', [{ op: 'add', value: 'x' }]],
  ['add to a missing parent', [{ op: 'add', path: '/nope/deeper', value: 'x' }]],
  ['move', [{ op: 'move', from: '/data/a', path: '/data/moved' }]],
  ['move from a missing path', [{ op: 'move', from: '/data/zz', path: '/data/moved' }]],
  ['copy', [{ op: 'copy', from: '/data/a', path: '/data/copied' }]],
  ['a path without a leading slash', [{ op: 'add', path: 'data/b', value: '2' }]],
  ['an escaped key', [{ op: 'add', path: '/metadata/labels', value: { 'x/y': 'z' } }, { op: 'remove', path: '/metadata/labels/x~1y' }]],
  ['an array index out of range', [{ op: 'add', path: '/metadata/finalizers', value: ['a.io/x'] }, { op: 'add', path: '/metadata/finalizers/5', value: 'b.io/y' }]],
  ['append with -', [{ op: 'add', path: '/metadata/finalizers', value: ['a.io/x'] }, { op: 'add', path: '/metadata/finalizers/-', value: 'b.io/y' }]],
  ['a patch that is an object', { op: 'add', path: '/data/b', value: '2' }],
  ['a patch that changes the namespace', [{ op: 'replace', path: '/metadata/namespace', value: 'other' }]],
  ['a patch that changes the uid', [{ op: 'replace', path: '/metadata/uid', value: '6f1c4c1e-0000-4000-8000-000000000000' }]],
  ['a value of the wrong type', [{ op: 'add', path: '/data/b', value: 2 }]],
  ['a value of the wrong type after a label is added', [{ op: 'add', path: '/metadata/labels', value: { x: '1' } }, { op: 'add', path: '/data/b', value: 2 }]],
  ['a value of the wrong type after a test of the name', [{ op: 'test', path: '/metadata/name', value: 'a' }, { op: 'add', path: '/data/b', value: true }]],
  ['an empty patch', []],
];

/** Merge patches on a Widget. */
const mergeRows: [string, unknown][] = [
  ['sets a field', { spec: { shape: 'round' } }],
  ['null deletes a field', { spec: { color: null } }],
  ['a list is replaced whole', { spec: { ports: [{ name: 'b', port: 2 }] } }],
  ['a set is replaced whole', { spec: { tags: ['z'] } }],
  ['a value of the wrong type is 422', { spec: { replicas: 'x' } }],
  ['a value breaking the enum is 422', { spec: { size: 'medium' } }],
  ['an unknown field is dropped', { spec: { bogus: 1 } }],
  ['labels and annotations', { metadata: { labels: { a: 'b' }, annotations: { c: 'd' } } }],
  ['status through the main resource is ignored', { status: { phase: 'X' } }],
  ['a change of spec bumps the generation', { spec: { replicas: 5 } }],
  ['a change of metadata keeps the generation', { metadata: { labels: { g: '1' } } }],
  ['a patch of kind is refused', { kind: 'Other' }],
  ['a patch of apiVersion is refused', { apiVersion: 'scenarios.example.com/v2' }],
  ['a patch of apiVersion to another group is refused', { apiVersion: 'other.example.com/v1' }],
  ['a patch of apiVersion and kind names both', { apiVersion: 'scenarios.example.com/v2', kind: 'Other' }],
  ['a nested preserved subtree', { spec: { extra: { deep: { er: [1, { x: null }] } } } }],
];

export const patch: Scenario[] = [
  ...strategicRows.map(([what, body]) =>
    scenario(`strategic: ${what}`, async (s) => {
      await s.quiet('POST', `/apis/apps/v1/namespaces/${s.ns}/deployments`, deployment);
      await s.req('PATCH', dPath(s), body, STRATEGIC);
    }),
  ),
  scenario('strategic: an unknown field, Strict', async (s) => {
    await s.quiet('POST', `/apis/apps/v1/namespaces/${s.ns}/deployments`, deployment);
    await s.req('PATCH', `${dPath(s)}?fieldValidation=Strict`, { spec: { bogus: 1, replicas: 2 } }, STRATEGIC);
  }),
  scenario('strategic: a Service port merged by port', async (s) => {
    await s.quiet('POST', `/api/v1/namespaces/${s.ns}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: 'a' }, spec: { ports: [{ name: 'a', port: 80 }] } });
    await s.req('PATCH', `/api/v1/namespaces/${s.ns}/services/a`, { spec: { ports: [{ name: 'b', port: 81 }] } }, STRATEGIC);
  }),
  scenario('strategic: on a ConfigMap merges data', async (s) => {
    await s.quiet('POST', `/api/v1/namespaces/${s.ns}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { a: '1' } });
    await s.req('PATCH', `/api/v1/namespaces/${s.ns}/configmaps/a`, { data: { b: '2', a: null } }, STRATEGIC);
  }),
  scenario('strategic: on a custom resource is 415', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', { color: 'red' }));
    await s.req('PATCH', widgets(s.ns, 'a'), { spec: { color: 'blue' } }, STRATEGIC);
  }),
  ...jsonRows.map(([what, body]) =>
    scenario(`json: ${what}`, async (s) => {
      await s.quiet('POST', `/api/v1/namespaces/${s.ns}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { a: '1' } });
      await s.req('PATCH', `/api/v1/namespaces/${s.ns}/configmaps/a`, body, JSONPATCH);
    }),
  ),
  scenario('json: on a custom resource', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', { color: 'red', ports: [{ name: 'a', port: 1 }] }));
    await s.req('PATCH', widgets(s.ns, 'a'), [{ op: 'add', path: '/spec/ports/-', value: { name: 'b', port: 2 } }], JSONPATCH);
  }),
  ...mergeRows.map(([what, body]) =>
    scenario(`merge: ${what}`, async (s) => {
      await s.quiet('POST', widgets(s.ns), widget('a', { color: 'red', tags: ['a'], ports: [{ name: 'a', port: 1 }], extra: { deep: { er: [0] } } }));
      await s.req('PATCH', widgets(s.ns, 'a'), body, MERGE);
    }),
  ),
  scenario('merge: of a missing object is 404', (s) => s.req('PATCH', widgets(s.ns, 'missing'), { spec: {} }, MERGE).then(() => undefined)),
  scenario('merge: through the status subresource', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', { color: 'red' }));
    await s.req('PATCH', widgets(s.ns, 'a', 'status'), { status: { phase: 'Ready' }, spec: { color: 'blue' } }, MERGE);
  }),
  scenario('merge: negative replicas fail the schema and the scale path', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', { replicas: 1 }));
    await s.req('PATCH', widgets(s.ns, 'a'), { spec: { replicas: -1 } }, MERGE);
  }),
  scenario('merge: negative status replicas through the status subresource', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', { replicas: 1 }));
    await s.req('PATCH', widgets(s.ns, 'a', 'status'), { status: { replicas: -2 } }, MERGE);
  }),
  scenario('merge: through the scale subresource', async (s) => {
    await s.quiet('POST', widgets(s.ns), widget('a', { replicas: 1 }));
    await s.req('PATCH', widgets(s.ns, 'a', 'scale'), { spec: { replicas: 3 } }, MERGE);
    await s.req('GET', widgets(s.ns, 'a'));
  }),
];
