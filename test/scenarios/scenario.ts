/**
 * What a scenario is and how one is played: a short sequence of requests against one API server,
 * each recorded as an observation (the request line, the code, the warnings and the body; for a
 * watch, its events). The same scenario is played against the in-process server and kube-apiserver
 * and the two records are compared after normalize.ts.
 */
import { execFile } from 'node:child_process';
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { RawWatch, rawRequest, type RawRequest, type RawResponse, type WatchEvent } from './http.js';

export interface Observation {
  /** `METHOD path` (or `kubectl args`, `WATCH path`). */
  request: string;
  status?: number;
  warnings?: string[];
  body?: unknown;
  events?: WatchEvent[];
  /** kubectl's output. */
  stdout?: string;
  stderr?: string;
}

export interface Scenario {
  name: string;
  run(s: Session): Promise<void>;
}

/** How long a watch waits for the events a scenario expects (a backend that never sends them shows a shorter list). */
const WATCH_WAIT_MS = 4000;

export interface WatchHandle {
  /** Waits for `count` events (bookmarks included), then ends the watch and records what it saw. */
  collect(count: number): Promise<WatchEvent[]>;
  /** Waits for `count` events without recording or ending. */
  wait(count: number): Promise<void>;
}

/** One play of a scenario: its namespace, the requests it makes and what it records. */
export class Session {
  readonly observations: Observation[] = [];
  private readonly watches: RawWatch[] = [];

  constructor(
    readonly kc: KubeConfig,
    /** The scenario's own namespace (created before it runs); also a unique word for cluster-scoped names. */
    readonly ns: string,
    private readonly kubeconfigFile: () => Promise<string>,
  ) {}

  /** A request, recorded. */
  async req(method: string, path: string, body?: unknown, options: Omit<RawRequest, 'method' | 'path' | 'body'> = {}): Promise<RawResponse> {
    const res = await rawRequest(this.kc, { method, path, body, ...options });
    const observation: Observation = { request: `${method} ${path}`, status: res.status, body: res.body };
    if (res.warnings.length > 0) observation.warnings = res.warnings;
    if (options.contentType && options.contentType !== 'application/json') observation.request += ` (${options.contentType})`;
    this.observations.push(observation);
    return res;
  }

  /** A request whose answer is needed but not recorded (set-up). */
  quiet(method: string, path: string, body?: unknown, options: Omit<RawRequest, 'method' | 'path' | 'body'> = {}): Promise<RawResponse> {
    return rawRequest(this.kc, { method, path, body, ...options });
  }

  /** Opens a watch; its events are recorded by collect. A refused watch is recorded at once. */
  async watch(path: string): Promise<WatchHandle> {
    const w = await RawWatch.start(this.kc, path);
    this.watches.push(w);
    const observation: Observation = { request: `WATCH ${path}`, status: w.status };
    const settle = async (count: number) => {
      if (w.status !== 200) return;
      await w.until((events) => relevant(events).length >= count, WATCH_WAIT_MS);
    };
    return {
      wait: settle,
      collect: async (count) => {
        await settle(count);
        w.stop();
        if (w.status !== 200) observation.body = w.error;
        else observation.events = relevant(w.events);
        this.observations.push(observation);
        return w.events;
      },
    };
  }

  /** kubectl against the server, asynchronously (the in-process server runs in this process). */
  async kubectl(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
    const kubeconfig = await this.kubeconfigFile();
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile('kubectl', ['--kubeconfig', kubeconfig, ...args], { timeout: 30_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
      if (stdin !== undefined) child.stdin?.end(stdin);
    });
    this.observations.push({ request: `kubectl ${args.join(' ')}`, status: result.code, stdout: result.stdout, stderr: result.stderr });
    return result;
  }

  /** Records a value the scenario computed (a comparison of two responses, say). */
  note(what: string, value: unknown): void {
    this.observations.push({ request: `note ${what}`, body: value });
  }

  close(): void {
    for (const w of this.watches) w.stop();
  }
}

/**
 * The events that are behaviour: periodic bookmarks come when the server's timer says, so only the
 * bookmark that ends the initial events (sendInitialEvents) is kept.
 */
function relevant(events: WatchEvent[]): WatchEvent[] {
  return events.filter((e) => e.type !== 'BOOKMARK' || initialEventsEnd(e));
}

function initialEventsEnd(e: WatchEvent): boolean {
  const annotations = (e.object.metadata as { annotations?: Record<string, string> } | undefined)?.annotations;
  return annotations?.['k8s.io/initial-events-end'] === 'true';
}

/** Plays a scenario in a fresh namespace and returns what it observed. */
export async function play(kc: KubeConfig, scenario: Scenario, ns: string): Promise<Observation[]> {
  const created = await rawRequest(kc, { method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } } });
  if (created.status !== 201) throw new Error(`creating namespace ${ns}: ${created.status} ${JSON.stringify(created.body)}`);
  let file: string | undefined;
  const kubeconfigFile = async () => {
    file ??= path.join(tmpdir(), `scenario-${ns}.kubeconfig`);
    await writeFile(file, kc.exportConfig());
    return file;
  };
  const session = new Session(kc, ns, kubeconfigFile);
  try {
    await scenario.run(session);
  } finally {
    session.close();
    if (file) await rm(file, { force: true });
  }
  return session.observations;
}
