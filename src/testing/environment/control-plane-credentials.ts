/**
 * The files a test kube-apiserver is started with: its serving certificate (which the kubeconfig
 * trusts), the admin's bearer token (group system:masters, as envtest's admin user), and the
 * key pair it signs and checks service-account tokens with.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { selfSignedCertificate } from './self-signed-certificate.js';

export interface ControlPlaneCredentials {
  token: string;
  /** PEM of the serving certificate (its own CA). */
  caCert: string;
  servingCertFile: string;
  servingKeyFile: string;
  tokenFile: string;
  serviceAccountPublicKeyFile: string;
  serviceAccountSigningKeyFile: string;
}

export async function writeControlPlaneCredentials(dir: string): Promise<ControlPlaneCredentials> {
  await mkdir(dir, { recursive: true });
  const file = (name: string) => path.join(dir, name);
  const serving = await selfSignedCertificate('127.0.0.1', 'scaffolder-envtest-apiserver');
  const token = randomBytes(24).toString('hex');
  const serviceAccount = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentials: ControlPlaneCredentials = {
    token,
    caCert: serving.cert,
    servingCertFile: file('apiserver.crt'),
    servingKeyFile: file('apiserver.key'),
    tokenFile: file('tokens.csv'),
    serviceAccountPublicKeyFile: file('sa.pub'),
    serviceAccountSigningKeyFile: file('sa.key'),
  };
  await writeFile(credentials.servingCertFile, serving.cert);
  await writeFile(credentials.servingKeyFile, serving.key, { mode: 0o600 });
  // token,user,uid,"groups"
  await writeFile(credentials.tokenFile, `${token},admin,admin,"system:masters"\n`, { mode: 0o600 });
  await writeFile(credentials.serviceAccountSigningKeyFile, serviceAccount.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  await writeFile(credentials.serviceAccountPublicKeyFile, serviceAccount.publicKey.export({ type: 'spki', format: 'pem' }));
  return credentials;
}
