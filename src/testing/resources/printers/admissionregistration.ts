/** Printers of the admissionregistration.k8s.io group. */
import { AGE, col, NAME, since, type TablePrinter } from './cells.js';

const WEBHOOKS_PRINTER: TablePrinter = {
  columns: [NAME, col('Webhooks', 'integer', 'Webhooks indicates the number of webhooks registered in this configuration'), AGE],
  row: (o, now) => [o.metadata?.name ?? '', Array.isArray(o.webhooks) ? o.webhooks.length : 0, since(o.metadata?.creationTimestamp, now)],
};

export const ADMISSIONREGISTRATION_PRINTERS: Record<string, TablePrinter> = {
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': WEBHOOKS_PRINTER,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': WEBHOOKS_PRINTER,
};
