/**
 * Set-up of the runtime's integration tests over a test environment (see environment.ts): a
 * client and cache of ours, a manager, and unique namespaces.
 */
import { afterAll, beforeAll } from 'vitest';
import type { TestEnvironment } from '../../src/testing/index.js';
import type { Backend } from './backends.js';
import { eventually } from '../../src/testing/index.js';
import { builtinScheme, type Client, Namespace, InformerCache, KubeClient, Manager, type ManagerOptions, RestTransport, type CacheOptions, type Kind } from '../../src/runtime/index.js';
import { resourcePath } from '../../src/runtime/client/rest.js';

/** A cache and a client (reading through that cache) over the environment. */
export function clientAndCache(env: TestEnvironment, options: CacheOptions = {}) {
  const transport = new RestTransport(env.kubeConfig);
  const cache = new InformerCache(transport, { stallTimeoutMs: 30_000, watchBackoff: { initialMs: 20, maxMs: 200 }, ...options });
  const client = new KubeClient(transport, { reader: cache, fieldManager: 'runtime-test' });
  const stop = new AbortController();
  return {
    transport,
    cache,
    client,
    start: () => cache.start(stop.signal),
    stop: async () => {
      stop.abort();
      await cache.stop();
      transport.close();
    },
  };
}

/** A manager over the environment with fast reconnects and no servers or signal handlers. */
export function newManager(env: TestEnvironment, options: Partial<ManagerOptions> = {}): Promise<Manager> {
  return Manager.create({
    scheme: builtinScheme(),
    kubeConfig: env.kubeConfig,
    handleSignals: false,
    gracefulShutdownTimeout: 10_000,
    cache: { watchBackoff: { initialMs: 20, maxMs: 200 } },
    ...options,
  });
}

/**
 * Waits until a resourceVersion=0 list of `kind` in `namespace` holds every one of `names`. An
 * informer's first list asks for resourceVersion=0, which kube-apiserver answers from its watch
 * cache however far that trails etcd (client-go's reflector does the same); a test that reads,
 * right after a cache starts, objects it created just before waits for this first.
 */
export async function untilWatchCacheHolds(transport: RestTransport, kind: Kind<unknown>, namespace: string, names: string[]): Promise<void> {
  await eventually(async () => {
    const list = await transport.request<{ items?: { metadata?: { name?: string } }[] }>({ method: 'GET', path: resourcePath(kind, namespace), query: { resourceVersion: '0' } });
    const listed = new Set((list.items ?? []).map((o) => o.metadata?.name));
    return names.every((n) => listed.has(n));
  }, `the watch cache to hold ${kind.kind} ${names.map((n) => `${namespace}/${n}`).join(', ')}`);
}

let counter = 0;
/** Creates a namespace with a name unique within the run and returns the name. */
export async function createNamespace(client: Client, prefix = 'ns'): Promise<string> {
  counter++;
  const name = `${prefix}-${counter}`;
  await client.create(Namespace, { metadata: { name } });
  return name;
}

/** What clientEnvironment sets up: filled in before the file's tests run. */
export interface ClientEnvironment {
  env: TestEnvironment;
  h: ReturnType<typeof clientAndCache>;
  /** A namespace of the run's own. */
  ns: string;
}

/**
 * Registers, in the calling describe block, a test environment of `backend` with a started client
 * and cache and one namespace (named from `prefix`), stopped after the block's tests.
 */
export function clientEnvironment(backend: Backend, prefix: string): ClientEnvironment {
  const ctx = {} as ClientEnvironment;
  beforeAll(async () => {
    ctx.env = await backend.start();
    ctx.h = clientAndCache(ctx.env);
    void ctx.h.start();
    ctx.ns = await createNamespace(ctx.h.client, prefix);
  });
  afterAll(async () => {
    await ctx.h?.stop();
    await ctx.env?.stop();
  });
  return ctx;
}

/** Starts a manager in the background: `done` settles when start() does, `stop` stops it and waits. */
export function runManager(mgr: Manager) {
  const done = mgr.start();
  done.catch(() => undefined);
  return {
    done,
    stop: async () => {
      mgr.stop();
      await done;
    },
  };
}
