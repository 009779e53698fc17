/** Printers of the scheduling.k8s.io group. */
import { AGE, ageOf, col, int, NAME, nameOf, type TablePrinter } from './cells.js';

export const SCHEDULING_PRINTERS: Record<string, TablePrinter> = {
  'scheduling.k8s.io/PriorityClass': {
    columns: [NAME, col('Value', 'integer'),
      col('Global-Default', 'boolean'), AGE,
      col('PreemptionPolicy', 'string')],
    row: (o, now) => [nameOf(o), int(o.value), o.globalDefault === true, ageOf(o, now), typeof o.preemptionPolicy === 'string' ? o.preemptionPolicy : ''],
  },
};
