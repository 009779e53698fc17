import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPanic } from '../../panic/panic.js';
import type { Logger } from '../../log/logger.js';
import type { RuntimeMetrics } from '../../metrics/runtime-metrics.js';
import { log as rootLog } from '../../log/root.js';
import { BodyTooLargeError, readBody } from '../http-body.js';
import { errored, type Answer } from './response.js';
import type { AdmissionHandler } from './types.js';
import type { AdmissionRequest, AdmissionResponse, AdmissionReview } from '../../../kube/admission-review.js';
import { nestingDepthError } from '../../../kube/json-nesting.js';

const ADMISSION_V1 = 'admission.k8s.io/v1';

/**
 * The HTTP side of an admission webhook: decodes the AdmissionReview, runs the handler, and
 * always answers with an AdmissionReview (HTTP 200). A request that cannot be read or decoded is
 * answered with `allowed: false` and status code 400 (413 when too large), never an exception.
 */
export interface AdmissionWebhookOptions {
  metrics?: RuntimeMetrics;
  /**
   * Default true: a panic of the handler is answered 500 `panic: ... [recovered]`. false: it is
   * counted, logged and thrown on (controller-runtime's Webhook.RecoverPanic); see `handle`.
   */
  recoverPanic?: boolean;
}

export class AdmissionWebhook {
  readonly #handler: AdmissionHandler;
  readonly #log: Logger;
  readonly #metrics: RuntimeMetrics | undefined;
  readonly #recoverPanic: boolean;

  constructor(handler: AdmissionHandler, log: Logger = rootLog.withName('admission'), options: AdmissionWebhookOptions = {}) {
    this.#handler = handler;
    this.#log = log;
    this.#metrics = options.metrics;
    this.#recoverPanic = options.recoverPanic ?? true;
  }

  /**
   * Runs the handler on a decoded request; a throwing handler gives a 500 answer. An error the
   * engine raises for a bug (TypeError, RangeError, ...) is a panic, counted in
   * controller_runtime_webhook_panics_total either way. With `recoverPanic` (the default) it is
   * answered as controller-runtime answers a recovered one: `panic: <error> [recovered]`. Without,
   * the error is thrown on, as controller-runtime re-panics: the webhook server then drops the
   * request without an answer (see WebhookServer).
   */
  async handle(request: AdmissionRequest): Promise<AdmissionResponse> {
    let answer: Answer;
    try {
      answer = await this.#handler(request);
    } catch (err) {
      if (isPanic(err)) {
        this.#metrics?.webhookPanicked();
        if (!this.#recoverPanic) {
          this.#log.info(`Observed a panic in webhook: ${String(err)}`, { uid: request.uid });
          throw err;
        }
        this.#log.error(err, 'observed a panic in webhook', { uid: request.uid });
        answer = errored(500, `panic: ${String(err)} [recovered]`);
      } else {
        this.#log.error(err, 'admission handler failed', { uid: request.uid });
        answer = errored(500, err instanceof Error ? err.message : String(err));
      }
    }
    // As controller-runtime's Response.Complete: every answer carries a status code, 200 unless set.
    const status = { metadata: {}, ...answer.status, code: answer.status?.code || 200 };
    return { uid: request.uid, ...answer, status };
  }

  readonly serveHTTP = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (err) {
      const code = err instanceof BodyTooLargeError ? 413 : 400;
      this.#reject(res, code, err instanceof Error ? err.message : String(err));
      return;
    }
    if (body.length === 0) {
      this.#reject(res, 400, 'request body is empty');
      return;
    }
    const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim();
    if (contentType !== 'application/json') {
      this.#reject(res, 400, `contentType=${req.headers['content-type'] ?? ''}, expected application/json`);
      return;
    }
    let review: unknown;
    try {
      review = JSON.parse(body.toString('utf8'));
    } catch (err) {
      this.#reject(res, 400, `unable to decode the request: ${(err as Error).message}`);
      return;
    }
    // Go's decoder refuses what nests too deep; handlers here would run out of stack on it.
    const depthError = nestingDepthError(review);
    if (depthError) {
      this.#reject(res, 400, `unable to decode the request: ${depthError}`);
      return;
    }
    const problem = malformed(review);
    if (problem) {
      this.#reject(res, 400, problem, apiVersionOf(review));
      return;
    }
    const request = (review as AdmissionReview).request!;
    const response = await this.handle(request);
    this.#write(res, { apiVersion: apiVersionOf(review), kind: 'AdmissionReview', response });
  };

  #reject(res: ServerResponse, code: number, message: string, apiVersion = ADMISSION_V1): void {
    this.#log.error(new Error(message), 'bad admission request');
    this.#write(res, { apiVersion, kind: 'AdmissionReview', response: { uid: '', ...errored(code, message) } });
  }

  #write(res: ServerResponse, review: AdmissionReview): void {
    const text = JSON.stringify(review);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }
}

/** Answers in the AdmissionReview version asked in (v1beta1 has the same shape), v1 otherwise. */
function apiVersionOf(review: unknown): string {
  const apiVersion = (review as { apiVersion?: unknown } | null)?.apiVersion;
  return apiVersion === 'admission.k8s.io/v1beta1' ? apiVersion : ADMISSION_V1;
}

/** Why a decoded body is not a usable AdmissionReview, or undefined when it is. */
function malformed(review: unknown): string | undefined {
  if (typeof review !== 'object' || review === null || Array.isArray(review)) return 'the request body is not an AdmissionReview object';
  const { kind, request } = review as { kind?: unknown; request?: unknown };
  if (kind !== undefined && kind !== 'AdmissionReview') return `expected kind AdmissionReview, got ${JSON.stringify(kind)}`;
  if (typeof request !== 'object' || request === null) return 'the AdmissionReview has no request';
  const { uid, operation } = request as { uid?: unknown; operation?: unknown };
  if (typeof uid !== 'string' || uid === '') return 'the admission request has no uid';
  if (typeof operation !== 'string') return 'the admission request has no operation';
  return undefined;
}
