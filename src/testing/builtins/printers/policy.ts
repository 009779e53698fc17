/** Printers of the policy group. */
import { AGE, at, col, int, intOrStringText, NAME, since, type TablePrinter } from './cells.js';

export const POLICY_PRINTERS: Record<string, TablePrinter> = {
  'policy/PodDisruptionBudget': {
    columns: [NAME, col('Min Available', 'string'), col('Max Unavailable', 'string'),
      col('Allowed Disruptions', 'integer'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', intOrStringText(at(o.spec, 'minAvailable')), intOrStringText(at(o.spec, 'maxUnavailable')), int(at(o.status, 'disruptionsAllowed')), since(o.metadata?.creationTimestamp, now)],
  },
};
