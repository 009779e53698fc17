/**
 * Typed server-side apply (`client.apply`) and dependent resources (`reconcileDependents`), on the
 * in-process server and on kube-apiserver.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import type { TestEnvironment } from '../../../src/testing/index.js';
import {
  ConfigMap,
  Deployment,
  dependent,
  isConflict,
  isNotFound,
  KubeClient,
  reconcileDependents,
  RestTransport,
  type Wire,
} from '../../../src/runtime/index.js';
import { describeBackends } from '../../support/backends.js';
import { createNamespace } from '../../support/runtime.js';

describeBackends('dependent resources', (backend) => {
  let env: TestEnvironment;
  let transport: RestTransport;
  let client: KubeClient;
  beforeAll(async () => {
    env = await backend.start();
    transport = new RestTransport(env.kubeConfig);
    client = new KubeClient(transport, { fieldManager: 'runtime-test' });
  });
  afterAll(async () => {
    transport?.close();
    await env?.stop();
  });

  const owner = (namespace: string, name: string) =>
    client.create(ConfigMap, { metadata: { namespace, name } } satisfies Wire<V1ConfigMap>);

  const deployment = (name: string) => ({
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'busybox:1' }] } },
    },
  });
  const deploymentReady = (d: Wire<V1Deployment>) => (d.status?.readyReplicas ?? 0) >= (d.spec?.replicas ?? 1);

  it('applies a typed partial object; a second field manager conflicts unless it forces', async () => {
    const ns = await createNamespace(client, 'apply');
    const created = await client.apply(ConfigMap, { metadata: { name: 'cm', namespace: ns }, data: { a: '1' } }, { fieldManager: 'first' });
    expect(created).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', data: { a: '1' } });
    // Checked by the compiler only (never called): data values are strings, the configuration is typed by its kind.
    // @ts-expect-error a number where ConfigMap data holds strings
    void (() => client.apply(ConfigMap, { metadata: { name: 'x', namespace: ns }, data: { a: 1 } }));

    const both = await client.apply(ConfigMap, { metadata: { name: 'cm', namespace: ns }, data: { b: '2' } }, { fieldManager: 'second' });
    expect(both.data).toEqual({ a: '1', b: '2' });
    const refused = await client.apply(ConfigMap, { metadata: { name: 'cm', namespace: ns }, data: { a: 'other' } }, { fieldManager: 'second' }).catch((e: unknown) => e);
    expect(isConflict(refused)).toBe(true);
    const forced = await client.apply(ConfigMap, { metadata: { name: 'cm', namespace: ns }, data: { a: 'other', b: '2' } }, { fieldManager: 'second', force: true });
    expect(forced.data).toEqual({ a: 'other', b: '2' });
    // The first manager lost field a, so dropping it from its configuration leaves it alone.
    const released = await client.apply(ConfigMap, { metadata: { name: 'cm', namespace: ns } }, { fieldManager: 'first' });
    expect(released.data).toEqual({ a: 'other', b: '2' });
  });

  it('applies declared children with the owner as controller, reports readiness from status, deletes undeclared ones', async () => {
    const ns = await createNamespace(client, 'dependents');
    const parent = await owner(ns, 'parent');
    const options = { fieldManager: 'parent-controller', ownerKind: ConfigMap, kinds: [ConfigMap, Deployment] };
    const children = () => [
      dependent(ConfigMap, { metadata: { name: 'parent-config' }, data: { setting: 'on' } }),
      dependent(Deployment, deployment('parent-app'), { ready: deploymentReady }),
    ];

    const first = await reconcileDependents(client, parent, children(), options);
    expect(first.ready).toBe(false);
    expect(first.dependents.map((d) => [d.kind, d.name, d.ready])).toEqual([['ConfigMap', 'parent-config', true], ['Deployment', 'parent-app', false]]);
    const config = await client.get(ConfigMap, { namespace: ns, name: 'parent-config' });
    expect(config.data).toEqual({ setting: 'on' });
    expect(config.metadata?.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'parent', uid: parent.metadata!.uid, controller: true, blockOwnerDeletion: true },
    ]);
    expect(config.metadata?.managedFields?.map((f) => [f.manager, f.operation])).toEqual([['parent-controller', 'Apply']]);

    // What a Deployment controller would report once the pod runs.
    const app = await client.get(Deployment, { namespace: ns, name: 'parent-app' });
    await client.status().patch(Deployment, app, { status: { replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 } });
    const second = await reconcileDependents(client, parent, children(), options);
    expect(second.ready).toBe(true);
    expect(second.removed).toEqual([]);

    // The config map is no longer declared: it goes; an unrelated config map stays.
    await client.create(ConfigMap, { metadata: { namespace: ns, name: 'unrelated' } });
    const third = await reconcileDependents(client, parent, [children()[1]], options);
    expect(third.removed).toEqual([{ kind: 'ConfigMap', namespace: ns, name: 'parent-config', action: 'deleted' }]);
    expect(isNotFound(await client.get(ConfigMap, { namespace: ns, name: 'parent-config' }).catch((e: unknown) => e))).toBe(true);
    await client.get(ConfigMap, { namespace: ns, name: 'unrelated' });
    await client.get(Deployment, { namespace: ns, name: 'parent-app' });

    // No child declared at all: the kinds of `options.kinds` are still cleaned up.
    const last = await reconcileDependents(client, parent, [], options);
    expect(last.removed).toEqual([{ kind: 'Deployment', namespace: ns, name: 'parent-app', action: 'deleted' }]);
  });

  it('lets two owners with their own field managers share a child: each keeps its fields, the last one out deletes it', async () => {
    const ns = await createNamespace(client, 'shared');
    const a = await owner(ns, 'owner-a');
    const b = await owner(ns, 'owner-b');
    const optionsA = { fieldManager: 'a-controller', ownerKind: ConfigMap, kinds: [ConfigMap] };
    const optionsB = { fieldManager: 'b-controller', ownerKind: ConfigMap, kinds: [ConfigMap] };
    const shared = (key: string) => dependent(ConfigMap, { metadata: { name: 'shared' }, data: { [key]: 'yes' } }, { shared: true });

    await reconcileDependents(client, a, [shared('from-a')], optionsA);
    await reconcileDependents(client, b, [shared('from-b')], optionsB);
    const child = await client.get(ConfigMap, { namespace: ns, name: 'shared' });
    expect(child.data).toEqual({ 'from-a': 'yes', 'from-b': 'yes' });
    expect(child.metadata?.ownerReferences?.map((r) => [r.name, r.controller])).toEqual([['owner-a', undefined], ['owner-b', undefined]]);
    expect(child.metadata?.managedFields?.map((f) => f.manager).sort()).toEqual(['a-controller', 'b-controller']);

    // A re-applies: nothing of B's is touched.
    await reconcileDependents(client, a, [shared('from-a')], optionsA);
    expect((await client.get(ConfigMap, { namespace: ns, name: 'shared' })).data).toEqual({ 'from-a': 'yes', 'from-b': 'yes' });

    const aLeaves = await reconcileDependents(client, a, [], optionsA);
    expect(aLeaves.removed).toEqual([{ kind: 'ConfigMap', namespace: ns, name: 'shared', action: 'released' }]);
    const left = await client.get(ConfigMap, { namespace: ns, name: 'shared' });
    expect(left.data).toEqual({ 'from-b': 'yes' });
    expect(left.metadata?.ownerReferences?.map((r) => r.name)).toEqual(['owner-b']);

    const bLeaves = await reconcileDependents(client, b, [], optionsB);
    expect(bLeaves.removed).toEqual([{ kind: 'ConfigMap', namespace: ns, name: 'shared', action: 'deleted' }]);
    expect(isNotFound(await client.get(ConfigMap, { namespace: ns, name: 'shared' }).catch((e: unknown) => e))).toBe(true);
  });
});
