/**
 * A manager as the sharding benches run each replica: this process, one namespace, leader election
 * through a Lease of that namespace (the leader runs the sharder), logs dropped.
 */
import { builtinScheme, type LeaseTimings, Manager, newLogger } from '../src/runtime/index.js';
import type { TestEnvironment } from '../src/testing/index.js';

const quiet = newLogger({ level: 'error', output: { write: () => true } });

/** `release: false` leaves the leader Lease to run out when the manager stops, as a crash would. */
export function replicaManager(env: TestEnvironment, ns: string, ring: string, leases: Required<LeaseTimings>, release = true): Promise<Manager> {
  return Manager.create({
    scheme: builtinScheme(),
    kubeConfig: env.kubeConfig,
    handleSignals: false,
    namespaces: [ns],
    leaderElection: true,
    leaderElectionID: `${ring}-leader`,
    leaderElectionNamespace: ns,
    ...leases,
    leaderElectionReleaseOnCancel: release,
    logger: quiet,
  });
}
