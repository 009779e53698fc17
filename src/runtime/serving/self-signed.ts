import { selfSignedCertificate as makeSelfSigned } from '../../kube/self-signed-certificate.js';

/**
 * An in-memory self-signed serving certificate, as controller-runtime makes for a secure metrics
 * server without a certificate directory (Prometheus scrapes it with insecureSkipVerify).
 */
export async function selfSignedCertificate(hosts: string[] = ['localhost', '127.0.0.1']): Promise<{ cert: string; key: string }> {
  return makeSelfSigned({ hosts, commonName: `${hosts[0] ?? 'localhost'}@${Math.floor(Date.now() / 1000)}` });
}
