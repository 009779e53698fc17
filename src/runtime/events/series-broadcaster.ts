/**
 * events.k8s.io/v1 Events, as client-go's tools/events broadcaster writes them and
 * controller-runtime's `mgr.GetEventRecorder(name)` hands out: each event names the object it
 * is about (`regarding`), optionally a second one (`related`), the `action` taken, and the
 * reporting controller and instance. Repeats (same regarding, related, action, reason and
 * controller) fold into the first Event's `series`: the second occurrence writes
 * `series.count: 2`, later ones count in memory and are written by a periodic refresh (and on
 * shutdown); a series not seen for a while is finished and forgotten.
 */
import { hostname } from 'node:os';
import { EventsV1Api, V1MicroTime, type EventsV1Event, type KubeConfig, type V1ObjectReference } from '@kubernetes/client-node';
import type { Logger } from '../log/logger.js';
import { log as rootLog } from '../log/root.js';
import { referenceTo } from './broadcaster.js';
import { eventName, sprintf } from './format.js';
import type { EventTarget, EventType } from './types.js';

/** Records events.k8s.io/v1 Events (client-go's events.EventRecorder and AnnotatedEventRecorder). */
export interface EventsRecorder {
  /** `note` is a Go-style format (`%s`, `%d`, `%v`, `%q`) of `args`. `related` may be null. */
  eventf(
    regarding: EventTarget,
    related: EventTarget | null | undefined,
    type: EventType,
    reason: string,
    action: string,
    note: string,
    ...args: unknown[]
  ): void;
  annotatedEventf(
    regarding: EventTarget,
    related: EventTarget | null | undefined,
    annotations: Record<string, string>,
    type: EventType,
    reason: string,
    action: string,
    note: string,
    ...args: unknown[]
  ): void;
}

export interface EventSeriesBroadcasterOptions {
  kubeConfig: KubeConfig;
  /** The host part of `reportingInstance` (`<controller>-<host>`); the host name by default. */
  host?: string;
  /** Events waiting to be written beyond which new ones are dropped. Default 1000. */
  maxQueued?: number;
  /** Attempts per write on server errors. Default 3. */
  maxAttempts?: number;
  /** How often series counts kept in memory are written. Default 30 minutes, as client-go. */
  seriesRefreshMs?: number;
  /** A series (or single event) not seen for this long is finished and forgotten. Default 6 minutes, as client-go. */
  seriesFinishMs?: number;
  log?: Logger;
}

interface Cached {
  event: EventsV1Event;
  /** When it was last seen (the first event's time until it becomes a series). */
  lastSeen: number;
  /** The series count and time not yet written. */
  dirty: boolean;
}

export class EventSeriesBroadcaster {
  readonly #api: EventsV1Api;
  readonly #host: string;
  readonly #log: Logger;
  readonly #maxQueued: number;
  readonly #maxAttempts: number;
  readonly #refreshMs: number;
  readonly #finishMs: number;
  readonly #cache = new Map<string, Cached>();
  #timers: NodeJS.Timeout[] = [];
  #queued = 0;
  #sequence = 0;
  #tail: Promise<void> = Promise.resolve();
  #shutdown = false;

  constructor(options: EventSeriesBroadcasterOptions) {
    this.#api = options.kubeConfig.makeApiClient(EventsV1Api);
    this.#host = options.host ?? hostname();
    this.#log = options.log ?? rootLog.withName('events');
    this.#maxQueued = options.maxQueued ?? 1000;
    this.#maxAttempts = options.maxAttempts ?? 3;
    this.#refreshMs = options.seriesRefreshMs ?? 30 * 60_000;
    this.#finishMs = options.seriesFinishMs ?? 6 * 60_000;
  }

  /** A recorder for `reportingController` (controller-runtime passes the name given to GetEventRecorder). */
  newRecorder(reportingController: string): EventsRecorder {
    const reportingInstance = `${reportingController}-${this.#host}`;
    return {
      eventf: (regarding, related, type, reason, action, note, ...args) =>
        this.#record(reportingController, reportingInstance, regarding, related, undefined, type, reason, action, sprintf(note, ...args)),
      annotatedEventf: (regarding, related, annotations, type, reason, action, note, ...args) =>
        this.#record(reportingController, reportingInstance, regarding, related, annotations, type, reason, action, sprintf(note, ...args)),
    };
  }

  /** Resolves when every event recorded so far has been written (or given up on). */
  flush(): Promise<void> {
    return this.#tail;
  }

  /** Stops accepting events, writes the queued ones and the series counts kept in memory. */
  async shutdown(): Promise<void> {
    if (this.#shutdown) return this.#tail;
    this.#shutdown = true;
    for (const t of this.#timers.splice(0)) clearInterval(t);
    this.#enqueue(() => this.#writeDirtySeries(), 'series');
    await this.#tail;
  }

  #record(
    reportingController: string,
    reportingInstance: string,
    regardingTarget: EventTarget,
    relatedTarget: EventTarget | null | undefined,
    annotations: Record<string, string> | undefined,
    type: EventType,
    reason: string,
    action: string,
    note: string,
  ): void {
    if (this.#shutdown) return;
    const regarding = referenceTo(regardingTarget);
    if (typeof regarding === 'string') {
      this.#log.error(new Error(regarding), 'could not construct a reference to the object; will not report the event', { type, reason, note });
      return;
    }
    let related: V1ObjectReference | undefined;
    if (relatedTarget) {
      const ref = referenceTo(relatedTarget);
      if (typeof ref === 'string') this.#log.debug('could not construct a reference to the related object', { reason: ref });
      else related = ref;
    }
    if (type !== 'Normal' && type !== 'Warning') {
      this.#log.error(new Error(`unsupported event type: "${String(type)}"`), 'dropping event', { reason });
      return;
    }
    if (this.#queued >= this.#maxQueued) {
      this.#log.error(new Error('event queue is full'), 'dropping event', { type, reason, object: `${regarding.namespace ?? ''}/${regarding.name}` });
      return;
    }
    this.#startTimers();
    const now = Date.now();
    const event: EventsV1Event = {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: {
        name: eventName(regarding.name, now, this.#sequence++),
        namespace: regarding.namespace || 'default',
        ...(annotations ? { annotations: { ...annotations } } : {}),
      },
      eventTime: new V1MicroTime(now),
      reportingController,
      reportingInstance,
      action,
      reason,
      regarding,
      ...(related ? { related } : {}),
      note,
      type,
    };
    const key = JSON.stringify([action, reason, reportingController, regarding, related ?? null]);
    this.#enqueue(() => this.#observe(key, event, now), reason);
  }

  /** Runs `step` after the writes before it, one at a time, whatever happens to each. */
  #enqueue(step: () => Promise<void>, reason: string): void {
    this.#queued++;
    this.#tail = this.#tail
      .then(step)
      .catch((err: unknown) => this.#log.error(err, 'unable to record event', { reason }))
      .finally(() => {
        this.#queued--;
      });
  }

  async #observe(key: string, event: EventsV1Event, now: number): Promise<void> {
    const cached = this.#cache.get(key);
    if (!cached) {
      const entry: Cached = { event, lastSeen: now, dirty: false };
      this.#cache.set(key, entry);
      const written = await this.#write(event);
      if (written) entry.event = written;
      return;
    }
    cached.lastSeen = now;
    const series = cached.event.series;
    if (series) {
      // Counted in memory; the refresh (or shutdown) writes it.
      series.count += 1;
      series.lastObservedTime = new V1MicroTime(now);
      cached.dirty = true;
      return;
    }
    cached.event.series = { count: 2, lastObservedTime: new V1MicroTime(now) };
    const written = await this.#write(cached.event);
    if (written) cached.event = { ...written, series: cached.event.series };
  }

  /** Writes the series counts kept in memory (client-go's refreshExistingEventSeries). */
  async #writeDirtySeries(): Promise<void> {
    for (const entry of this.#cache.values()) {
      if (!entry.dirty || !entry.event.series) continue;
      entry.dirty = false;
      await this.#write(entry.event);
    }
  }

  /** Forgets events not seen for the finish time, writing a series' last count first (client-go's finishSeries). */
  async #finishSeries(): Promise<void> {
    const cutoff = Date.now() - this.#finishMs;
    for (const [key, entry] of [...this.#cache]) {
      if (entry.lastSeen >= cutoff) continue;
      if (entry.dirty && entry.event.series) {
        entry.dirty = false;
        await this.#write(entry.event);
      }
      this.#cache.delete(key);
    }
  }

  #startTimers(): void {
    if (this.#timers.length > 0) return;
    const every = (ms: number, step: () => Promise<void>, what: string) => {
      const timer = setInterval(() => this.#enqueue(step, what), ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(this.#refreshMs, () => this.#writeDirtySeries(), 'series refresh');
    every(this.#finishMs, () => this.#finishSeries(), 'series finish');
  }

  /** Creates the event, or patches the series of one already written (creating it anew if it is gone). */
  async #write(event: EventsV1Event): Promise<EventsV1Event | undefined> {
    const namespace = event.metadata?.namespace ?? 'default';
    const name = event.metadata?.name ?? '';
    for (let attempt = 1; attempt <= this.#maxAttempts; attempt++) {
      try {
        if (event.series) {
          try {
            return await this.#api.patchNamespacedEvent({ name, namespace, body: [{ op: 'add', path: '/series', value: event.series }] });
          } catch (err) {
            if (statusCodeOf(err) !== 404) throw err;
          }
        }
        const { resourceVersion: _rv, ...metadata } = event.metadata ?? {};
        return await this.#api.createNamespacedEvent({ namespace, body: { ...event, metadata } });
      } catch (err) {
        const code = statusCodeOf(err);
        const retriable = code === 0 || code === 429 || code >= 500;
        if (!retriable || attempt === this.#maxAttempts) {
          this.#log.error(err, 'unable to write event', { reason: event.reason, object: `${namespace}/${event.regarding?.name ?? ''}` });
          return undefined;
        }
        await new Promise((r) => setTimeout(r, 100 * 2 ** (attempt - 1)));
      }
    }
    return undefined;
  }
}

function statusCodeOf(err: unknown): number {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : 0;
}
