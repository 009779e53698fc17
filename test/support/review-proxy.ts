/**
 * The test API server has no TokenReview or SubjectAccessReview. This stand-in sits in front of
 * it: it answers those two (token "reader" is a Prometheus service account that may get
 * /metrics, token "nobody" is authenticated but may not, any other token is invalid) and passes
 * every other request through, so a whole Manager can run against it.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';

export const READER = 'system:serviceaccount:monitoring:prometheus';

export interface ReviewProxy {
  kubeConfig: KubeConfig;
  reviews: { token: number; access: number };
  stop(): Promise<void>;
}

function readJson(req: IncomingMessage): Promise<{ spec: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { spec: Record<string, unknown> }));
    req.on('error', reject);
  });
}

export async function startReviewProxy(upstream: KubeConfig): Promise<ReviewProxy> {
  const target = new URL(upstream.getCurrentCluster()!.server);
  if (target.protocol !== 'http:') throw new Error('startReviewProxy: the upstream must be plain HTTP');
  const reviews = { token: 0, access: 0 };
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (req.method === 'POST' && url.startsWith('/apis/authentication.k8s.io/v1/tokenreviews')) {
      void readJson(req).then((body) => {
        reviews.token++;
        const token = body.spec.token as string;
        const authenticated = token === 'reader' || token === 'nobody';
        const user = token === 'reader' ? { username: READER, groups: ['system:serviceaccounts'] } : { username: 'nobody' };
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: body.spec, status: { authenticated, user: authenticated ? user : undefined } }));
      });
      return;
    }
    if (req.method === 'POST' && url.startsWith('/apis/authorization.k8s.io/v1/subjectaccessreviews')) {
      void readJson(req).then((body) => {
        reviews.access++;
        const spec = body.spec as { user?: string; nonResourceAttributes?: { path?: string; verb?: string } };
        const allowed = spec.user === READER && spec.nonResourceAttributes?.path === '/metrics' && spec.nonResourceAttributes.verb === 'get';
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: body.spec, status: { allowed } }));
      });
      return;
    }
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    forward.on('error', () => res.destroy());
    res.on('close', () => forward.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'proxy', server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, skipTLSVerify: true }],
    // The upstream's credentials (the test API server requires its token), passed through.
    users: [{ name: 'u', token: upstream.getCurrentUser()?.token }],
    contexts: [{ name: 'proxy', cluster: 'proxy', user: 'u' }],
    currentContext: 'proxy',
  });
  return {
    kubeConfig,
    reviews,
    stop: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
