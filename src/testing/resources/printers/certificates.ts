/** Printers of the certificates.k8s.io group. */
import type { KubeObject } from '../object.js';
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
    columns: [NAME, AGE, col('SignerName', 'string', 'signerName indicates the requested signer, and is a qualified name.'),
      col('Requestor', 'string', 'request contains an x509 certificate signing request encoded in a "CERTIFICATE REQUEST" PEM block.'),
      col('RequestedDuration', 'string', 'expirationSeconds is the requested duration of validity of the issued certificate.'),
      col('Condition', 'string', 'conditions applied to the request. Known conditions are "Approved", "Denied", and "Failed".')],
    row: (o, now) => {
      const spec = obj(o.spec);
      const seconds = spec.expirationSeconds;
      return [nameOf(o), ageOf(o, now), str(spec.signerName) || '<none>', str(spec.username),
        typeof seconds === 'number' ? humanDuration(Math.trunc(seconds) * 1000) : '<none>', csrCondition(o)];
    },
  },
};
