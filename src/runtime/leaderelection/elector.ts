import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from '../log/logger.js';
import { log as rootLog } from '../log/root.js';
import type { RuntimeMetrics } from '../metrics/runtime-metrics.js';
import { LeaseLock, statusCodeOf, type ObservedLease } from './lease-lock.js';
import type { LeaseTimings } from './lease-timings.js';
import { sameRecord, type LeaderElectionRecord } from './record.js';

/** Why leadership ended: the lease could not be renewed, or `stop()` was called (and the lease released or not). */
export type StoppedLeadingReason = 'lost' | 'released' | 'stopped';

export interface LeaderElectorOptions extends LeaseTimings {
  kubeConfig: KubeConfig;
  /** Namespace of the Lease. */
  namespace: string;
  /** Name of the Lease (the manager's leaderElectionID). */
  name: string;
  /** Labels of the Lease (shard Leases carry their ring's); none by default. */
  labels?: Record<string, string>;
  /** Who we are in the Lease's holderIdentity; `<hostname>_<uuid>` by default. */
  identity?: string;
  /** On `stop()`, give the lease up at once (holderIdentity cleared) so another candidate need not wait it out. Default true. */
  releaseOnCancel?: boolean;
  onStartedLeading?: () => void;
  /** Called once when leadership that had started ends; `lost` means another process may now be leading. */
  onStoppedLeading?: (reason: StoppedLeadingReason) => void;
  /** Called when the observed leader changes (including to ourselves). */
  onNewLeader?: (identity: string) => void;
  metrics?: RuntimeMetrics;
  log?: Logger;
}

const JITTER_FACTOR = 1.2;

/**
 * Leader election on a coordination.k8s.io/v1 Lease, as client-go's leaderelection package does it:
 * a candidate takes the lease when it does not exist, was released (no holder), or has not changed
 * for a lease duration by the candidate's own clock; the leader renews every retry period and
 * steps down when it cannot renew within the renew deadline. Writes carry the resourceVersion
 * read, so a conflict (409) means another candidate won the race.
 */
export class LeaderElector {
  readonly identity: string;
  readonly #lock: LeaseLock;
  readonly #leaseDuration: number;
  readonly #renewDeadline: number;
  readonly #retryPeriod: number;
  readonly #options: LeaderElectorOptions;
  readonly #log: Logger;

  #observed: ObservedLease | undefined;
  /** performance.now() when the observed record last changed. */
  #observedAt = 0;
  /**
   * performance.now() when the attempt that last acquired or renewed the lease began. The server
   * wrote the renewal after that, and other candidates time the lease from when they see it, so
   * the lease runs out no sooner than a lease duration after this, by anyone's clock.
   */
  #renewedAt = 0;
  /** Resolved at the next renewal (see whenLeaseFresh). */
  #renewalWaiters: (() => void)[] = [];
  #leading = false;
  #stopping = false;
  #wake: (() => void) | undefined;
  #run: Promise<void> | undefined;
  #elected: Promise<void>;
  #resolveElected!: () => void;
  #rejectElected!: (err: Error) => void;

  constructor(options: LeaderElectorOptions) {
    this.#options = options;
    this.identity = options.identity ?? `${hostname()}_${randomUUID()}`;
    this.#leaseDuration = options.leaseDuration ?? 15_000;
    this.#renewDeadline = options.renewDeadline ?? 10_000;
    this.#retryPeriod = options.retryPeriod ?? 2_000;
    validateTimings(this.#leaseDuration, this.#renewDeadline, this.#retryPeriod);
    if (options.name === '') throw new Error('leader election: the lease name (leaderElectionID) must not be empty');
    if (options.namespace === '') throw new Error('leader election: the lease namespace must not be empty');
    if (this.identity === '') throw new Error('leader election: identity must not be empty');
    this.#lock = new LeaseLock(options.kubeConfig, options.namespace, options.name, options.labels);
    this.#log = (options.log ?? rootLog.withName('leaderelection')).withValues({ lease: this.#lock.describe(), identity: this.identity });
    this.#elected = new Promise<void>((resolve, reject) => {
      this.#resolveElected = resolve;
      this.#rejectElected = reject;
    });
    // Nobody may be waiting on elected(); do not report its rejection as unhandled.
    this.#elected.catch(() => undefined);
  }

  /** Starts campaigning in the background. */
  start(): void {
    if (this.#run) return;
    this.#options.metrics?.setLeader(this.#options.name, false);
    this.#run = this.#campaign();
  }

  /** Resolves once this candidate leads; rejects if it stops before it ever leads. */
  elected(): Promise<void> {
    return this.#elected;
  }

  isLeader(): boolean {
    return this.#leading;
  }

  /**
   * Whether this leader may start work now: it leads, and renewed its lease less than a renew
   * deadline ago by its own monotonic clock. A leader that was frozen (SIGSTOP, a stalled VM, a
   * long synchronous task) wakes with timers and I/O queued behind whatever work was ready; the
   * renewal loop has not yet seen that the lease may have gone to another candidate, but this
   * check, made before each piece of work, has.
   */
  leaseFresh(): boolean {
    return this.#leading && performance.now() - this.#renewedAt < this.#renewDeadline;
  }

  /** Resolves once leaseFresh() holds (at the next renewal, if it does not now), or when `signal` aborts. */
  whenLeaseFresh(signal: AbortSignal): Promise<void> {
    if (this.leaseFresh() || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done, { once: true });
      this.#renewalWaiters.push(done);
    });
  }

  /** Stops campaigning or leading, releasing the lease when leading and `releaseOnCancel` is set. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wake?.();
    if (!this.#run) this.#rejectElected(new Error('leader election stopped before this candidate was elected'));
    await this.#run;
  }

  /** Resolves when the elector has finished (stopped, or lost the lease). */
  async done(): Promise<void> {
    await this.#run;
  }

  async #campaign(): Promise<void> {
    this.#log.info('attempting to acquire leader lease');
    let acquired = false;
    while (!this.#stopping) {
      const began = performance.now();
      acquired = await this.#attempt(this.#renewDeadline);
      if (acquired) {
        this.#renewedAt = began;
        break;
      }
      await this.#sleep(this.#untilNextAttempt());
    }
    if (this.#stopping) {
      // Stopped while an attempt was under way: do not keep a lease that was just won.
      if (acquired && (this.#options.releaseOnCancel ?? true)) await this.#release();
      this.#rejectElected(new Error('leader election stopped before this candidate was elected'));
      return;
    }

    this.#leading = true;
    this.#options.metrics?.setLeader(this.#options.name, true);
    this.#log.info('successfully acquired lease');
    this.#resolveElected();
    this.#callback(() => this.#options.onStartedLeading?.());

    let reason: StoppedLeadingReason = 'stopped';
    leading: while (!this.#stopping) {
      const deadline = performance.now() + this.#renewDeadline;
      let renewed = false;
      while (!this.#stopping) {
        // Fencing, which client-go lacks (it keeps leading until its renew deadline): a leader that
        // sees another holder, or whose own lease ran out (the process was frozen, or starved),
        // stops at once, since another candidate may already be leading.
        const fenced = this.#fenced();
        if (fenced) {
          reason = 'lost';
          this.#log.info(`${fenced}: leader election lost`);
          break leading;
        }
        const remaining = deadline - performance.now();
        if (remaining <= 0) break;
        const began = performance.now();
        if (await this.#attempt(remaining)) {
          renewed = true;
          this.#renewedAt = began;
          for (const wake of this.#renewalWaiters.splice(0)) wake();
          break;
        }
        if (!this.#fenced()) await this.#sleep(Math.min(this.#retryPeriod, Math.max(0, deadline - performance.now())));
      }
      if (this.#stopping) break;
      if (!renewed) {
        reason = 'lost';
        this.#log.info('failed to renew lease: leader election lost');
        break;
      }
      await this.#sleep(this.#retryPeriod);
    }

    if (reason === 'stopped' && (this.#options.releaseOnCancel ?? true) && (await this.#release())) reason = 'released';
    this.#leading = false;
    this.#options.metrics?.setLeader(this.#options.name, false);
    this.#callback(() => this.#options.onStoppedLeading?.(reason));
  }

  /** One acquire-or-renew attempt bounded by `timeout` ms; failures count as "not leading this round". */
  async #attempt(timeout: number): Promise<boolean> {
    try {
      return await withTimeout(this.#tryAcquireOrRenew(), timeout);
    } catch (err) {
      this.#log.error(err, 'error retrieving or updating the lease');
      return false;
    }
  }

  async #tryAcquireOrRenew(): Promise<boolean> {
    const now = new Date();
    const desired: LeaderElectionRecord = {
      holderIdentity: this.identity,
      leaseDurationSeconds: Math.ceil(this.#leaseDuration / 1000),
      acquireTime: now,
      renewTime: now,
      leaderTransitions: 0,
    };

    // Fast path: the leader renews with the resourceVersion it last wrote, without reading first.
    if (this.#leading && this.#observed && this.#observed.record.holderIdentity === this.identity) {
      const previous = this.#observed.record;
      try {
        this.#observe(
          await this.#lock.update(
            { ...desired, acquireTime: previous.acquireTime, leaderTransitions: previous.leaderTransitions },
            this.#observed.resourceVersion,
          ),
        );
        return true;
      } catch (err) {
        this.#log.debug('fast-path lease renewal failed; reading the lease', { error: String(err) });
      }
    }

    const current = await this.#lock.get();
    if (!current) {
      try {
        this.#observe(await this.#lock.create(desired));
        return true;
      } catch (err) {
        if (statusCodeOf(err) === 409) return false;
        throw err;
      }
    }

    this.#observe(current);
    const holder = current.record.holderIdentity;
    if (holder !== '' && holder !== this.identity && this.#leaseValid()) return false;
    if (holder === this.identity) {
      desired.acquireTime = current.record.acquireTime ?? now;
      desired.leaderTransitions = current.record.leaderTransitions;
    } else {
      desired.leaderTransitions = current.record.leaderTransitions + 1;
    }
    try {
      this.#observe(await this.#lock.update(desired, current.resourceVersion));
      return true;
    } catch (err) {
      if (statusCodeOf(err) === 409) return false;
      throw err;
    }
  }

  /** Why this leader must stop at once, if it must: the lease shows another holder, or ours expired. */
  #fenced(): string | undefined {
    const holder = this.#observed?.record.holderIdentity ?? '';
    if (holder !== '' && holder !== this.identity) return `the lease is held by ${holder}`;
    if (performance.now() - this.#renewedAt >= this.#leaseDuration) return 'our lease expired before it was renewed';
    return undefined;
  }

  /**
   * How long a candidate waits before its next attempt: a jittered retry period, as client-go's, or
   * less when the lease it observed runs out sooner (by its own clock), so that a crashed leader's
   * lease is taken when it runs out rather than up to 2.2 retry periods later.
   */
  #untilNextAttempt(): number {
    const retry = this.#retryPeriod * (1 + Math.random() * JITTER_FACTOR);
    if (!this.#observed?.record.leaseDurationSeconds || this.#observed.record.holderIdentity === '') return retry;
    const remaining = this.#observedLeaseEnd() - performance.now();
    // Already run out: the attempt just made failed (a conflict, an error), so wait as usual.
    if (remaining <= 0) return retry;
    // 1 ms past the end, so that #leaseValid() no longer holds when it wakes.
    return Math.min(retry, remaining + 1);
  }

  /** When the lease we observed runs out, by our own clock (performance.now() time). */
  #observedLeaseEnd(): number {
    return this.#observedAt + (this.#observed?.record.leaseDurationSeconds ?? 0) * 1000;
  }

  /** Whether the lease we observed is still within its duration, by our own clock. */
  #leaseValid(): boolean {
    return this.#observedLeaseEnd() > performance.now();
  }

  #observe(lease: ObservedLease): void {
    const previous = this.#observed;
    if (!previous || !sameRecord(previous.record, lease.record)) this.#observedAt = performance.now();
    this.#observed = lease;
    const holder = lease.record.holderIdentity;
    if (holder !== '' && holder !== previous?.record.holderIdentity) {
      if (holder !== this.identity) this.#log.info('new leader elected', { leader: holder });
      this.#callback(() => this.#options.onNewLeader?.(holder));
    }
  }

  /** Gives the lease up: no holder, a one-second duration, so the next candidate takes it at once. */
  async #release(): Promise<boolean> {
    const observed = this.#observed;
    if (!observed || observed.record.holderIdentity !== this.identity) return false;
    const now = new Date();
    try {
      const released = await withTimeout(
        this.#lock.update(
          {
            holderIdentity: '',
            leaseDurationSeconds: 1,
            acquireTime: now,
            renewTime: now,
            leaderTransitions: observed.record.leaderTransitions,
          },
          observed.resourceVersion,
        ),
        this.#renewDeadline,
      );
      this.#observed = released;
      this.#log.info('released the leader lease');
      return true;
    } catch (err) {
      this.#log.error(err, 'failed to release the leader lease');
      return false;
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#stopping || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  #callback(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.#log.error(err, 'leader election callback threw');
    }
  }
}

function validateTimings(leaseDuration: number, renewDeadline: number, retryPeriod: number): void {
  if (!(leaseDuration >= 1000)) throw new Error(`leader election: leaseDuration must be at least 1000 ms (got ${leaseDuration})`);
  if (!(leaseDuration > renewDeadline)) {
    throw new Error(`leader election: leaseDuration (${leaseDuration} ms) must be greater than renewDeadline (${renewDeadline} ms)`);
  }
  if (!(retryPeriod > 0)) throw new Error(`leader election: retryPeriod must be positive (got ${retryPeriod})`);
  if (!(renewDeadline > JITTER_FACTOR * retryPeriod)) {
    throw new Error(
      `leader election: renewDeadline (${renewDeadline} ms) must be greater than ${JITTER_FACTOR} x retryPeriod (${retryPeriod} ms)`,
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${Math.round(ms)} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
