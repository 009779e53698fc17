/**
 * How a Lease is held, in milliseconds, as client-go's leader election takes them: the same three
 * fields for the manager's leader election, a LeaderElector, and a sharded controller's shard Leases.
 */
export interface LeaseTimings {
  /** Milliseconds a follower waits after the last change it saw before taking the lease. Default 15 000. */
  leaseDuration?: number;
  /** Milliseconds the leader keeps trying to renew before giving up leadership. Default 10 000. */
  renewDeadline?: number;
  /** Milliseconds between attempts to acquire or renew. Default 2 000. */
  retryPeriod?: number;
}
