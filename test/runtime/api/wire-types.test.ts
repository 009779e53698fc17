/**
 * The types a controller or webhook sees say what arrives: objects come as parsed JSON, so every
 * timestamp is a string, for a project's kinds and for the built-in ones (whose client-node models
 * say `Date`). The expectTypeOf lines are checked by the compiler (`npm run typecheck`): typing a
 * timestamp `Date` again at a client read, a cache read, a watch handler or predicate, a webhook,
 * a conversion or a dependent's readiness fails it; the test bodies show, against the test API
 * server, that the values are strings at run time.
 */
import type { V1Condition, V1Ingress, V1Pod, V1PodTemplateSpec } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  builtinKinds,
  ConfigMap,
  controllerManagedBy,
  defineKind,
  dependent,
  Deployment,
  Event,
  handler,
  Job,
  Lease,
  Pod,
  predicate,
  Secret,
  setStatusCondition,
  webhookManagedBy,
  type ObjectMeta,
  type ObjectOf,
  type Time,
  type Wire,
} from '../../../src/runtime/index.js';
import { startEnv, type TestEnvironment } from '../../support/environment.js';
import { clientAndCache, createNamespace, newManager } from '../../support/runtime.js';

/**
 * Whether a `Date` hides anywhere in `T`: what the compiler would wrongly believe of a timestamp.
 * `any` (client-node's FieldsV1) holds none.
 */
type HasDate<T> = 0 extends 1 & T
  ? false
  : T extends Date
  ? true
  : T extends readonly (infer E)[]
    ? HasDate<E>
    : T extends object
      ? true extends { [K in keyof T]-?: HasDate<T[K]> }[keyof T]
        ? true
        : false
      : false;

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

/** A project's kind that embeds a client-node model as it is (with its Date types). */
interface Gadget {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: { template?: V1PodTemplateSpec };
}
const GadgetV1 = defineKind<Gadget>({ group: 'example.com', version: 'v1', kind: 'Gadget', plural: 'gadgets', namespaced: true });
const GadgetV2 = defineKind<Gadget & { spec?: { paused?: boolean } }>({ group: 'example.com', version: 'v2', kind: 'Gadget', plural: 'gadgets', namespaced: true });

const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe('wire types', () => {
  it('types every Date of a model as the string it is in JSON', () => {
    expectTypeOf<Wire<{ at: Date; list: { at?: Date }[]; n: number }>>().toEqualTypeOf<{ at: string; list: { at?: string }[]; n: number }>();
    expectTypeOf<NonNullable<ObjectMeta['creationTimestamp']>>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<ObjectMeta['deletionTimestamp']>>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<NonNullable<ObjectMeta['managedFields']>[number]['time']>>().toEqualTypeOf<string>();
  });

  it('types the built-in kinds, and any kind defined on a client-node model, with no Date anywhere', () => {
    // The detector sees the models' Dates (else the checks below would hold vacuously).
    expectTypeOf<HasDate<V1Pod>>().toEqualTypeOf<true>();
    expectTypeOf<HasDate<Gadget>>().toEqualTypeOf<true>();
    // Every descriptor the runtime exports, a built-in kind a project defines itself, a project kind embedding a model.
    expectTypeOf<HasDate<ObjectOf<(typeof builtinKinds)[number]>>>().toEqualTypeOf<false>();
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- declared for its type: what defineKind gives a project's own built-in kind
    const Ingress = defineKind<V1Ingress>({ group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', plural: 'ingresses', namespaced: true });
    expectTypeOf<HasDate<ObjectOf<typeof Ingress>>>().toEqualTypeOf<false>();
    expectTypeOf<HasDate<ObjectOf<typeof GadgetV1>>>().toEqualTypeOf<false>();
    // Some of the fields: metav1.Time and metav1.MicroTime alike.
    expectTypeOf<NonNullable<NonNullable<ObjectOf<typeof Pod>['metadata']>['creationTimestamp']>>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<NonNullable<ObjectOf<typeof Job>['status']>['startTime']>>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<ObjectOf<typeof Event>['lastTimestamp']>>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<NonNullable<ObjectOf<typeof Lease>['spec']>['renewTime']>>().toEqualTypeOf<string>();
  });

  it('hands webhooks, conversions and dependents\' readiness the objects with string timestamps', () => {
    // Built, never registered: the compiler checks what each function is given.
    const notServed = { getWebhookServer: () => { throw new Error('not served in this test'); } };
    webhookManagedBy(notServed)
      .for(Pod)
      .withDefaulter({
        default(pod, req) {
          expectTypeOf(pod.metadata?.creationTimestamp).toEqualTypeOf<string | undefined>();
          expectTypeOf(req.oldObject?.status?.startTime).toEqualTypeOf<string | undefined>();
        },
      })
      .withValidator({
        validateCreate: (pod) => void expectTypeOf(pod.status?.conditions?.[0]?.lastTransitionTime).toEqualTypeOf<string | undefined>(),
        validateUpdate: (oldPod, pod) => void expectTypeOf([oldPod, pod][0]?.metadata?.deletionTimestamp).toEqualTypeOf<string | undefined>(),
        validateDelete: (pod) => void expectTypeOf(pod.status?.startTime).toEqualTypeOf<string | undefined>(),
      });
    webhookManagedBy(notServed)
      .for(GadgetV1)
      .withConversion({
        hub: GadgetV1,
        spoke: GadgetV2,
        convertTo: (spoke) => {
          expectTypeOf(spoke.spec?.template?.metadata?.creationTimestamp).toEqualTypeOf<string | undefined>();
          return { ...spoke, spec: { template: spoke.spec?.template } };
        },
        convertFrom: (hub) => {
          // A conversion's result is JSON too: a Date there is refused.
          // @ts-expect-error Date is not the string the API server gets
          const broken: ObjectOf<typeof GadgetV2> = { spec: { template: { metadata: { creationTimestamp: new Date() } } } };
          return hub.spec?.template ? { ...hub, spec: { template: hub.spec.template, paused: false } } : broken;
        },
      });
    const web = dependent(Deployment, { metadata: { name: 'web' } }, {
      ready: (d) => {
        expectTypeOf(d.status?.conditions?.[0]?.lastUpdateTime).toEqualTypeOf<string | undefined>();
        return true;
      },
    });
    expect(web.kind).toBe(Deployment);
  });

  it('has setStatusCondition fill in lastTransitionTime as a string, and refuse a Date', () => {
    const conditions: Wire<V1Condition>[] = [];
    expect(setStatusCondition(conditions, { type: 'Ready', status: 'True', reason: 'Up', message: 'ok' })).toBe(true);
    expectTypeOf(conditions[0].lastTransitionTime).toEqualTypeOf<string>();
    expect(conditions[0].lastTransitionTime).toMatch(rfc3339);
    const other: Wire<V1Condition>[] = [];
    // @ts-expect-error a condition holds the string the API serves, not a Date
    setStatusCondition(other, { type: 'Ready', status: 'False', reason: 'Down', message: 'no', lastTransitionTime: new Date() });
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
        expect(seen[0]).toMatch(rfc3339);
      } finally {
        mgr.stop();
        await done.catch(() => undefined);
        await setup.stop();
      }
    });

    it('gets built-in objects typed and valued with string timestamps: client and cache reads, the API reader, informer handlers, predicates, map functions', async () => {
      const setup = clientAndCache(env);
      const ns = await createNamespace(setup.client, 'wire-builtin');
      const mgr = await newManager(env);
      const client = mgr.getClient();
      const seen = new Map<string, unknown>();
      const record = (where: string, value: unknown) => {
        if (!seen.has(where)) seen.set(where, value);
      };
      mgr.getCache().getInformer(ConfigMap).addEventHandler({
        onAdd: (cm) => {
          expectTypeOf(cm.metadata?.creationTimestamp).toEqualTypeOf<string | undefined>();
          if (cm.metadata?.namespace === ns) record('informer handler', cm.metadata.creationTimestamp);
        },
      });
      await controllerManagedBy(mgr)
        .for(ConfigMap, {
          predicates: [
            predicate.funcs((cm) => {
              expectTypeOf(cm.metadata?.creationTimestamp).toEqualTypeOf<string | undefined>();
              if (cm.metadata?.namespace === ns) record('predicate', cm.metadata.creationTimestamp);
              return cm.metadata?.namespace === ns;
            }),
          ],
        })
        .watches(
          Secret,
          handler.enqueueRequestsFromMapFunc((secret) => {
            expectTypeOf(secret.metadata?.creationTimestamp).toEqualTypeOf<string | undefined>();
            if (secret.metadata?.namespace === ns) record('map function', secret.metadata.creationTimestamp);
            return [];
          }),
        )
        .complete(async (req) => {
          const fromCache = await client.get(ConfigMap, req);
          const [listed] = await client.list(ConfigMap, { namespace: req.namespace });
          const fromServer = await mgr.getAPIReader().get(ConfigMap, req);
          expectTypeOf(fromCache.metadata?.creationTimestamp).toEqualTypeOf<string | undefined>();
          expectTypeOf(listed?.metadata?.creationTimestamp).toEqualTypeOf<string | undefined>();
          expectTypeOf(fromServer.metadata?.creationTimestamp).toEqualTypeOf<string | undefined>();
          record('client get (cache)', fromCache.metadata?.creationTimestamp);
          record('client list (cache)', listed?.metadata?.creationTimestamp);
          record('API reader get', fromServer.metadata?.creationTimestamp);
          return {};
        });
      const done = mgr.start();
      try {
        await setup.client.create(ConfigMap, { metadata: { namespace: ns, name: 'settings' }, data: { k: 'v' } });
        await setup.client.create(Secret, { metadata: { namespace: ns, name: 'token' }, stringData: { k: 'v' } });
        const places = ['informer handler', 'predicate', 'map function', 'client get (cache)', 'client list (cache)', 'API reader get'];
        await expect.poll(() => places.filter((p) => seen.has(p)), { timeout: 20_000 }).toEqual(places);
        // What arrives everywhere: an RFC 3339 string, on which Date methods do not exist.
        for (const place of places) expect({ place, value: seen.get(place) }).toEqual({ place, value: expect.stringMatching(rfc3339) });
      } finally {
        mgr.stop();
        await done.catch(() => undefined);
        await setup.stop();
      }
    });
  });
});
