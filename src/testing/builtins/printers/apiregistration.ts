/**
 * Printers of the apiregistration.k8s.io group: kube-aggregator's APIService registry converts
 * to a Table itself (Name, Service, Available, Age).
 */
import { AGE, ageOf, at, col, isSet, list, NAME, nameOf, obj, str, type TablePrinter } from './cells.js';

export const APIREGISTRATION_PRINTERS: Record<string, TablePrinter> = {
  'apiregistration.k8s.io/APIService': {
    columns: [NAME, col('Service', 'string'), col('Available', 'string'), AGE],
    row: (o, now) => {
      const service = at(o.spec, 'service');
      const available = list(at(o.status, 'conditions')).find((c) => c.type === 'Available');
      let availableText = 'Unknown';
      if (available) availableText = available.status !== 'True' && str(available.reason) !== '' ? `${str(available.status)} (${str(available.reason)})` : str(available.status);
      return [nameOf(o), isSet(service) ? `${str(obj(service).namespace)}/${str(obj(service).name)}` : 'Local', availableText, ageOf(o, now)];
    },
  },
};
