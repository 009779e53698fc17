import type { Wire } from '../../../src/runtime/api/types.js';
import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeClient, RestTransport } from '../../../src/runtime/client/index.js';
import { ConfigMap, Deployment } from '../../../src/runtime/scheme/index.js';
import { createOrPatch, createOrUpdate, setControllerReference } from '../../../src/runtime/controllerutil/index.js';
import { describeBackends } from '../../support/backends.js';
import type { TestEnvironment } from '../../support/environment.js';

describeBackends('createOrUpdate and createOrPatch', (backend) => {
  let api: TestEnvironment;
  let client: KubeClient;

  beforeAll(async () => {
    api = await backend.start();
    client = new KubeClient(new RestTransport(api.kubeConfig));
  });
  afterAll(async () => {
    await api?.stop();
  });

  describe('createOrUpdate through the test API server', () => {
    it('creates, then leaves unchanged, then updates', async () => {
      const desired = (value: string) => (cm: Wire<V1ConfigMap>) => {
        cm.data = { ...cm.data, key: value };
        cm.metadata!.labels = { app: 'web' };
      };
      const cm: Wire<V1ConfigMap> = { metadata: { name: 'settings', namespace: 'default' } };
      expect(await createOrUpdate(client, ConfigMap, cm, desired('one'))).toBe('created');
      expect(cm.metadata?.uid).toBeTruthy(); // obj now holds what the server stored
      const createdVersion = cm.metadata!.resourceVersion;

      const again: Wire<V1ConfigMap> = { metadata: { name: 'settings', namespace: 'default' } };
      expect(await createOrUpdate(client, ConfigMap, again, desired('one'))).toBe('unchanged');
      expect(again.metadata?.resourceVersion).toBe(createdVersion);

      const changed: Wire<V1ConfigMap> = { metadata: { name: 'settings', namespace: 'default' } };
      expect(await createOrUpdate(client, ConfigMap, changed, desired('two'))).toBe('updated');
      expect(changed.metadata?.resourceVersion).not.toBe(createdVersion);
      const stored = await client.apiReader.get(ConfigMap, { namespace: 'default', name: 'settings' });
      expect(stored.data).toEqual({ key: 'two' });
    });

    it('refuses a mutate function that renames the object, and passes API errors through', async () => {
      const cm: Wire<V1ConfigMap> = { metadata: { name: 'rename-me', namespace: 'default' } };
      await expect(
        createOrUpdate(client, ConfigMap, cm, (o) => {
          o.metadata!.name = 'other';
        }),
      ).rejects.toThrow(/cannot change the object's name or namespace \(default\/rename-me -> default\/other\)/);
      const inMissingNamespace: Wire<V1ConfigMap> = { metadata: { name: 'x', namespace: 'no-such-namespace' } };
      await expect(createOrUpdate(client, ConfigMap, inMissingNamespace, () => undefined)).rejects.toMatchObject({ reason: 'NotFound' });
    });
  });

  describe('createOrPatch through the test API server', () => {
    const deployment = (): Wire<V1Deployment> => ({ metadata: { name: 'web', namespace: 'default' } });
    const spec = (replicas: number) => (d: Wire<V1Deployment>) => {
      d.spec = {
        replicas,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
      };
    };

    it('creates, patches the object, patches the status alone, and leaves it unchanged', async () => {
      const owner = await client.apiReader.get(ConfigMap, { namespace: 'default', name: 'settings' });
      const d = deployment();
      expect(
        await createOrPatch(client, Deployment, d, (obj) => {
          spec(1)(obj);
          setControllerReference(owner, obj, ConfigMap);
        }),
      ).toBe('created');
      expect(d.metadata?.ownerReferences?.[0]).toMatchObject({ kind: 'ConfigMap', name: 'settings', controller: true });

      expect(await createOrPatch(client, Deployment, deployment(), (obj) => { if (obj.spec) obj.spec.replicas = 1; })).toBe('unchanged');
      const scaled = deployment();
      expect(await createOrPatch(client, Deployment, scaled, (obj) => { obj.spec!.replicas = 3; })).toBe('updated');
      expect(scaled.spec?.replicas).toBe(3);
      // The patch carried only what changed: the owner reference set at creation is still there.
      expect(scaled.metadata?.ownerReferences).toHaveLength(1);

      const withStatus = deployment();
      expect(await createOrPatch(client, Deployment, withStatus, (obj) => { obj.status = { ...obj.status, observedGeneration: 7 }; })).toBe('updatedStatusOnly');
      const stored = await client.apiReader.get(Deployment, { namespace: 'default', name: 'web' });
      expect(stored.status?.observedGeneration).toBe(7);
      expect(stored.spec?.replicas).toBe(3);

      const both = deployment();
      const result = await createOrPatch(client, Deployment, both, (obj) => {
        obj.spec!.replicas = 2;
        obj.status = { ...obj.status, observedGeneration: 8 };
      });
      expect(result).toBe('updatedStatus');
      expect(both.spec?.replicas).toBe(2);
      expect(both.status?.observedGeneration).toBe(8);
    });
  });
});
