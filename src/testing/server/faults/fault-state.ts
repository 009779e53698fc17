/**
 * The test API server's fault state: the failures and hangs tests inject (failNext, hangNext), the open
 * watches and what tests do to them (dropWatches, stallWatches), and the requests left unanswered.
 */
import type { ServerResponse } from 'node:http';
import { FaultInjector, type FaultSpec, type HangSpec, type InjectedFault } from './faults.js';
import type { WatchSession } from '../handlers/watch.js';

export class FaultState {
  readonly faults = new FaultInjector();
  readonly watches = new Set<WatchSession>();
  /** Watches opened from now on start stalled (stallWatches includeNew). */
  stallNewWatches = false;
  /** Requests left unanswered by hangNext (or stallWatches beforeHeaders), with whether each is a watch. */
  private readonly hung = new Map<ServerResponse, boolean>();
  private hangWatches: InjectedFault | undefined;

  /** Answers the next `count` requests matching the filter with `code` and its reason (404 NotFound, 409 Conflict, 410 Expired, 429, 500, ...). */
  failNext(spec: FaultSpec): InjectedFault {
    return this.faults.add(spec);
  }

  /**
   * Accepts the next `count` matching requests (read their body) and never answers them: no
   * status line, no headers, until the client gives up, `dropWatches` (for watches) or `stop`.
   * `{ watch: true }` is a watch request a server took but does not serve.
   */
  hangNext(spec: HangSpec = {}): InjectedFault {
    return this.faults.addHang(spec);
  }

  /** Requests hanging unanswered now (see hangNext). */
  get hungRequestCount(): number {
    return this.hung.size;
  }

  /**
   * Closes open watches (cleanly, or by cutting the connection); `path` picks those whose
   * `/<plural>.<group>` matches (e.g. /configmaps/, /deployments\.apps/). Watch requests left
   * unanswered (hangNext, stallWatches beforeHeaders) are cut too, and stalling ends. Returns how many.
   */
  dropWatches(options: { abrupt?: boolean; path?: RegExp } = {}): number {
    let n = options.path ? 0 : this.releaseHung((watch) => watch);
    this.hangWatches?.cancel();
    this.hangWatches = undefined;
    for (const w of [...this.watches]) {
      if (options.path && !options.path.test(`/${w.resourceKey}`)) continue;
      if (options.abrupt) w.destroy();
      else w.end();
      n++;
    }
    this.stallNewWatches = false;
    return n;
  }

  /**
   * Keeps open watches connected but sends them nothing more; `includeNew` stalls later ones too.
   * `beforeHeaders` leaves later watch requests unanswered, not even a status line (a server that
   * takes the request and never serves it), until `dropWatches`.
   */
  stallWatches(options: { includeNew?: boolean; beforeHeaders?: boolean } = {}): number {
    for (const w of this.watches) w.stalled = true;
    this.stallNewWatches = options.includeNew ?? false;
    this.hangWatches?.cancel();
    this.hangWatches = options.beforeHeaders ? this.faults.addHang({ watch: true, count: Infinity }) : undefined;
    return this.watches.size;
  }

  /** Open watch connections. */
  get watchCount(): number {
    return this.watches.size;
  }

  /** Leaves a request unanswered (a hang fault) until released. */
  hold(res: ServerResponse, watch: boolean): void {
    this.hung.set(res, watch);
    res.on('close', () => this.hung.delete(res));
  }

  /** Cuts the connections of hung requests that `which` picks (by whether they are watches); returns how many. */
  releaseHung(which: (watch: boolean) => boolean): number {
    let n = 0;
    for (const [res, watch] of [...this.hung]) {
      if (!which(watch)) continue;
      this.hung.delete(res);
      res.destroy();
      n++;
    }
    return n;
  }
}
