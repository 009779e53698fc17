/**
 * The types a controller sees say what arrives: objects come as parsed JSON, so the timestamps of
 * a project's API types (their `ObjectMeta`, their `Time` fields) are strings. The expectTypeOf
 * lines are checked by the compiler (`npm run typecheck`): typing a timestamp `Date` again fails
 * it; the test body shows, against the test API server, that the value is a string at run time.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  controllerManagedBy,
  defineKind,
  type ObjectMeta,
  type ObjectOf,
  type Time,
  type Wire,
} from '../../../src/runtime/index.js';
import { startEnv, type TestEnvironment } from '../../support/environment.js';
import { clientAndCache, createNamespace, newManager } from '../../support/runtime.js';

/** A project's API type, written as `scaffolder create api` writes one. */
interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: { size?: number };
  status?: { lastSeen?: Time };
}
const WidgetKind = defineKind<Widget>({ group: 'example.com', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true });

const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' },
    scope: 'Namespaced',
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } },
    }],
  },
};

describe('wire types', () => {
  it('types every Date of a model as the string it is in JSON', () => {
    expectTypeOf<Wire<{ at: Date; list: { at?: Date }[]; n: number }>>().toEqualTypeOf<{ at: string; list: { at?: string }[]; n: number }>();
    expectTypeOf<NonNullable<ObjectMeta['creationTimestamp']>>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<ObjectMeta['deletionTimestamp']>>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<NonNullable<ObjectMeta['managedFields']>[number]['time']>>().toEqualTypeOf<string>();
  });

  describe('a reconciler reading a project kind', () => {
    let env: TestEnvironment;
    beforeAll(async () => {
      env = await startEnv({ crds: [widgetCrd] });
    });
    afterAll(async () => {
      await env?.stop();
    });

    it('gets the creation timestamp typed and valued as a string', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'wire');
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const seen: unknown[] = [];
      await controllerManagedBy(mgr).for(WidgetKind).complete(async (req) => {
        const widget = await client.get(WidgetKind, req);
        const created = widget.metadata?.creationTimestamp;
        // What the compiler believes of the field a controller reads.
        expectTypeOf(created).toEqualTypeOf<string | undefined>();
        expectTypeOf<NonNullable<ObjectOf<typeof WidgetKind>['metadata']>['creationTimestamp']>().not.toEqualTypeOf<Date | undefined>();
        seen.push(created);
        return {};
      });
      const done = mgr.start();
      try {
        await setup.client.create(WidgetKind, { metadata: { namespace: ns, name: 'w' }, spec: { size: 1 } });
        await expect.poll(() => seen.length, { timeout: 20_000 }).toBeGreaterThan(0);
        // What arrives: a string (RFC 3339), on which Date methods do not exist.
        expect(typeof seen[0]).toBe('string');
        expect(seen[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      } finally {
        mgr.stop();
        await done.catch(() => undefined);
        await setup.stop();
      }
    });
  });
});
