import { V1MicroTime, type V1LeaseSpec } from '@kubernetes/client-node';

/** What the Lease says about who leads, in client-go's LeaderElectionRecord terms. */
export interface LeaderElectionRecord {
  /** Empty when nobody holds the lease (it was released). */
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime?: Date;
  renewTime?: Date;
  leaderTransitions: number;
}

export function recordFromLease(spec: V1LeaseSpec | undefined): LeaderElectionRecord {
  return {
    holderIdentity: spec?.holderIdentity ?? '',
    leaseDurationSeconds: spec?.leaseDurationSeconds ?? 0,
    acquireTime: spec?.acquireTime ? new Date(spec.acquireTime) : undefined,
    renewTime: spec?.renewTime ? new Date(spec.renewTime) : undefined,
    leaderTransitions: spec?.leaseTransitions ?? 0,
  };
}

/** Lease times are MicroTime: RFC 3339 with six fractional digits, as V1MicroTime serialises. */
function microTime(date: Date | undefined): V1MicroTime | undefined {
  return date ? new V1MicroTime(date.getTime()) : undefined;
}

export function leaseSpecFromRecord(record: LeaderElectionRecord): V1LeaseSpec {
  return {
    holderIdentity: record.holderIdentity,
    leaseDurationSeconds: record.leaseDurationSeconds,
    acquireTime: microTime(record.acquireTime),
    renewTime: microTime(record.renewTime),
    leaseTransitions: record.leaderTransitions,
  };
}

/** Whether two records say the same thing (a change resets the observed expiry clock). */
export function sameRecord(a: LeaderElectionRecord, b: LeaderElectionRecord): boolean {
  return (
    a.holderIdentity === b.holderIdentity &&
    a.leaseDurationSeconds === b.leaseDurationSeconds &&
    a.leaderTransitions === b.leaderTransitions &&
    a.acquireTime?.getTime() === b.acquireTime?.getTime() &&
    a.renewTime?.getTime() === b.renewTime?.getTime()
  );
}
