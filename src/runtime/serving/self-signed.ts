import { generate } from 'selfsigned';

/**
 * An in-memory self-signed serving certificate, as controller-runtime makes for a secure metrics
 * server without a certificate directory (Prometheus scrapes it with insecureSkipVerify).
 */
export async function selfSignedCertificate(hosts: string[] = ['localhost', '127.0.0.1']): Promise<{ cert: string; key: string }> {
  const altNames = hosts.map((h) => (/^[\d.]+$|:/.test(h) ? { type: 7 as const, ip: h } : { type: 2 as const, value: h }));
  const notAfterDate = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: `${hosts[0] ?? 'localhost'}@${Math.floor(Date.now() / 1000)}` }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
