/**
 * OpenTelemetry spans of a manager's controllers, collected by an in-memory exporter: one span per
 * reconcile with its controller, key, result and requeue; a `queue` child for the time the request
 * waited; a child per client call made in the reconcile.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { eventually } from '../../../src/testing/index.js';
import { ConfigMap, controllerManagedBy, Secret, TRACER_NAME, tracingAvailable } from '../../../src/runtime/index.js';
import { startReconcileSpan } from '../../../src/runtime/tracing/tracing.js';
import { startEnv, type TestEnvironment } from '../../support/environment.js';
import { clientAndCache, createNamespace, newManager } from '../../support/runtime.js';
import { repoRoot } from '../../support/shared-paths.js';

/**
 * Run in a fresh Node process with @opentelemetry/api unresolvable from the runtime's tracing
 * module (as where the application did not install it; prom-client still finds its own copy):
 * reconciles and client calls run untraced.
 */
const withoutOtelApi = `
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === '@opentelemetry/api' && context.parentURL?.includes('/runtime/tracing/')) {
      throw Object.assign(new Error("Cannot find module '@opentelemetry/api'"), { code: 'MODULE_NOT_FOUND' });
    }
    return next(specifier, context);
  },
});
const tracing = await import(process.argv[1]);
const span = tracing.startReconcileSpan('c', () => ({}), undefined);
const answer = await tracing.traceClientCall('get ConfigMap', {}, async () => 42);
console.log(JSON.stringify({ available: tracing.tracingAvailable(), span: span ?? null, answer }));
`;

describe('tracing with no tracer provider registered', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await startEnv();
  });
  afterAll(async () => {
    await env?.stop();
    trace.disable();
  });

  it('makes no spans (nor their attributes) until a provider is registered, then traces a controller built before', async () => {
    // The API is installed (tracing is available) but nothing would receive a span: none is made.
    expect(tracingAvailable()).toBe(true);
    let asked = 0;
    expect(startReconcileSpan('c', () => ({ n: ++asked }), undefined)).toBeUndefined();
    expect(asked).toBe(0);

    const setup = clientAndCache(env);
    const ns = await createNamespace(setup.client, 'tracing-late');
    const mgr = await newManager(env);
    const reconciled: string[] = [];
    await controllerManagedBy(mgr)
      .for(ConfigMap)
      .named('late')
      .complete(async (req) => {
        if (req.namespace === ns) reconciled.push(req.name);
        return {};
      });
    const done = mgr.start();
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    try {
      await setup.client.create(ConfigMap, { metadata: { namespace: ns, name: 'before' } } satisfies V1ConfigMap);
      await eventually(() => reconciled.includes('before'));
      // Registered while the controller runs: its next reconcile is traced, with its time in the queue.
      trace.setGlobalTracerProvider(provider);
      await setup.client.create(ConfigMap, { metadata: { namespace: ns, name: 'after' } } satisfies V1ConfigMap);
      const spanOf = (name: string) => exporter.getFinishedSpans().find((s) => s.name === 'reconcile late' && s.attributes['scaffolder.object.name'] === name);
      const after = await eventually(() => spanOf('after') ?? false);
      expect(spanOf('before')).toBeUndefined();
      const queue = exporter.getFinishedSpans().find((s) => s.name === 'queue' && s.parentSpanContext?.spanId === after.spanContext().spanId);
      expect(queue?.startTime).toEqual(after.startTime);
    } finally {
      mgr.stop();
      await done.catch(() => undefined);
      await setup.stop();
      await provider.shutdown();
    }
  }, 60_000);
});

describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const contextManager = new AsyncLocalStorageContextManager();
  let env: TestEnvironment;

  beforeAll(async () => {
    context.setGlobalContextManager(contextManager.enable());
    trace.setGlobalTracerProvider(provider);
    env = await startEnv();
  });
  afterAll(async () => {
    await env?.stop();
    await provider.shutdown();
    trace.disable();
    context.disable();
  });

  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);

  it('traces each reconcile, its time in the queue and its client calls, with their attributes and parents', async () => {
    expect(tracingAvailable()).toBe(true);
    const setup = clientAndCache(env);
    const ns = await createNamespace(setup.client, 'tracing');
    const mgr = await newManager(env);
    const client = mgr.getClient();
    await controllerManagedBy(mgr)
      .for(ConfigMap)
      .named('traced')
      .complete(async (req) => {
        if (req.namespace !== ns) return {};
        const cm = await client.get(ConfigMap, req);
        if (cm.data?.fail) throw new Error('told to fail');
        await client.create(Secret, { metadata: { namespace: ns, name: `${req.name}-secret` } });
        return { requeueAfter: 3_600_000 };
      });
    const done = mgr.start();
    try {
      await setup.client.create(ConfigMap, { metadata: { namespace: ns, name: 'good' }, data: { v: '1' } } satisfies V1ConfigMap);
      await setup.client.create(ConfigMap, { metadata: { namespace: ns, name: 'bad' }, data: { fail: 'yes' } } satisfies V1ConfigMap);
      const reconcileOf = (name: string) =>
        exporter.getFinishedSpans().find((s) => s.name === 'reconcile traced' && s.attributes['scaffolder.object.name'] === name);
      await eventually(() => {
        expect(reconcileOf('good')).toBeDefined();
        expect(reconcileOf('bad')).toBeDefined();
      }, { timeout: 20_000 });

      const good = reconcileOf('good')!;
      expect(good.instrumentationScope.name).toBe(TRACER_NAME);
      expect(parentOf(good)).toBeUndefined();
      expect(good.attributes).toMatchObject({
        'scaffolder.controller': 'traced',
        'k8s.namespace.name': ns,
        'scaffolder.object.name': 'good',
        'scaffolder.object.key': `${ns}/good`,
        'scaffolder.kind': 'ConfigMap',
        'scaffolder.reconcile.result': 'requeue_after',
        'scaffolder.reconcile.requeue': true,
        'scaffolder.reconcile.requeue_after_ms': 3_600_000,
      });
      expect(typeof good.attributes['scaffolder.reconcile.id']).toBe('string');

      const children = spansOf(good.spanContext().traceId).filter((s) => parentOf(s) === good.spanContext().spanId);
      const names = children.map((s) => s.name).sort();
      expect(names).toEqual(['create Secret', 'get ConfigMap', 'queue']);
      const queue = children.find((s) => s.name === 'queue')!;
      // The queue span starts with the reconcile span (when the request began to wait).
      expect(queue.startTime).toEqual(good.startTime);
      const create = children.find((s) => s.name === 'create Secret')!;
      expect(create.kind).toBe(SpanKind.CLIENT);
      expect(create.attributes).toMatchObject({
        'scaffolder.client.operation': 'create',
        'scaffolder.api_version': 'v1',
        'scaffolder.kind': 'Secret',
        'k8s.namespace.name': ns,
        'scaffolder.object.name': 'good-secret',
      });

      const bad = reconcileOf('bad')!;
      expect(bad.attributes).toMatchObject({ 'scaffolder.reconcile.result': 'error', 'scaffolder.reconcile.requeue': true });
      expect(bad.status.code).toBe(SpanStatusCode.ERROR);
      expect(bad.status.message).toBe('told to fail');
      expect(bad.events.some((e) => e.name === 'exception')).toBe(true);
    } finally {
      mgr.stop();
      await done.catch(() => undefined);
      await setup.stop();
    }
  }, 60_000);

  it('runs reconciles and client calls untraced when @opentelemetry/api is not installed', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', withoutOtelApi, join(repoRoot, 'dist/src/runtime/tracing/tracing.js')], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ available: false, span: null, answer: 42 });
  });

  it('records a failed client call on its span with the HTTP status', async () => {
    const setup = clientAndCache(env);
    try {
      const ns = await createNamespace(setup.client, 'tracing');
      exporter.reset();
      const root = trace.getTracer('test').startSpan('outer');
      await context.with(trace.setSpan(context.active(), root), () =>
        expect(setup.client.apiReader.get(ConfigMap, { namespace: ns, name: 'absent' })).rejects.toThrow());
      // apiReader reads are not client calls of the Client; a Client write is.
      await context.with(trace.setSpan(context.active(), root), () =>
        expect(setup.client.delete(ConfigMap, { metadata: { namespace: ns, name: 'absent' } })).rejects.toThrow());
      root.end();
      const del = exporter.getFinishedSpans().find((s) => s.name === 'delete ConfigMap')!;
      expect(parentOf(del)).toBe(root.spanContext().spanId);
      expect(del.attributes['http.response.status_code']).toBe(404);
      expect(del.status.code).toBe(SpanStatusCode.ERROR);
    } finally {
      await setup.stop();
    }
  });
});
