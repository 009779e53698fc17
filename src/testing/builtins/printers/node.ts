/** Printers of the node.k8s.io group. */
import { AGE, ageOf, col, NAME, nameOf, str, type TablePrinter } from './cells.js';

export const NODE_PRINTERS: Record<string, TablePrinter> = {
  'node.k8s.io/RuntimeClass': {
    // The column's description is ObjectMeta's doc of a field it does not have: empty.
    columns: [NAME, col('Handler', 'string'), AGE],
    row: (o, now) => [nameOf(o), str(o.handler), ageOf(o, now)],
  },
};
