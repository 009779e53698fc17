// --external-api-path https://...: the CRD is downloaded over https only, within a time and a size
// limit; every failure is a one-line error naming the URL. A local https server with a self-signed
// certificate stands in for a release page (trusted here through NODE_TLS_REJECT_UNAUTHORIZED=0).
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { UsageError } from '../../src/project/usage-error.js';
import { readCrdSource } from '../../src/scaffold/external-crd/crd-source.js';
import { makeCertificate } from '../support/tls.js';

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Gadget', plural: 'gadgets' },
    scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
  },
};

describe('--external-api-path https://', () => {
  let server: Server;
  let base: string;
  const tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  beforeAll(async () => {
    const { cert, key } = await makeCertificate('127.0.0.1');
    server = createServer({ cert, key }, (req, res) => {
      if (req.url === '/crds.yaml') res.end(stringify(crd));
      else if (req.url === '/large.yaml') res.end(`# ${'x'.repeat(4096)}\n${stringify(crd)}`);
      else if (req.url === '/slow.yaml') res.write('# the rest never comes\n');
      else if (req.url === '/to-http') res.writeHead(302, { location: 'http://127.0.0.1:1/crds.yaml' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  });
  afterAll(async () => {
    if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const limits = { timeoutMs: 1_000, maxBytes: 2048 };

  it('reads the CRDs of the body; errors name the URL and line', async () => {
    const [located] = await readCrdSource(`${base}/crds.yaml`, '/', limits);
    expect(located.crd.spec.names.kind).toBe('Gadget');
    expect(located.where(['spec', 'group'])).toBe(`${base}/crds.yaml:6`);
  });

  it.each([
    ['a body over the size limit', '/large.yaml', 'more than the 2048 bytes a CRD download may have'],
    ['an answer that does not end within the time limit', '/slow.yaml', 'no complete answer within 1 s'],
    ['a redirect to http', '/to-http', 'cannot download: '],
    ['a missing file', '/missing.yaml', 'the server answered 404 Not Found'],
  ])('refuses %s', async (_what, file, message) => {
    const read = readCrdSource(`${base}${file}`, '/', limits);
    await expect(read).rejects.toThrow(UsageError);
    await expect(read).rejects.toThrow(`--external-api-path ${base}${file}: ${message}`);
  });
});
