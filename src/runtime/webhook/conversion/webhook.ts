import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPanic } from '../../panic/panic.js';
import type { Logger } from '../../log/logger.js';
import type { RuntimeMetrics } from '../../metrics/runtime-metrics.js';
import { log as rootLog } from '../../log/root.js';
import { apiVersionOf, parseApiVersion } from '../../scheme/kind.js';
import { readBody } from '../http-body.js';
import { ConversionRegistry } from './registry.js';
import type { ConversionRequest, ConversionResponse, ConversionReview } from '../../../kube/conversion-review.js';
import { nestingDepthError } from '../../../kube/json-nesting.js';
import type { Conversion } from './types.js';

type JsonObject = Record<string, unknown>;

/**
 * The CRD conversion webhook (`/convert`, ConversionReview v1), hub and spoke: a spoke converts
 * through the hub to any other version. A failed conversion answers `result.status: Failure`
 * with the error; a body that is not a ConversionReview answers HTTP 400.
 */
export class ConversionWebhook {
  readonly registry = new ConversionRegistry();
  readonly #log: Logger;
  readonly #metrics: RuntimeMetrics | undefined;

  constructor(log: Logger = rootLog.withName('conversion'), options: { metrics?: RuntimeMetrics } = {}) {
    this.#log = log;
    this.#metrics = options.metrics;
  }

  register(conversion: Conversion): void {
    this.registry.add(conversion);
  }

  /** Converts every object of a request to its desired version. */
  async convert(request: ConversionRequest): Promise<ConversionResponse> {
    try {
      const convertedObjects: JsonObject[] = [];
      for (const obj of request.objects ?? []) convertedObjects.push(await this.#convertObject(obj, request.desiredAPIVersion));
      return { uid: request.uid, convertedObjects, result: { metadata: {}, status: 'Success' } };
    } catch (err) {
      // A bug in a conversion function (an engine error: TypeError, ...) is a recovered panic: counted,
      // and answered without its details, as controller-runtime does.
      const panicked = isPanic(err);
      if (panicked) this.#metrics?.conversionWebhookPanicked();
      const message = panicked ? 'internal error occurred during conversion' : err instanceof Error ? err.message : String(err);
      this.#log.error(err, 'failed to convert', { uid: request.uid });
      return { uid: request.uid, convertedObjects: null, result: { metadata: {}, status: 'Failure', message } };
    }
  }

  async #convertObject(obj: JsonObject, desiredAPIVersion: string): Promise<JsonObject> {
    if (typeof obj !== 'object' || obj === null) throw new Error('conversion: an object in the request is not a JSON object');
    const { apiVersion, kind } = obj as { apiVersion?: unknown; kind?: unknown };
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') throw new Error('conversion: object has no apiVersion or kind');
    const src = parseApiVersion(apiVersion);
    const dst = parseApiVersion(desiredAPIVersion);
    if (src.group !== dst.group) {
      throw new Error(`conversion: ${kind} in ${apiVersion} and ${desiredAPIVersion} do not belong to the same API group`);
    }
    if (src.version === dst.version) return obj;
    const entry = this.registry.lookup(src.group, kind);
    if (!entry) throw new Error(`conversion: no conversion is registered for ${kind}.${src.group}`);
    const { hub, spokes } = entry;
    const spokeOf = (version: string) => {
      const spoke = spokes.get(version);
      if (!spoke) {
        throw new Error(`conversion: ${kind}.${src.group} ${version} is neither the hub (${hub.version}) nor a registered spoke`);
      }
      return spoke;
    };

    let hubObject: JsonObject;
    if (src.version === hub.version) {
      hubObject = obj;
    } else {
      const spoke = spokeOf(src.version);
      hubObject = finish(await spoke.convertTo(structuredClone(obj)), obj, apiVersionOf(hub), kind, `${kind} ${src.version} to hub ${hub.version}`);
    }
    if (dst.version === hub.version) return hubObject;
    const spoke = spokeOf(dst.version);
    return finish(await spoke.convertFrom(structuredClone(hubObject)), hubObject, desiredAPIVersion, kind, `${kind} hub ${hub.version} to ${dst.version}`);
  }

  readonly serveHTTP = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let review: ConversionReview;
    try {
      const parsed: unknown = JSON.parse((await readBody(req)).toString('utf8'));
      // Go's decoder refuses what nests too deep; conversions here would run out of stack on it.
      const depthError = nestingDepthError(parsed);
      if (depthError) throw new Error(depthError);
      const request = (parsed as { request?: unknown } | null)?.request as ConversionRequest | undefined;
      if (typeof request !== 'object' || request === null) throw new Error('conversion request is nil');
      if (typeof request.desiredAPIVersion !== 'string') throw new Error('conversion request has no desiredAPIVersion');
      if (!Array.isArray(request.objects)) throw new Error('conversion request has no objects list');
      review = parsed as ConversionReview;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.#log.error(err, 'failed to read conversion request');
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`${message}\n`);
      return;
    }
    const response = await this.convert(review.request!);
    const text = JSON.stringify({ apiVersion: review.apiVersion ?? 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };
}

/** Stamps the result with its apiVersion and kind, and keeps the input's metadata when the conversion left it out. */
function finish(result: unknown, input: JsonObject, apiVersion: string, kind: string, what: string): JsonObject {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    throw new Error(`conversion of ${what} did not return an object`);
  }
  const out = { ...(result as JsonObject) };
  out.apiVersion = apiVersion;
  out.kind = kind;
  if (out.metadata === undefined) out.metadata = input.metadata;
  // Key order as an API object: apiVersion, kind, metadata first.
  const { apiVersion: a, kind: k, metadata: m, ...rest } = out;
  return { apiVersion: a, kind: k, metadata: m, ...rest };
}
