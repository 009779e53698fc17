/** Injected failures: the next N requests that match a filter get an error Status. */
import { StatusError, gone, internalError, tooManyRequests } from '../api/status.js';

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
  /** 410, 429, 500, or any other code. */
  code: number;
  message?: string;
}

export interface InjectedFault {
  /** Requests still to fail. */
  readonly remaining: number;
  /** Requests failed so far. */
  readonly hits: number;
  cancel(): void;
}

class Fault implements InjectedFault {
  remaining: number;
  hits = 0;
  constructor(readonly spec: FaultSpec) {
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

export function faultError(code: number, message?: string): StatusError {
  switch (code) {
    case 410:
      return gone(message ?? 'too old resource version: 1 (2)');
    case 429:
      return tooManyRequests(message);
    case 500:
      return internalError(message ?? 'injected fault');
    default:
      return new StatusError({ message: message ?? `injected fault ${code}`, reason: code === 503 ? 'ServiceUnavailable' : 'InternalError', code });
  }
}

export class FaultInjector {
  private faults: Fault[] = [];

  add(spec: FaultSpec): InjectedFault {
    const fault = new Fault(spec);
    this.faults.push(fault);
    return fault;
  }

  /** The error a request must fail with, if a fault matches (consuming one of its count). */
  take(method: string, path: string, watch: boolean): StatusError | undefined {
    this.faults = this.faults.filter((f) => f.remaining > 0);
    const fault = this.faults.find((f) => f.matches(method, path, watch));
    if (!fault) return undefined;
    fault.remaining--;
    fault.hits++;
    return faultError(fault.spec.code, fault.spec.message);
  }

  clear(): void {
    for (const f of this.faults) f.cancel();
    this.faults = [];
  }
}
