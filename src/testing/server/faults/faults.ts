import { StatusError } from '../../model/status.js';
import { internalErrorStatus } from '../../../kube/status.js';
/** Injected failures: the next N requests that match a filter get an error Status. */

export interface FaultFilter {
  /** HTTP method, e.g. `GET`; any when absent. */
  method?: string;
  /** Matched against the path (without query), e.g. `/apis/apps/v1/.*deployments`. */
  path?: RegExp | string;
  /** Only watch requests (true), only non-watch requests (false), or both (absent). */
  watch?: boolean;
}

export interface FaultSpec extends FaultFilter {
  /** How many matching requests fail (default 1). */
  count?: number;
  /** 404, 409, 410, 429, 500, 503, or any other code. */
  code: number;
  message?: string;
  /**
   * The Status reason; by default the one kube-apiserver gives the code (404 NotFound,
   * 409 Conflict, 410 Expired, 429 TooManyRequests, 500 InternalError, ...).
   */
  reason?: string;
  /** Retry-After (and details.retryAfterSeconds), 0 included; 429 defaults to 1. */
  retryAfterSeconds?: number;
}

export interface InjectedFault {
  /** Requests still to fail. */
  readonly remaining: number;
  /** Requests failed so far. */
  readonly hits: number;
  cancel(): void;
}

export interface HangSpec extends FaultFilter {
  /** How many matching requests hang (default 1; Infinity until cancelled). */
  count?: number;
}

class Fault implements InjectedFault {
  remaining: number;
  hits = 0;
  constructor(readonly spec: FaultSpec | (HangSpec & { hang: true })) {
    this.remaining = spec.count ?? 1;
  }
  cancel(): void {
    this.remaining = 0;
  }
  matches(method: string, path: string, watch: boolean): boolean {
    if (this.remaining <= 0) return false;
    if (this.spec.method && this.spec.method.toUpperCase() !== method) return false;
    if (this.spec.watch !== undefined && this.spec.watch !== watch) return false;
    if (this.spec.path !== undefined) {
      const re = typeof this.spec.path === 'string' ? new RegExp(this.spec.path) : this.spec.path;
      if (!re.test(path)) return false;
    }
    return true;
  }
}

/**
 * The reason kube-apiserver gives a status code (apimachinery's NewGenericServerResponse and
 * the reasons of its typed errors); unknown codes are InternalError, as the client reads them.
 */
const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Expired',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

/** What the messages of kube-apiserver's errors look like for each reason, given no message. */
function defaultMessage(code: number, reason: string): string {
  switch (reason) {
    case 'NotFound':
      return 'injected fault: the object was not found';
    case 'Conflict':
      return 'Operation cannot be fulfilled: the object has been modified; please apply your changes to the latest version and try again';
    case 'Expired':
    case 'Gone':
      return 'too old resource version: 1 (2)';
    case 'TooManyRequests':
      return 'Too many requests, please try again later.';
    case 'ServiceUnavailable':
      return 'the server is currently unable to handle the request';
    default:
      return `injected fault ${code}`;
  }
}

export function faultError(code: number, message?: string, reason?: string, retryAfterSeconds?: number): StatusError {
  const why = reason ?? REASONS[code] ?? 'InternalError';
  if (why === 'InternalError' && code === 500) return new StatusError(internalErrorStatus(message ?? 'injected fault'));
  const retry = retryAfterSeconds ?? (code === 429 ? 1 : undefined);
  return new StatusError({
    message: message ?? defaultMessage(code, why),
    reason: why,
    ...(retry !== undefined ? { details: { retryAfterSeconds: retry } } : {}),
    code,
  });
}

export class FaultInjector {
  private faults: Fault[] = [];

  add(spec: FaultSpec): InjectedFault {
    const fault = new Fault(spec);
    this.faults.push(fault);
    return fault;
  }

  /** Matching requests are accepted and never answered: no status line, no headers. */
  addHang(spec: HangSpec): InjectedFault {
    const fault = new Fault({ ...spec, hang: true });
    this.faults.push(fault);
    return fault;
  }

  /**
   * What a request must come to, if a fault matches (consuming one of its count): an error
   * to answer with, or `hang` (no answer at all).
   */
  take(method: string, path: string, watch: boolean): StatusError | 'hang' | undefined {
    this.faults = this.faults.filter((f) => f.remaining > 0);
    const fault = this.faults.find((f) => f.matches(method, path, watch));
    if (!fault) return undefined;
    fault.remaining--;
    fault.hits++;
    const spec = fault.spec;
    if ('hang' in spec) return 'hang';
    return faultError(spec.code, spec.message, spec.reason, spec.retryAfterSeconds);
  }

  clear(): void {
    for (const f of this.faults) f.cancel();
    this.faults = [];
  }
}
