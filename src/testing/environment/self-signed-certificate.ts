/** The test environment's serving certificates: for a host and localhost, their own CA, valid a day. */
import { selfSignedCertificate as makeSelfSigned, type ServingCertificate } from '../../kube/self-signed-certificate.js';

export async function selfSignedCertificate(host: string, commonName: string): Promise<ServingCertificate> {
  return makeSelfSigned({ hosts: [host, 'localhost'], commonName: `${commonName}@${host}`, isCA: true, validForMs: 24 * 3600 * 1000 });
}
