import { afterEach, describe, expect, it } from 'vitest';
import { HealthProbeServer, ping } from '../../../src/runtime/healthz/index.js';

const servers: HealthProbeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function started(setup: (s: HealthProbeServer) => void = () => undefined): Promise<HealthProbeServer> {
  const server = new HealthProbeServer({ bindAddress: '127.0.0.1:0' });
  setup(server);
  servers.push(server);
  await server.start();
  return server;
}

async function get(server: HealthProbeServer, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${server.url()}${path}`);
  return { status: res.status, body: await res.text() };
}

describe('HealthProbeServer', () => {
  it('answers ok with the default ping when no checks are added', async () => {
    const server = await started();
    expect(await get(server, '/healthz')).toEqual({ status: 200, body: 'ok' });
    expect(await get(server, '/readyz')).toEqual({ status: 200, body: 'ok' });
    expect(await get(server, '/healthz/ping')).toEqual({ status: 200, body: 'ok' });
    expect(await get(server, '/healthz?verbose')).toEqual({ status: 200, body: '[+]ping ok\nhealthz check passed\n' });
  });

  it('lists failing checks with 500, hides their reasons, and serves each check alone', async () => {
    let dbUp = false;
    const server = await started((s) => {
      s.addHealthzCheck('healthz', ping);
      s.addReadyzCheck('readyz', ping);
      s.addReadyzCheck('database', async () => {
        if (!dbUp) throw new Error('connection refused');
      });
    });
    expect(await get(server, '/healthz')).toEqual({ status: 200, body: 'ok' });
    expect(await get(server, '/readyz')).toEqual({
      status: 500,
      body: '[-]database failed: reason withheld\n[+]readyz ok\nhealthz check failed\n',
    });
    expect(await get(server, '/readyz/database')).toEqual({
      status: 500,
      body: 'internal server error: connection refused\n',
    });
    expect(await get(server, '/readyz/readyz')).toEqual({ status: 200, body: 'ok' });
    expect((await get(server, '/readyz/unknown')).status).toBe(404);
    expect((await get(server, '/readyz/ping')).status).toBe(404); // ping stands in only when there are no checks
    expect(await get(server, '/readyz?exclude=database')).toEqual({ status: 200, body: 'ok' });
    expect(await get(server, '/readyz?exclude=database&exclude=nope&verbose')).toEqual({
      status: 200,
      body:
        '[+]database excluded: ok\n' +
        '[+]readyz ok\nwarn: some health checks cannot be excluded: no matches for "nope"\nhealthz check passed\n',
    });
    dbUp = true;
    expect(await get(server, '/readyz')).toEqual({ status: 200, body: 'ok' });
    expect((await get(server, '/metrics')).status).toBe(404);
  });

  it('rejects duplicate and malformed check names, and is disabled by "0"', async () => {
    const server = new HealthProbeServer();
    expect(server.enabled).toBe(false);
    server.addHealthzCheck('a', ping);
    expect(() => server.addHealthzCheck('a', ping)).toThrow(/already added to \/healthz/);
    expect(() => server.addReadyzCheck('a/b', ping)).toThrow(/no "\/"/);
    await server.start();
    expect(server.url()).toBeUndefined();
  });
});
