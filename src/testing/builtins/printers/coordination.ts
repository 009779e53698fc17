/** Printers of the coordination.k8s.io group. */
import { AGE, at, col, NAME, since, str, type TablePrinter } from './cells.js';

export const COORDINATION_PRINTERS: Record<string, TablePrinter> = {
  'coordination.k8s.io/Lease': {
    columns: [NAME, col('Holder', 'string'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', str(at(o.spec, 'holderIdentity')), since(o.metadata?.creationTimestamp, now)],
  },
};
