/**
 * What a controller builder needs from its manager (`Manager` implements it), in a file of its own so
 * that the builder and the sharded controllers it may build both depend on it, not on each other.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { InformerCache } from '../cache/cache.js';
import type { Logger } from '../log/index.js';
import type { RuntimeMetrics } from '../metrics/index.js';
import type { Controller, ControllerOptions } from './controller.js';

/** Anything the manager starts and stops with itself (a controller, the sharder, a user's runnable). */
export interface Runnable {
  /** Runs until `signal` aborts; the manager waits for the returned promise when shutting down. */
  start(signal: AbortSignal): void | Promise<void>;
  /** Runs only on the elected leader (default true, as controllers). */
  needLeaderElection?: boolean;
}

export interface ControllerHost {
  getCache(): InformerCache;
  getLogger(): Logger;
  getMetrics(): RuntimeMetrics | undefined;
  /** Registers a built controller, to start with the manager (refuses duplicate names). */
  addController(controller: Controller): void;
  /** Defaults for every controller built on this host (the manager's `controller` option). */
  getControllerOptions?(): ControllerDefaults | undefined;
  /** For sharded controllers: adds the sharder (a leader-only runnable). */
  add?(runnable: Runnable): void;
  /** For sharded controllers: the cluster of the shard Leases. */
  getConfig?(): KubeConfig;
  /** For sharded controllers: the default namespace of the shard Leases (the leader Lease's). */
  getLeaseNamespace?(): string;
}

/**
 * Defaults of the controllers of one manager, as controller-runtime's config.Controller: a
 * builder's `withOptions` wins, then `groupKindConcurrency` for the `for()` kind, then these.
 */
export interface ControllerDefaults extends Omit<ControllerOptions, 'rateLimiter' | 'clock'> {
  /** Workers per `for()` kind, keyed `Kind.group` (`Kind` for the core group), e.g. `{ 'CronJob.batch.my.domain': 3 }`. */
  groupKindConcurrency?: Record<string, number>;
}

