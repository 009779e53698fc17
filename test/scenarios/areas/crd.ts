/**
 * CustomResourceDefinition lifecycle: conditions once accepted, name conflicts, version and storage
 * changes, deleting a CRD that has objects, conversion settings. Each scenario has a group of its
 * own (from its namespace); conditions are set asynchronously, so a scenario polls (unrecorded)
 * until they settle and then records the object.
 */
import type { Scenario, Session } from '../scenario.js';
import { obj, scenario } from './scenario-table.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const groupOf = (s: Session) => `${s.ns}.example.com`;
const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { a: { type: 'string' } } } } } };
const version = (name: string, extra: Record<string, unknown> = {}) => ({ name, served: true, storage: true, schema, ...extra });

function crd(s: Session, plural: string, kind: string, extra: Record<string, unknown> = {}, names: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${groupOf(s)}` },
    spec: { group: groupOf(s), scope: 'Namespaced', names: { plural, kind, ...names }, versions: [version('v1')], ...extra },
  };
}

async function until(s: Session, path: string, done: (o: Record<string, any>, status: number) => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await s.quiet('GET', path);
    if (done(res.body as Record<string, any>, res.status)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const condition = (o: Record<string, any>, type: string) => (o.status?.conditions ?? []).find((c: { type: string }) => c.type === type);
const settled = (o: Record<string, any>) => condition(o, 'Established')?.status === 'True' || condition(o, 'NamesAccepted')?.status === 'False';

async function createSettled(s: Session, body: Record<string, any>, record = true): Promise<void> {
  const res = record ? await s.req('POST', CRDS, body) : await s.quiet('POST', CRDS, body);
  if (res.status !== 201) return;
  await until(s, `${CRDS}/${body.metadata.name}`, settled);
  if (record) await s.req('GET', `${CRDS}/${body.metadata.name}`);
}

async function servedObjects(s: Session, plural: string, v = 'v1'): Promise<void> {
  await until(s, `/apis/${groupOf(s)}/${v}/namespaces/${s.ns}/${plural}`, (_o, status) => status === 200);
}

export const crdLifecycle: Scenario[] = [
  scenario('a CRD is accepted and established', (s) => createSettled(s, crd(s, 'things', 'Thing'))),
  scenario('a CRD whose name is not plural.group is 422', (s) => s.req('POST', CRDS, { ...crd(s, 'things', 'Thing'), metadata: { name: `other.${groupOf(s)}` } }).then(() => undefined)),
  scenario('a CRD with two storage versions is 422', (s) => s.req('POST', CRDS, crd(s, 'things', 'Thing', { versions: [version('v1'), version('v2')] })).then(() => undefined)),
  scenario('a CRD without a storage version is 422', (s) => s.req('POST', CRDS, crd(s, 'things', 'Thing', { versions: [version('v1', { storage: false })] })).then(() => undefined)),
  scenario('a CRD without a schema is 422', (s) => s.req('POST', CRDS, crd(s, 'things', 'Thing', { versions: [{ name: 'v1', served: true, storage: true }] })).then(() => undefined)),
  scenario('a CRD with a Webhook conversion and no conversionReviewVersions is 422', (s) =>
    s.req('POST', CRDS, crd(s, 'things', 'Thing', { conversion: { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://example.com/convert' } } } })).then(() => undefined),
  ),
  scenario('a CRD with a Webhook conversion is accepted', (s) =>
    createSettled(s, crd(s, 'things', 'Thing', { conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://example.com/convert' } } } })),
  ),
  scenario('a CRD with a conversion strategy None and webhook settings is 422', (s) =>
    s.req('POST', CRDS, crd(s, 'things', 'Thing', { conversion: { strategy: 'None', webhook: { conversionReviewVersions: ['v1'] } } })).then(() => undefined),
  ),
  scenario('a second CRD with the same kind is not accepted', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing'), false);
    await createSettled(s, crd(s, 'others', 'Thing'));
  }),
  scenario('a second CRD with the same singular is not accepted', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing', {}, { singular: 'thing' }), false);
    await createSettled(s, crd(s, 'others', 'Other', {}, { singular: 'thing' }));
  }),
  scenario('a second CRD with a shortName in use is not accepted', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing', {}, { shortNames: ['th'] }), false);
    await createSettled(s, crd(s, 'others', 'Other', {}, { shortNames: ['th'] }));
  }),
  scenario('a CRD with shortNames and categories accepts them', (s) => createSettled(s, crd(s, 'things', 'Thing', {}, { shortNames: ['th', 'tg'], categories: ['all', 'mine'] }))),
  scenario('names refused take effect once the CRD holding them is gone', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing'), false);
    await createSettled(s, crd(s, 'others', 'Thing'), false);
    await s.req('DELETE', `${CRDS}/things.${groupOf(s)}`);
    await until(s, `${CRDS}/things.${groupOf(s)}`, (_o, status) => status === 404);
    await until(s, `${CRDS}/others.${groupOf(s)}`, (o) => condition(o, 'Established')?.status === 'True');
    await s.req('GET', `${CRDS}/others.${groupOf(s)}`);
  }),
  scenario('a CRD whose names are not accepted is not served', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing'), false);
    await createSettled(s, crd(s, 'others', 'Thing'), false);
    await servedObjects(s, 'things');
    await s.req('GET', `/apis/${groupOf(s)}/v1/namespaces/${s.ns}/others`);
    await s.req('POST', `/apis/${groupOf(s)}/v1/namespaces/${s.ns}/things`, { apiVersion: `${groupOf(s)}/v1`, kind: 'Thing', metadata: { name: 'a' } });
  }),
  scenario('a dry-run delete of a CRD keeps it', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing'), false);
    await s.req('DELETE', `${CRDS}/things.${groupOf(s)}?dryRun=All`);
    await s.req('GET', `${CRDS}/things.${groupOf(s)}`);
  }),
  scenario('the scope of a CRD may not change', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing'), false);
    const cur = obj(await s.quiet('GET', `${CRDS}/things.${groupOf(s)}`));
    await s.req('PUT', `${CRDS}/things.${groupOf(s)}`, { ...cur, spec: { ...cur.spec, scope: 'Cluster' } });
  }),
  scenario('a new storage version adds to storedVersions', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing'), false);
    const cur = obj(await s.quiet('GET', `${CRDS}/things.${groupOf(s)}`));
    await s.req('PUT', `${CRDS}/things.${groupOf(s)}`, { ...cur, spec: { ...cur.spec, versions: [version('v1', { storage: false }), version('v2')] } });
  }),
  scenario('a version in storedVersions may not be removed', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing'), false);
    const cur = obj(await s.quiet('GET', `${CRDS}/things.${groupOf(s)}`));
    await s.req('PUT', `${CRDS}/things.${groupOf(s)}`, { ...cur, spec: { ...cur.spec, versions: [version('v2')] } });
  }),
  scenario('objects are served in each served version', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing', { versions: [version('v1'), version('v2', { storage: false })] }), false);
    await servedObjects(s, 'things', 'v2');
    await s.req('POST', `/apis/${groupOf(s)}/v1/namespaces/${s.ns}/things`, { apiVersion: `${groupOf(s)}/v1`, kind: 'Thing', metadata: { name: 'a' }, spec: { a: 'x' } });
    await s.req('GET', `/apis/${groupOf(s)}/v2/namespaces/${s.ns}/things/a`);
  }),
  scenario('a version not served is 404', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing', { versions: [version('v1'), version('v2', { storage: false, served: false })] }), false);
    await servedObjects(s, 'things');
    await s.req('GET', `/apis/${groupOf(s)}/v2/namespaces/${s.ns}/things`);
  }),
  scenario('deleting a CRD deletes its objects', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing'), false);
    await servedObjects(s, 'things');
    await s.quiet('POST', `/apis/${groupOf(s)}/v1/namespaces/${s.ns}/things`, { apiVersion: `${groupOf(s)}/v1`, kind: 'Thing', metadata: { name: 'a' } });
    await s.req('DELETE', `${CRDS}/things.${groupOf(s)}`);
    await until(s, `${CRDS}/things.${groupOf(s)}`, (_o, status) => status === 404);
    await s.req('GET', `${CRDS}/things.${groupOf(s)}`);
    await s.req('GET', `/apis/${groupOf(s)}/v1/namespaces/${s.ns}/things`);
  }),
  scenario('a cluster-scoped custom resource', async (s) => {
    await createSettled(s, crd(s, 'things', 'Thing', { scope: 'Cluster' }), false);
    await until(s, `/apis/${groupOf(s)}/v1/things`, (_o, status) => status === 200);
    await s.req('POST', `/apis/${groupOf(s)}/v1/things`, { apiVersion: `${groupOf(s)}/v1`, kind: 'Thing', metadata: { name: 'a' } });
    await s.req('POST', `/apis/${groupOf(s)}/v1/namespaces/${s.ns}/things`, { apiVersion: `${groupOf(s)}/v1`, kind: 'Thing', metadata: { name: 'b' } });
  }),
];
