import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertObjects, StatusError, type CustomResourceDefinition } from '../../../src/testing/admission/index.js';
import { startWebhookServer, type WebhookServer } from './https-webhook-server.js';

let server: WebhookServer;

beforeAll(async () => {
  server = await startWebhookServer();
});

afterAll(async () => {
  await server.close();
});

const resolveService = () => server.url;

function crdWith(path: string): CustomResourceDefinition {
  return {
    spec: {
      group: 'batch.example.com',
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true }, { name: 'v2', served: true, storage: false }],
      names: { kind: 'CronJob', plural: 'cronjobs' },
      conversion: {
        strategy: 'Webhook',
        webhook: { clientConfig: { service: { namespace: 'system', name: 'webhook-service', path }, caBundle: server.caBundle }, conversionReviewVersions: ['v1'] },
      },
    },
  };
}

type Review = { request: { uid: string; desiredAPIVersion: string; objects: Record<string, unknown>[] } };

/** v1 has spec.schedule (a string); v2 has spec.schedule.cron. */
function convert(o: Record<string, unknown>, desired: string): Record<string, unknown> {
  const spec = o.spec as Record<string, unknown>;
  const out = { ...o, apiVersion: desired, metadata: { ...(o.metadata as object), labels: { converted: 'true' } } };
  if (desired.endsWith('/v2')) return { ...out, spec: { schedule: { cron: spec.schedule } } };
  return { ...out, spec: { schedule: (spec.schedule as { cron: string }).cron } };
}

const v1 = (name: string) => ({ apiVersion: 'batch.example.com/v1', kind: 'CronJob', metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '7' }, spec: { schedule: '@hourly' } });

describe('convertObjects', () => {
  it('posts a ConversionReview with the objects that need it and keeps the original metadata except labels and annotations', async () => {
    server.handle('/convert', (review) => {
      const { request } = review as Review;
      return {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'ConversionReview',
        response: { uid: request.uid, result: { status: 'Success' }, convertedObjects: request.objects.map((o) => ({ ...convert(o, request.desiredAPIVersion), metadata: { ...(o.metadata as object), resourceVersion: 'dropped', labels: { converted: 'true' } } })) },
      };
    });
    const already = { ...v1('b'), apiVersion: 'batch.example.com/v2', spec: { schedule: { cron: '@daily' } } };
    const before = server.received.length;
    const out = await convertObjects(crdWith('/convert'), [v1('a'), already], 'batch.example.com/v2', resolveService);
    expect(out).toEqual([
      { apiVersion: 'batch.example.com/v2', kind: 'CronJob', metadata: { name: 'a', namespace: 'default', uid: 'uid-a', resourceVersion: '7', labels: { converted: 'true' } }, spec: { schedule: { cron: '@hourly' } } },
      already,
    ]);
    const sent = server.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe('/convert');
    expect(sent[0].query).toBe('');
    expect(sent[0].review).toMatchObject({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { desiredAPIVersion: 'batch.example.com/v2', objects: [v1('a')] } });
  });

  it('only rewrites apiVersion when the strategy is None', async () => {
    const crd: CustomResourceDefinition = { spec: { group: 'batch.example.com', scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true }, { name: 'v2', served: true, storage: false }], names: { kind: 'CronJob', plural: 'cronjobs' }, conversion: { strategy: 'None' } } };
    expect(await convertObjects(crd, [v1('a')], 'batch.example.com/v2', resolveService)).toEqual([{ ...v1('a'), apiVersion: 'batch.example.com/v2' }]);
  });

  it('answers a failed conversion with an internal error Status', async () => {
    server.handle('/convert-fails', (review) => ({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      response: { uid: (review as Review).request.uid, result: { status: 'Failure', message: 'no v3 support' }, convertedObjects: [] },
    }));
    const error = await convertObjects(crdWith('/convert-fails'), [v1('a')], 'batch.example.com/v3', resolveService).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusError);
    const detail = "conversion webhook for batch.example.com/v1, Kind=CronJob failed: response.result.status was 'Failure', not 'Success': no v3 support";
    expect((error as StatusError).status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `Internal error occurred: ${detail}`,
      reason: 'InternalError',
      details: { causes: [{ message: detail }] },
      code: 500,
    });
  });

  it('rejects converted objects that changed identity or came back at the wrong version', async () => {
    server.handle('/convert-renames', (review) => {
      const { request } = review as Review;
      return {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'ConversionReview',
        response: { uid: request.uid, result: { status: 'Success' }, convertedObjects: request.objects.map((o) => ({ ...convert(o, request.desiredAPIVersion), metadata: { name: 'renamed', namespace: 'default', uid: 'uid-a' } })) },
      };
    });
    server.handle('/convert-wrong-version', (review) => {
      const { request } = review as Review;
      return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid: request.uid, result: { status: 'Success' }, convertedObjects: request.objects } };
    });
    const renamed = (await convertObjects(crdWith('/convert-renames'), [v1('a')], 'batch.example.com/v2', resolveService).catch((e: unknown) => e)) as StatusError;
    expect(renamed.status.message).toBe(
      'Internal error occurred: conversion webhook for batch.example.com/v1, Kind=CronJob returned invalid converted object at index 0: must have the same name: a != renamed',
    );
    const wrongVersion = (await convertObjects(crdWith('/convert-wrong-version'), [v1('a')], 'batch.example.com/v2', resolveService).catch((e: unknown) => e)) as StatusError;
    expect(wrongVersion.status.message).toBe(
      'Internal error occurred: conversion webhook for batch.example.com/v1, Kind=CronJob returned invalid converted object at index 0: invalid groupVersion (expected batch.example.com/v2, received batch.example.com/v1)',
    );
  });
});
