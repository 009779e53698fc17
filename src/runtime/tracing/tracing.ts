/**
 * OpenTelemetry spans of reconciles, their time in the work queue, and client calls.
 *
 * `@opentelemetry/api` is an optional peer dependency: it is looked up once, synchronously, the
 * first time a span could start; without it every function here runs its work untraced. With it,
 * spans go to whatever tracer provider the application registered (an SDK it set up, e.g. from
 * the OTEL_* variables). With none registered nothing is made: the API's no-op tracer would
 * swallow the spans, and making them cost the controller about as much CPU per update event as the
 * rest of its path (`npm run bench runtime` on a loaded machine: 32 -> 18 us per event); prom-client
 * installs the API, so most operators have it without tracing anything. The runtime itself never
 * configures an exporter.
 */
import { createRequire } from 'node:module';
import type * as OtelApi from '@opentelemetry/api';

/** The instrumentation scope every span of the runtime carries. */
export const TRACER_NAME = 'kubescaffolder/runtime';

export type SpanAttributes = Record<string, string | number | boolean | undefined>;

let api: typeof OtelApi | null | undefined;

/** The API module, or null when the application did not install it. */
function otel(): typeof OtelApi | null {
  if (api === undefined) {
    try {
      // Resolved from this file upwards, so the application's own install is found.
      api = createRequire(import.meta.url)('@opentelemetry/api') as typeof OtelApi;
    } catch {
      api = null;
    }
  }
  return api;
}

/** Whether spans can be made at all (the API is installed). */
export function tracingAvailable(): boolean {
  return otel() !== null;
}

/**
 * The runtime's tracer from the provider the application registered, or undefined when it
 * registered none. Asked at each span, so that a provider registered after the controllers were
 * built is used from then on. The API's global provider is a proxy (ProxyTracerProvider) whose
 * `getDelegateTracer` answers undefined until a provider is registered; a global provider
 * without that method is taken as registered.
 */
function activeTracer(o: typeof OtelApi): OtelApi.Tracer | undefined {
  const provider = o.trace.getTracerProvider() as OtelApi.TracerProvider & { getDelegateTracer?: (name: string) => OtelApi.Tracer | undefined };
  return typeof provider.getDelegateTracer === 'function' ? provider.getDelegateTracer(TRACER_NAME) : provider.getTracer(TRACER_NAME);
}

/** Whether spans are made now: the API is installed and the application registered a tracer provider. */
export function tracingActive(): boolean {
  const o = otel();
  return o !== null && activeTracer(o) !== undefined;
}

function clean(attributes: SpanAttributes): OtelApi.Attributes {
  const out: OtelApi.Attributes = {};
  for (const [k, v] of Object.entries(attributes)) if (v !== undefined) out[k] = v;
  return out;
}

function recordError(o: typeof OtelApi, span: OtelApi.Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: o.SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `fn` inside a client span named `name` (a child of the active span, e.g. the reconcile's).
 * A rejection is recorded on the span, with `http.response.status_code` when it carries one.
 */
export function traceClientCall<R>(name: string, attributes: SpanAttributes, fn: () => Promise<R>): Promise<R> {
  const o = otel();
  const t = o && activeTracer(o);
  if (!o || !t) return fn();
  return t.startActiveSpan(name, { kind: o.SpanKind.CLIENT, attributes: clean(attributes) }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (typeof code === 'number') span.setAttribute('http.response.status_code', code);
      recordError(o, span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** One reconcile's span, started by the controller's worker and ended with the reconcile's outcome. */
export interface ReconcileSpan {
  /** Runs the reconciler with this span active, so that its client calls become children. */
  run<R>(fn: () => Promise<R>): Promise<R>;
  /** Ends the span with the outcome (`success`, `requeue`, `requeue_after`, `error`, ...) and what was asked. */
  end(outcome: string, requeueAfterMs: number | undefined, err?: unknown): void;
}

/**
 * Starts the span of one reconcile, from `queuedAt` (epoch milliseconds: when the request began
 * to wait; the dequeue time when unknown) so that it covers the wait, with a child span `queue`
 * from `queuedAt` to now. Undefined when no spans are made (see the file comment); `attributes`
 * is called only when they are.
 */
export function startReconcileSpan(controller: string, attributes: () => SpanAttributes, queuedAt: number | undefined): ReconcileSpan | undefined {
  const o = otel();
  const t = o && activeTracer(o);
  if (!o || !t) return undefined;
  const now = Date.now();
  const start = queuedAt !== undefined && queuedAt <= now ? queuedAt : now;
  const span = t.startSpan(`reconcile ${controller}`, { kind: o.SpanKind.INTERNAL, startTime: start, attributes: clean(attributes()) }, o.ROOT_CONTEXT);
  const ctx = o.trace.setSpan(o.ROOT_CONTEXT, span);
  const queue = t.startSpan('queue', { startTime: start, attributes: { 'scaffolder.controller': controller } }, ctx);
  queue.end(now);
  span.setAttribute('scaffolder.queue.wait_ms', now - start);
  return {
    run: (fn) => o.context.with(ctx, fn),
    end(outcome, requeueAfterMs, err) {
      span.setAttribute('scaffolder.reconcile.result', outcome);
      span.setAttribute('scaffolder.reconcile.requeue', outcome === 'requeue' || outcome === 'requeue_after' || outcome === 'error');
      if (requeueAfterMs !== undefined && requeueAfterMs > 0) span.setAttribute('scaffolder.reconcile.requeue_after_ms', requeueAfterMs);
      if (err !== undefined) recordError(o, span, err);
      span.end();
    },
  };
}
