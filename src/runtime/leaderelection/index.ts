/**
 * Leader election on a coordination.k8s.io/v1 Lease, so that of several replicas one reconciles.
 * ```ts
 * const elector = new LeaderElector({ kubeConfig, namespace, name: 'abc.my.domain',
 *   onStartedLeading: () => startControllers(), onStoppedLeading: (why) => { if (why === 'lost') process.exit(1); } });
 * elector.start();
 * await elector.elected();
 * await elector.stop();   // releases the lease
 * ```
 */
export { LeaderElector, type LeaderElectorOptions, type StoppedLeadingReason } from './elector.js';
export { LeaseLock, type ObservedLease } from './lease-lock.js';
export type { LeaseTimings } from './lease-timings.js';
export { type LeaderElectionRecord } from './record.js';
