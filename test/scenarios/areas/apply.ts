/**
 * Server-side apply: managedFields (field sets, operation, subresource), ownership shared by
 * managers, conflicts and force, fields removed when no longer applied, list-maps and sets, and
 * apply to status, on Widgets, ConfigMaps and Deployments.
 */
import { WIDGET_API, widgets } from '../fixtures.js';
import type { Scenario, Session } from '../scenario.js';
import { APPLY, MERGE, scenario } from './scenario-table.js';

const w = (spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) => ({ apiVersion: WIDGET_API, kind: 'Widget', metadata: { name: 'a', ...metadata }, spec });
const applyW = (s: Session, manager: string, body: unknown, extra = '') => s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=${manager}${extra}`, body, APPLY);
const cmPath = (s: Session, name = 'a') => `/api/v1/namespaces/${s.ns}/configmaps/${name}`;
const cm = (data: Record<string, string>, metadata: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', ...metadata }, data });
const applyCM = (s: Session, manager: string, body: unknown, extra = '') => s.req('PATCH', `${cmPath(s)}?fieldManager=${manager}${extra}`, body, APPLY);
const deploy = (spec: Record<string, unknown>) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'a' }, spec });
const podTemplate = (containers: unknown[]) => ({ metadata: { labels: { app: 'a' } }, spec: { containers } });
const dPath = (s: Session) => `/apis/apps/v1/namespaces/${s.ns}/deployments/a`;
const applyD = (s: Session, manager: string, body: unknown, extra = '') => s.req('PATCH', `${dPath(s)}?fieldManager=${manager}${extra}`, body, APPLY);
const sel = { matchLabels: { app: 'a' } };

export const apply: Scenario[] = [
  scenario('apply creates the object', (s) => applyW(s, 'one', w({ color: 'red' })).then(() => undefined)),
  scenario('apply twice with the same config keeps the resourceVersion', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    await applyW(s, 'one', w({ color: 'red' }));
  }),
  scenario('apply of a field no longer applied removes it', async (s) => {
    await applyW(s, 'one', w({ color: 'red', shape: 'round' }));
    await applyW(s, 'one', w({ color: 'red' }));
  }),
  scenario('a field applied by two managers stays when one stops applying it', async (s) => {
    await applyW(s, 'one', w({ color: 'red', shape: 'round' }));
    await applyW(s, 'two', w({ shape: 'round' }));
    await applyW(s, 'one', w({ color: 'red' }));
  }),
  scenario('a field applied by two managers goes when both stop applying it', async (s) => {
    await applyW(s, 'one', w({ color: 'red', shape: 'round' }));
    await applyW(s, 'two', w({ shape: 'round' }));
    await applyW(s, 'one', w({ color: 'red' }));
    await applyW(s, 'two', w({}));
  }),
  scenario('a field applied and also updated by another manager stays', async (s) => {
    await applyW(s, 'one', w({ color: 'red', shape: 'round' }));
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=editor`, { spec: { shape: 'square' } }, MERGE);
    await applyW(s, 'one', w({ color: 'red' }));
  }),
  scenario('a conflicting apply is 409 with the other manager named', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    await applyW(s, 'two', w({ color: 'blue' }));
  }),
  scenario('a conflict with two fields lists both', async (s) => {
    await applyW(s, 'one', w({ color: 'red', shape: 'round' }));
    await applyW(s, 'two', w({ color: 'blue', shape: 'square' }));
  }),
  scenario('conflicts with two managers', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    await applyW(s, 'two', w({ shape: 'round' }));
    await applyW(s, 'three', w({ color: 'blue', shape: 'square' }));
  }),
  scenario('a conflict with an Update manager names its apiVersion and time', async (s) => {
    await s.req('POST', `${widgets(s.ns)}?fieldManager=editor`, w({ color: 'red' }));
    await applyW(s, 'one', w({ color: 'blue' }));
  }),
  scenario('applying the same value as another manager shares it without conflict', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    await applyW(s, 'two', w({ color: 'red' }));
  }),
  scenario('force takes the field from the other manager', async (s) => {
    await applyW(s, 'one', w({ color: 'red', shape: 'round' }));
    await applyW(s, 'two', w({ color: 'blue' }), '&force=true');
  }),
  scenario('after force the former owner no longer removes the field', async (s) => {
    await applyW(s, 'one', w({ color: 'red', shape: 'round' }));
    await applyW(s, 'two', w({ color: 'blue' }), '&force=true');
    await applyW(s, 'one', w({ shape: 'round' }));
  }),
  scenario('an Update takes ownership from the applier', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=editor`, { spec: { color: 'blue' } }, MERGE);
    await applyW(s, 'one', w({ color: 'red' }));
  }),
  scenario('apply with a resourceVersion that is stale is 409', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    await applyW(s, 'one', w({ color: 'red' }, { resourceVersion: '1' }));
  }),
  scenario('apply with a different name in the body is 400', async (s) => {
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=one`, { ...w({}), metadata: { name: 'b' } }, APPLY);
  }),
  scenario('apply without apiVersion and kind is 400', async (s) => {
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=one`, { metadata: { name: 'a' }, spec: { color: 'red' } }, APPLY);
  }),
  scenario('apply of another kind is 400', async (s) => {
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=one`, { apiVersion: WIDGET_API, kind: 'Gadget', metadata: { name: 'a' }, spec: { color: 'red' } }, APPLY);
  }),
  scenario('apply of an apiVersion with two slashes is 400', async (s) => {
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=one`, { apiVersion: 'a/b/c', kind: 'Widget', metadata: { name: 'a' }, spec: { color: 'red' } }, APPLY);
  }),
  scenario('apply in YAML', async (s) => {
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=one`, `apiVersion: ${WIDGET_API}\nkind: Widget\nmetadata:\n  name: a\nspec:\n  color: red\n`, APPLY);
  }),
  scenario('apply of a list-map merges elements by key', async (s) => {
    await applyW(s, 'one', w({ ports: [{ name: 'http', port: 80 }] }));
    await applyW(s, 'two', w({ ports: [{ name: 'https', port: 443 }] }));
  }),
  scenario('apply of a list-map element dropped by its only owner removes it', async (s) => {
    await applyW(s, 'one', w({ ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] }));
    await applyW(s, 'one', w({ ports: [{ name: 'http', port: 80 }] }));
  }),
  scenario('apply of a list-map element field owned by two managers', async (s) => {
    await applyW(s, 'one', w({ ports: [{ name: 'http', port: 80 }] }));
    await applyW(s, 'two', w({ ports: [{ name: 'http', port: 80 }] }));
    await applyW(s, 'one', w({ ports: [] }));
  }),
  scenario('apply of a list-map element with a conflicting field', async (s) => {
    await applyW(s, 'one', w({ ports: [{ name: 'http', port: 80 }] }));
    await applyW(s, 'two', w({ ports: [{ name: 'http', port: 8080 }] }));
  }),
  scenario('apply of a list-map with a duplicate key is refused', async (s) => {
    await applyW(s, 'one', w({ ports: [{ name: 'http', port: 80 }, { name: 'http', port: 81 }] }));
  }),
  scenario('apply of a set merges values', async (s) => {
    await applyW(s, 'one', w({ tags: ['a', 'b'] }));
    await applyW(s, 'two', w({ tags: ['c'] }));
  }),
  scenario('apply of a set removes values no longer applied', async (s) => {
    await applyW(s, 'one', w({ tags: ['a', 'b'] }));
    await applyW(s, 'two', w({ tags: ['b'] }));
    await applyW(s, 'one', w({ tags: [] }));
  }),
  scenario('apply of a set with a duplicate is refused', async (s) => {
    await applyW(s, 'one', w({ tags: ['a', 'a'] }));
  }),
  scenario('apply of an atomic list replaces it and conflicts whole', async (s) => {
    await applyW(s, 'one', w({ args: ['a', 'b'] }));
    await applyW(s, 'two', w({ args: ['c'] }));
  }),
  scenario('apply of an atomic map conflicts whole', async (s) => {
    await applyW(s, 'one', w({ atomicInner: { a: '1' } }));
    await applyW(s, 'two', w({ atomicInner: { b: '2' } }));
  }),
  scenario('apply of a granular map shares it', async (s) => {
    await applyW(s, 'one', w({ config: { a: '1' } }));
    await applyW(s, 'two', w({ config: { b: '2' } }));
    await applyW(s, 'one', w({}));
  }),
  scenario('apply of a nested struct drops a field no longer applied', async (s) => {
    await applyW(s, 'one', w({ inner: { a: '1', b: '2' } }));
    await applyW(s, 'one', w({ inner: { a: '1' } }));
  }),
  scenario('apply of a preserved-unknown subtree', async (s) => {
    await applyW(s, 'one', w({ extra: { x: { y: 1 }, z: [1, 2] } }));
    await applyW(s, 'two', w({ extra: { x: { w: 2 } } }));
  }),
  scenario('apply of a deeper preserved-unknown subtree conflicts on its leaves', async (s) => {
    await applyW(s, 'one', w({ extra: { x: { a: { b: 1 }, l: [1] } } }));
    await applyW(s, 'two', w({ extra: { x: { a: { b: 2 }, l: [2] } } }));
  }),
  scenario('apply of a field set to null', async (s) => {
    await applyW(s, 'one', w({ color: 'red', shape: 'round' }));
    await applyW(s, 'one', w({ color: 'red', shape: null }));
  }),
  scenario('apply of status through the main resource is ignored', async (s) => {
    await applyW(s, 'one', { ...w({ color: 'red' }), status: { phase: 'Ready' } });
  }),
  scenario('apply to the status subresource', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    await s.req('PATCH', `${widgets(s.ns, 'a', 'status')}?fieldManager=st`, { apiVersion: WIDGET_API, kind: 'Widget', metadata: { name: 'a' }, status: { phase: 'Ready', conditions: [{ type: 'A', status: 'True' }] } }, APPLY);
  }),
  scenario('apply to status of a missing object is 404', async (s) => {
    await s.req('PATCH', `${widgets(s.ns, 'a', 'status')}?fieldManager=st`, { apiVersion: WIDGET_API, kind: 'Widget', metadata: { name: 'a' }, status: { phase: 'Ready' } }, APPLY);
  }),
  scenario('status conditions applied by two managers', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    const st = (type: string) => ({ apiVersion: WIDGET_API, kind: 'Widget', metadata: { name: 'a' }, status: { conditions: [{ type, status: 'True' }] } });
    await s.req('PATCH', `${widgets(s.ns, 'a', 'status')}?fieldManager=x`, st('X'), APPLY);
    await s.req('PATCH', `${widgets(s.ns, 'a', 'status')}?fieldManager=y`, st('Y'), APPLY);
    await s.req('PATCH', `${widgets(s.ns, 'a', 'status')}?fieldManager=x`, { ...st('X'), status: { conditions: [] } }, APPLY);
  }),
  scenario('apply with spec through the status subresource ignores spec', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }));
    await s.req('PATCH', `${widgets(s.ns, 'a', 'status')}?fieldManager=st`, { ...w({ color: 'blue' }), status: { phase: 'X' } }, APPLY);
  }),
  scenario('apply of labels and annotations', async (s) => {
    await applyW(s, 'one', w({}, { labels: { a: '1' }, annotations: { b: '2' } }));
    await applyW(s, 'one', w({}, { labels: { a: '1' } }));
  }),
  scenario('apply of finalizers (a set)', async (s) => {
    await applyW(s, 'one', w({}, { finalizers: ['example.com/a'] }));
    await applyW(s, 'two', w({}, { finalizers: ['example.com/b'] }));
    await applyW(s, 'one', w({}, {}));
  }),
  scenario('apply with dryRun does not store', async (s) => {
    await applyW(s, 'one', w({ color: 'red' }), '&dryRun=All');
    await s.req('GET', widgets(s.ns, 'a'));
  }),
  scenario('configmap: apply shared keys', async (s) => {
    await applyCM(s, 'one', cm({ a: '1', b: '2' }));
    await applyCM(s, 'two', cm({ b: '2' }));
    await applyCM(s, 'one', cm({ a: '1' }));
  }),
  scenario('configmap: apply conflict on a key', async (s) => {
    await applyCM(s, 'one', cm({ a: '1' }));
    await applyCM(s, 'two', cm({ a: '2' }));
  }),
  scenario('configmap: apply after create by Update', async (s) => {
    await s.req('POST', `/api/v1/namespaces/${s.ns}/configmaps?fieldManager=creator`, cm({ a: '1' }));
    await applyCM(s, 'one', cm({ b: '2' }));
  }),
  scenario('configmap: apply removes a key no longer applied', async (s) => {
    await applyCM(s, 'one', cm({ a: '1', b: '2' }));
    await applyCM(s, 'one', cm({ a: '1' }));
  }),
  scenario('deployment: apply creates with defaults', (s) => applyD(s, 'one', deploy({ selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) })).then(() => undefined)),
  scenario('deployment: two managers own different containers', async (s) => {
    await applyD(s, 'one', deploy({ selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) }));
    await applyD(s, 'two', deploy({ template: { spec: { containers: [{ name: 'd', image: 'j' }] } } }));
  }),
  scenario('deployment: replicas conflict with an Update manager, then force', async (s) => {
    await applyD(s, 'one', deploy({ replicas: 2, selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) }));
    await s.req('PATCH', `${dPath(s)}?fieldManager=scaler`, { spec: { replicas: 3 } }, MERGE);
    await applyD(s, 'one', deploy({ replicas: 2, selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) }));
    await applyD(s, 'one', deploy({ replicas: 2, selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) }), '&force=true');
  }),
  scenario('deployment: a container port list-map with two keys', async (s) => {
    await applyD(s, 'one', deploy({ selector: sel, template: podTemplate([{ name: 'c', image: 'i', ports: [{ containerPort: 80 }, { containerPort: 80, protocol: 'UDP' }] }]) }));
  }),
  scenario('deployment: dropping a container no longer applied', async (s) => {
    await applyD(s, 'one', deploy({ selector: sel, template: podTemplate([{ name: 'c', image: 'i' }, { name: 'd', image: 'j' }]) }));
    await applyD(s, 'one', deploy({ selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) }));
  }),
  scenario('deployment: apply of two containers of one name is refused', async (s) => {
    await applyD(s, 'one', deploy({ selector: sel, template: podTemplate([{ name: 'c', image: 'i' }, { name: 'c', image: 'j' }]) }));
  }),
  scenario('apply of finalizers named twice is refused', async (s) => {
    await applyW(s, 'one', w({}, { finalizers: ['example.com/a', 'example.com/a'] }));
  }),
  scenario('deployment: apply to scale with force takes the replicas', async (s) => {
    await applyD(s, 'one', deploy({ selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) }));
    await s.req('PATCH', `${dPath(s)}/scale?fieldManager=two&force=true`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'a' }, spec: { replicas: 4 } }, APPLY);
    await s.req('GET', dPath(s));
    await s.req('PATCH', `${dPath(s)}/scale?fieldManager=three`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'a' }, spec: { replicas: 5 } }, APPLY);
    await s.req('PATCH', `${dPath(s)}/scale?fieldManager=two`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'a' }, spec: { replicas: 4 } }, APPLY);
    await s.req('GET', dPath(s));
  }),
  scenario('deployment: apply to scale of replicas an applier owns', async (s) => {
    await applyD(s, 'one', deploy({ replicas: 2, selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) }));
    await s.req('PATCH', `${dPath(s)}/scale?fieldManager=two`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'a' }, spec: { replicas: 3 } }, APPLY);
    await s.req('PATCH', `${dPath(s)}/scale?fieldManager=one`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'a' }, spec: { replicas: 3 } }, APPLY);
    await s.req('GET', dPath(s));
  }),
  scenario('deployment: apply to scale is refused', async (s) => {
    await applyD(s, 'one', deploy({ selector: sel, template: podTemplate([{ name: 'c', image: 'i' }]) }));
    await s.req('PATCH', `${dPath(s)}/scale?fieldManager=one`, { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'a' }, spec: { replicas: 4 } }, APPLY);
  }),
];
