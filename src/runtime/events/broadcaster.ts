import { hostname } from 'node:os';
import { CoreV1Api, type CoreV1Event, type KubeConfig, type V1ObjectReference } from '@kubernetes/client-node';
import type { Logger } from '../log/logger.js';
import { log as rootLog } from '../log/root.js';
import { EventCorrelator, type CorrelatorOptions, type Decision } from './correlator.js';
import { eventName, sprintf } from './format.js';
import type { EventRecorder, EventTarget, EventType } from './types.js';
import { metaTime } from '../../kube/meta-time.js';

export interface EventBroadcasterOptions {
  kubeConfig: KubeConfig;
  /** `source.host` of the events; the host name by default. */
  host?: string;
  /** Events waiting to be written beyond which new ones are dropped (client-go buffers 1000). Default 1000. */
  maxQueued?: number;
  /** Attempts per event on server errors. Default 3. */
  maxAttempts?: number;
  correlation?: CorrelatorOptions;
  log?: Logger;
}

function statusCodeOf(err: unknown): number {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : 0;
}

/** The involved object of an event, or why it cannot be named. */
export function referenceTo(target: EventTarget): V1ObjectReference | string {
  if ('metadata' in target && target.metadata !== undefined) {
    const { apiVersion, kind, metadata } = target as {
      apiVersion?: string;
      kind?: string;
      metadata: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
    };
    if (!apiVersion || !kind) return 'the object has no apiVersion or kind';
    if (!metadata.name) return 'the object has no metadata.name';
    const ref: V1ObjectReference = { apiVersion, kind, name: metadata.name };
    if (metadata.namespace) ref.namespace = metadata.namespace;
    if (metadata.uid) ref.uid = metadata.uid;
    if (metadata.resourceVersion) ref.resourceVersion = metadata.resourceVersion;
    return ref;
  }
  const ref = target as V1ObjectReference;
  if (!ref.kind || !ref.name) return 'the reference has no kind or name';
  return { ...ref };
}

/**
 * Writes core/v1 Events for the recorders it hands out, in the background and in order,
 * deduplicating repeats into count bumps (see EventCorrelator). `flush()` waits for the writes.
 */
export class EventBroadcaster {
  readonly #api: CoreV1Api;
  readonly #host: string;
  readonly #correlator: EventCorrelator;
  readonly #log: Logger;
  readonly #maxQueued: number;
  readonly #maxAttempts: number;
  #queued = 0;
  #sequence = 0;
  #tail: Promise<void> = Promise.resolve();
  #shutdown = false;

  constructor(options: EventBroadcasterOptions) {
    this.#api = options.kubeConfig.makeApiClient(CoreV1Api);
    this.#host = options.host ?? hostname();
    this.#correlator = new EventCorrelator(options.correlation);
    this.#log = options.log ?? rootLog.withName('events');
    this.#maxQueued = options.maxQueued ?? 1000;
    this.#maxAttempts = options.maxAttempts ?? 3;
  }

  /** A recorder whose events carry `component` as their source (controller-runtime names it after the controller). */
  newRecorder(component: string): EventRecorder {
    const record = (target: EventTarget, annotations: Record<string, string> | undefined, type: EventType, reason: string, message: string): void =>
      this.#record(component, target, annotations, type, reason, message);
    return {
      event: (target, type, reason, message) => record(target, undefined, type, reason, message),
      eventf: (target, type, reason, format, ...args) => record(target, undefined, type, reason, sprintf(format, ...args)),
      annotatedEventf: (target, annotations, type, reason, format, ...args) => record(target, annotations, type, reason, sprintf(format, ...args)),
    };
  }

  /** Resolves when every event recorded so far has been written (or given up on). */
  flush(): Promise<void> {
    return this.#tail;
  }

  /** Stops accepting events and waits for the queued ones. */
  async shutdown(): Promise<void> {
    this.#shutdown = true;
    await this.#tail;
  }

  #record(component: string, target: EventTarget, annotations: Record<string, string> | undefined, type: EventType, reason: string, message: string): void {
    if (this.#shutdown) return;
    if (type !== 'Normal' && type !== 'Warning') {
      this.#log.error(new Error(`unsupported event type: "${String(type)}"`), 'dropping event', { reason });
      return;
    }
    const ref = referenceTo(target);
    if (typeof ref === 'string') {
      this.#log.error(new Error(ref), 'could not construct a reference to the object; will not report the event', { type, reason, message });
      return;
    }
    if (this.#queued >= this.#maxQueued) {
      this.#log.error(new Error('event queue is full'), 'dropping event', { type, reason, object: `${ref.namespace ?? ''}/${ref.name}` });
      return;
    }
    const now = Date.now();
    const timestamp = metaTime(now) as unknown as CoreV1Event['firstTimestamp'];
    const event: CoreV1Event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: {
        name: eventName(ref.name, now, this.#sequence++),
        namespace: ref.namespace || 'default',
        ...(annotations ? { annotations: { ...annotations } } : {}),
      },
      involvedObject: ref,
      reason,
      message,
      type,
      firstTimestamp: timestamp,
      lastTimestamp: timestamp,
      count: 1,
      source: { component, host: this.#host },
      reportingComponent: component,
      reportingInstance: this.#host,
    };
    this.#queued++;
    // Correlation runs in the write chain, one event at a time, so that a repeat sees the Event its predecessor wrote.
    this.#tail = this.#tail
      .then(() => {
        const decision = this.#correlator.correlate(event);
        if (decision.action === 'drop') {
          this.#log.debug('dropping event', { reason, why: decision.reason });
          return;
        }
        return this.#write(decision);
      })
      // Keep the chain alive whatever happens to one event.
      .catch((err: unknown) => this.#log.error(err, 'unable to record event', { reason }))
      .finally(() => {
        this.#queued--;
      });
  }

  async #write(decision: Exclude<Decision, { action: 'drop' }>): Promise<void> {
    const { event, key } = decision;
    const namespace = event.metadata?.namespace ?? 'default';
    for (let attempt = 1; attempt <= this.#maxAttempts; attempt++) {
      try {
        let written: CoreV1Event | undefined;
        if (decision.action === 'patch' && event.metadata?.name) {
          try {
            written = await this.#api.patchNamespacedEvent({
              name: event.metadata.name,
              namespace,
              body: [
                { op: 'add', path: '/count', value: decision.count },
                { op: 'add', path: '/lastTimestamp', value: decision.lastTimestamp },
                { op: 'add', path: '/message', value: decision.message },
              ],
            });
          } catch (err) {
            // The Event was deleted or expired: write it anew.
            if (statusCodeOf(err) !== 404) throw err;
          }
        }
        if (!written) {
          const { resourceVersion: _rv, ...metadata } = event.metadata ?? {};
          written = await this.#api.createNamespacedEvent({ namespace, body: { ...event, metadata } });
        }
        this.#correlator.written(key, written);
        return;
      } catch (err) {
        const code = statusCodeOf(err);
        const retriable = code === 0 || code === 429 || code >= 500;
        if (!retriable || attempt === this.#maxAttempts) {
          this.#log.error(err, 'unable to write event', { reason: event.reason, object: `${namespace}/${event.involvedObject.name ?? ''}` });
          return;
        }
        await new Promise((r) => setTimeout(r, 100 * 2 ** (attempt - 1)));
      }
    }
  }
}
