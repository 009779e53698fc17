/** A self-signed serving certificate for a host (its own CA), made in memory. */
import { generate } from 'selfsigned';

export interface ServingCertificate {
  cert: string;
  key: string;
}

export async function selfSignedCertificate(host: string, commonName: string): Promise<ServingCertificate> {
  const isIP = /^[\d.]+$|:/.test(host);
  const altNames = [isIP ? { type: 7 as const, ip: host } : { type: 2 as const, value: host }, { type: 2 as const, value: 'localhost' }];
  const pems = await generate([{ name: 'commonName', value: `${commonName}@${host}` }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
