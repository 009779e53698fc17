/**
 * The manager's leader campaign: a LeaderElector on the Lease the options name (in the pod's, else the
 * kubeconfig context's, else the default namespace), with client-go's LeaderElection events on the Lease.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { EventRecorder } from '../events/index.js';
import { LeaderElector } from '../leaderelection/index.js';
import type { Logger } from '../log/index.js';
import type { RuntimeMetrics } from '../metrics/index.js';
import { inClusterNamespace } from './kubeconfig.js';
import type { ManagerOptions } from './manager-options.js';
import { waitForAbort } from './runnable-group.js';

/** What the campaign reads of its manager. */
export interface CampaignHost {
  readonly options: ManagerOptions;
  readonly kubeConfig: KubeConfig;
  getMetrics(): RuntimeMetrics;
  getLogger(): Logger;
  getEventRecorderFor(name: string): EventRecorder;
}

export interface Campaign {
  /** Started; the manager stops it (releasing the lease) on shutdown. */
  readonly elector: LeaderElector;
  /** Whether the lease was won before `signal` aborted. */
  readonly won: Promise<boolean>;
}

/** Starts campaigning for the lease; `fail` is called when a held lease is lost. */
export function startCampaign(host: CampaignHost, log: Logger, signal: AbortSignal, fail: (err: unknown) => void): Campaign {
  const { options, kubeConfig } = host;
  const namespace = leaseNamespace(options, kubeConfig);
  const elector = new LeaderElector({
    kubeConfig,
    namespace,
    name: options.leaderElectionID!,
    leaseDuration: options.leaseDuration,
    renewDeadline: options.renewDeadline,
    retryPeriod: options.retryPeriod,
    releaseOnCancel: options.leaderElectionReleaseOnCancel ?? true,
    metrics: host.getMetrics(),
    log: host.getLogger().withName('leaderelection'),
    onStoppedLeading: (reason) => {
      leaseEvent('stopped leading');
      if (reason === 'lost') fail(new Error(`leader election lost: lease ${namespace}/${options.leaderElectionID} is no longer ours`));
    },
  });
  // As client-go's lease lock records them: events on the Lease from a recorder named after the identity.
  const identity = elector.identity;
  const lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace, name: options.leaderElectionID! };
  const leaseEvent = (what: string) => host.getEventRecorderFor(identity).event(lease, 'Normal', 'LeaderElection', `${identity} ${what}`);
  elector.start();
  log.info('attempting to acquire leader lease', { lease: `${namespace}/${options.leaderElectionID}` });
  const won = Promise.race([elector.elected().then(() => true), waitForAbort(signal).then(() => false)]).then((isLeader) => {
    if (isLeader) {
      leaseEvent('became leader');
      log.info('successfully acquired lease', { lease: `${namespace}/${options.leaderElectionID}` });
    }
    return isLeader;
  });
  return { elector, won };
}

/** Where the manager's Leases live: leaderElectionNamespace, else the pod's, else the kubeconfig context's, else `default`. */
export function leaseNamespace(options: ManagerOptions, kubeConfig: KubeConfig): string {
  return options.leaderElectionNamespace ?? inClusterNamespace() ?? contextNamespace(kubeConfig) ?? 'default';
}

function contextNamespace(kubeConfig: KubeConfig): string | undefined {
  const ctx = kubeConfig.getContextObject(kubeConfig.getCurrentContext());
  return ctx?.namespace || undefined;
}
