import { CoordinationV1Api, type KubeConfig, type V1Lease } from '@kubernetes/client-node';
import { leaseSpecFromRecord, recordFromLease, type LeaderElectionRecord } from './record.js';

/** The Lease as last read: its record and the resourceVersion an update must carry. */
export interface ObservedLease {
  record: LeaderElectionRecord;
  resourceVersion: string;
}

/** HTTP status of an error from client-node (0 when the request got no answer). */
export function statusCodeOf(err: unknown): number {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : 0;
}

/**
 * Reads and writes one coordination.k8s.io/v1 Lease. Updates carry the resourceVersion that
 * was read, so that of two candidates updating at once, the API server lets only one through.
 */
export class LeaseLock {
  readonly #api: CoordinationV1Api;

  /** `labels` are written with every create and update (a shard Lease carries its ring's). */
  constructor(kubeConfig: KubeConfig, readonly namespace: string, readonly name: string, private readonly labels?: Record<string, string>) {
    this.#api = kubeConfig.makeApiClient(CoordinationV1Api);
  }

  /** The lease, or undefined when it does not exist. */
  async get(): Promise<ObservedLease | undefined> {
    try {
      const lease = await this.#api.readNamespacedLease({ name: this.name, namespace: this.namespace });
      return observed(lease);
    } catch (err) {
      if (statusCodeOf(err) === 404) return undefined;
      throw err;
    }
  }

  async create(record: LeaderElectionRecord): Promise<ObservedLease> {
    const body: V1Lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: this.name, namespace: this.namespace, labels: this.labels },
      spec: leaseSpecFromRecord(record),
    };
    return observed(await this.#api.createNamespacedLease({ namespace: this.namespace, body }));
  }

  /** Replaces the lease's spec; fails with 409 when it changed since `resourceVersion`. */
  async update(record: LeaderElectionRecord, resourceVersion: string): Promise<ObservedLease> {
    const body: V1Lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: this.name, namespace: this.namespace, labels: this.labels, resourceVersion },
      spec: leaseSpecFromRecord(record),
    };
    return observed(await this.#api.replaceNamespacedLease({ name: this.name, namespace: this.namespace, body }));
  }

  describe(): string {
    return `${this.namespace}/${this.name}`;
  }
}

function observed(lease: V1Lease): ObservedLease {
  return { record: recordFromLease(lease.spec), resourceVersion: lease.metadata?.resourceVersion ?? '' };
}
