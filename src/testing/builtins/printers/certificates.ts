/** Printers of the certificates.k8s.io group. */
import type { KubeObject } from '../../model/object.js';
import { AGE, ageOf, at, col, humanDuration, list, NAME, nameOf, obj, str, type TablePrinter } from './cells.js';

/** extractCSRStatus: Denied before Approved, else Pending; then `,Failed` and `,Issued`. */
function csrCondition(csr: KubeObject): string {
  const types = new Set(list(at(csr.status, 'conditions')).map((c) => str(c.type)));
  let text = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) text += ',Failed';
  if (str(at(csr.status, 'certificate')) !== '') text += ',Issued';
  return text;
}

export const CERTIFICATES_PRINTERS: Record<string, TablePrinter> = {
  'certificates.k8s.io/CertificateSigningRequest': {
    columns: [NAME, AGE, col('SignerName', 'string'),
      col('Requestor', 'string'),
      col('RequestedDuration', 'string'),
      col('Condition', 'string')],
    row: (o, now) => {
      const spec = obj(o.spec);
      const seconds = spec.expirationSeconds;
      return [nameOf(o), ageOf(o, now), str(spec.signerName) || '<none>', str(spec.username),
        typeof seconds === 'number' ? humanDuration(Math.trunc(seconds) * 1000) : '<none>', csrCondition(o)];
    },
  },
};
