/** Printers of the resource.k8s.io group (dynamic resource allocation). */
import type { KubeObject } from '../../model/object.js';
import { AGE, ageOf, at, col, isSet, list, NAME, nameOf, str, type TablePrinter } from './cells.js';

/** resourceClaimState: deleted, then pending (unless deleted) or allocated and reserved. */
function claimState(claim: KubeObject): string {
  const deleting = isSet(claim.metadata?.deletionTimestamp);
  const states = deleting ? ['deleted'] : [];
  if (!isSet(at(claim.status, 'allocation'))) {
    if (!deleting) states.push('pending');
  } else {
    states.push('allocated');
    if (list(at(claim.status, 'reservedFor')).length > 0) states.push('reserved');
  }
  return states.join(',');
}

const NAME_AND_AGE: TablePrinter = { columns: [NAME, AGE], row: (o, now) => [nameOf(o), ageOf(o, now)] };

export const RESOURCE_PRINTERS: Record<string, TablePrinter> = {
  'resource.k8s.io/DeviceClass': NAME_AND_AGE,
  'resource.k8s.io/ResourceClaimTemplate': NAME_AND_AGE,
  'resource.k8s.io/ResourceClaim': {
    columns: [NAME, col('State', 'string'), AGE],
    row: (o, now) => [nameOf(o), claimState(o), ageOf(o, now)],
  },
  'resource.k8s.io/ResourceSlice': {
    columns: [NAME, col('Node', 'string'),
      col('Driver', 'string'), col('Pool', 'string'), AGE],
    row: (o, now) => [nameOf(o), str(at(o.spec, 'nodeName')), str(at(o.spec, 'driver')), str(at(o.spec, 'pool', 'name')), ageOf(o, now)],
  },
};
