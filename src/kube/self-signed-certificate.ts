/**
 * Self-signed serving certificates made in memory (EC P-256, SHA-256, serverAuth), as
 * controller-runtime's secure metrics server and envtest's webhook and API servers make them.
 */
import { generate } from 'selfsigned';

export interface ServingCertificate {
  cert: string;
  key: string;
}

export interface SelfSignedCertificateOptions {
  /** DNS names and IP addresses the certificate is valid for (subjectAltName). */
  hosts: string[];
  commonName: string;
  /** Also a CA (keyCertSign), so that clients can take the certificate itself as the CA bundle. */
  isCA?: boolean;
  /** How long it is valid from now; default 365 days. */
  validForMs?: number;
}

const isIPAddress = (host: string) => /^[\d.]+$|:/.test(host);

export async function selfSignedCertificate(options: SelfSignedCertificateOptions): Promise<ServingCertificate> {
  const { hosts, commonName, isCA = false, validForMs = 365 * 24 * 3600 * 1000 } = options;
  const altNames = hosts.map((h) => (isIPAddress(h) ? { type: 7 as const, ip: h } : { type: 2 as const, value: h }));
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + validForMs),
    extensions: [
      { name: 'basicConstraints', cA: isCA },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, ...(isCA ? { keyCertSign: true } : {}) },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
