/** Printers of the scheduling.k8s.io group. */
import { AGE, ageOf, col, int, NAME, nameOf, type TablePrinter } from './cells.js';

export const SCHEDULING_PRINTERS: Record<string, TablePrinter> = {
  'scheduling.k8s.io/PriorityClass': {
    columns: [NAME, col('Value', 'integer', 'value represents the integer value of this priority class.'),
      col('Global-Default', 'boolean', 'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class.'), AGE,
      col('PreemptionPolicy', 'string', 'preemptionPolicy is the Policy for preempting pods with lower priority.')],
    row: (o, now) => [nameOf(o), int(o.value), o.globalDefault === true, ageOf(o, now), typeof o.preemptionPolicy === 'string' ? o.preemptionPolicy : ''],
  },
};
