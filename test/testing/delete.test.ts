import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { patchAs, statusOf } from './support.js';

let env: TestEnvironment;
let core: k8s.CoreV1Api;
let apps: k8s.AppsV1Api;

beforeAll(async () => {
  env = await startTestEnvironment();
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
  apps = env.kubeConfig.makeApiClient(k8s.AppsV1Api);
});
afterAll(() => env.stop());

const exists = (call: Promise<unknown>) => call.then(() => true, (e: k8s.ApiException<string>) => (e.code === 404 ? false : Promise.reject(e)));

async function ownerAndDependent(owner: string, blockOwnerDeletion = false, finalizers?: string[]): Promise<{ ownerUid: string }> {
  const o = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: owner } } });
  await core.createNamespacedSecret({
    namespace: 'default',
    body: { metadata: { name: `${owner}-dep`, finalizers, ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: owner, uid: o.metadata!.uid!, blockOwnerDeletion }] } },
  });
  return { ownerUid: o.metadata!.uid! };
}

describe('finalizers', () => {
  it('hold an object with deletionTimestamp until the last one is removed', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'fin', finalizers: ['example.com/hold'] } } });
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'fin' });
    const held = await core.readNamespacedConfigMap({ namespace: 'default', name: 'fin' });
    expect(held.metadata?.deletionTimestamp).toBeInstanceOf(Date);
    expect(held.metadata?.finalizers).toEqual(['example.com/hold']);
    const { code, body } = await statusOf(core.patchNamespacedConfigMap({ namespace: 'default', name: 'fin', body: { metadata: { finalizers: ['example.com/hold', 'example.com/new'] } } }, patchAs(k8s.PatchStrategy.MergePatch)));
    expect(code).toBe(422);
    expect(body.message).toBe('ConfigMap "fin" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}');
    await core.patchNamespacedConfigMap({ namespace: 'default', name: 'fin', body: { metadata: { finalizers: null } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(await exists(core.readNamespacedConfigMap({ namespace: 'default', name: 'fin' }))).toBe(false);
  });

  it('bump generation when deletion starts, for kinds that track it', async () => {
    const body: k8s.V1Deployment = { metadata: { name: 'fin-dep', finalizers: ['example.com/hold'] }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
    await apps.createNamespacedDeployment({ namespace: 'default', body });
    await apps.deleteNamespacedDeployment({ namespace: 'default', name: 'fin-dep' });
    const deleting = await apps.readNamespacedDeployment({ namespace: 'default', name: 'fin-dep' });
    expect(deleting.metadata?.generation).toBe(2);
  });
});

describe('garbage collection', () => {
  it('deletes dependents in the background', async () => {
    await ownerAndDependent('bg');
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'bg', propagationPolicy: 'Background' });
    await eventually(async () => !(await exists(core.readNamespacedSecret({ namespace: 'default', name: 'bg-dep' }))));
  });

  it('orphans dependents: owner reference removed, dependent kept', async () => {
    await ownerAndDependent('orph');
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'orph', propagationPolicy: 'Orphan' });
    await eventually(async () => !(await exists(core.readNamespacedConfigMap({ namespace: 'default', name: 'orph' }))));
    const dep = await core.readNamespacedSecret({ namespace: 'default', name: 'orph-dep' });
    expect(dep.metadata?.ownerReferences).toBeUndefined();
  });

  it('deletes blocking dependents first in the foreground', async () => {
    // The dependent's own finalizer keeps it (and so the owner) around until we release it.
    await ownerAndDependent('fg', true, ['example.com/hold']);
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'fg', propagationPolicy: 'Foreground' });
    const dep = await eventually(async () => {
      const s = await core.readNamespacedSecret({ namespace: 'default', name: 'fg-dep' });
      return s.metadata?.deletionTimestamp !== undefined && s;
    });
    expect(dep.metadata?.deletionTimestamp).toBeDefined();
    const owner = await core.readNamespacedConfigMap({ namespace: 'default', name: 'fg' });
    expect(owner.metadata?.finalizers).toEqual(['foregroundDeletion']);
    expect(owner.metadata?.deletionTimestamp).toBeDefined();
    await core.patchNamespacedSecret({ namespace: 'default', name: 'fg-dep', body: { metadata: { finalizers: null } } }, patchAs(k8s.PatchStrategy.MergePatch));
    await eventually(async () => !(await exists(core.readNamespacedConfigMap({ namespace: 'default', name: 'fg' }))));
    expect(await exists(core.readNamespacedSecret({ namespace: 'default', name: 'fg-dep' }))).toBe(false);
  });

  it('keeps a dependent that has another live owner, dropping the dangling reference', async () => {
    const a = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'own-a' } } });
    const b = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'own-b' } } });
    await core.createNamespacedSecret({
      namespace: 'default',
      body: { metadata: { name: 'two-owners', ownerReferences: [a, b].map((o) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: o.metadata!.name!, uid: o.metadata!.uid! })) } },
    });
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'own-a' });
    const dep = await eventually(async () => {
      const s = await core.readNamespacedSecret({ namespace: 'default', name: 'two-owners' });
      return s.metadata?.ownerReferences?.length === 1 && s;
    });
    expect(dep.metadata?.ownerReferences?.map((r) => r.name)).toEqual(['own-b']);
  });
});

describe('deletecollection and preconditions', () => {
  it('deletes what the label selector matches', async () => {
    for (const [name, tier] of [['dc1', 'a'], ['dc2', 'a'], ['dc3', 'b']]) {
      await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name, labels: { tier } } } });
    }
    await core.deleteCollectionNamespacedConfigMap({ namespace: 'default', labelSelector: 'tier=a' });
    const left = await core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'tier' });
    expect(left.items.map((i) => i.metadata?.name)).toEqual(['dc3']);
  });

  it('refuses a delete whose uid precondition does not match', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'precond' } } });
    const { code, body } = await statusOf(core.deleteNamespacedConfigMap({ namespace: 'default', name: 'precond', body: { preconditions: { uid: 'other' } } }));
    expect(code).toBe(409);
    expect(String(body.message)).toMatch(/^Operation cannot be fulfilled on ConfigMap "precond": the UID in the precondition \(other\) does not match the UID in record \([0-9a-f-]+\)\. The object might have been deleted and then recreated$/);
  });
});

describe('namespaces', () => {
  it('terminate: content is deleted, then the namespace goes', async () => {
    await core.createNamespace({ body: { metadata: { name: 'doomed' } } });
    await core.createNamespacedConfigMap({ namespace: 'doomed', body: { metadata: { name: 'inside' } } });
    await core.deleteNamespace({ name: 'doomed' });
    await eventually(async () => !(await exists(core.readNamespace({ name: 'doomed' }))));
    expect(await exists(core.readNamespacedConfigMap({ namespace: 'doomed', name: 'inside' }))).toBe(false);
  });

  it('can be finalized by hand through /finalize', async () => {
    await core.createNamespace({ body: { metadata: { name: 'stuck' } } });
    await core.createNamespacedConfigMap({ namespace: 'stuck', body: { metadata: { name: 'held', finalizers: ['example.com/hold'] } } });
    await core.deleteNamespace({ name: 'stuck' });
    await env.server.settle();
    const terminating = await core.readNamespace({ name: 'stuck' });
    expect([terminating.status?.phase, terminating.spec?.finalizers]).toEqual(['Terminating', ['kubernetes']]);
    await core.replaceNamespaceFinalize({ name: 'stuck', body: { ...terminating, spec: { finalizers: [] } } });
    expect(await exists(core.readNamespace({ name: 'stuck' }))).toBe(false);
  });

  it('refuse new content while terminating', async () => {
    await core.createNamespace({ body: { metadata: { name: 'closing' } } });
    await core.createNamespacedConfigMap({ namespace: 'closing', body: { metadata: { name: 'held', finalizers: ['example.com/hold'] } } });
    await core.deleteNamespace({ name: 'closing' });
    const { code, body } = await statusOf(core.createNamespacedConfigMap({ namespace: 'closing', body: { metadata: { name: 'late' } } }));
    expect(code).toBe(403);
    expect(body.message).toBe('configmaps "late" is forbidden: unable to create new content in namespace closing because it is being terminated');
    await core.patchNamespacedConfigMap({ namespace: 'closing', name: 'held', body: { metadata: { finalizers: null } } }, patchAs(k8s.PatchStrategy.MergePatch));
    await eventually(async () => !(await exists(core.readNamespace({ name: 'closing' }))));
  });
});
