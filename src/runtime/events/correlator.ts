import type { CoreV1Event } from '@kubernetes/client-node';
import { metaTimeOf } from '../../kube/meta-time.js';

/** The state kept for an event already written, to bump it instead of writing a new one. */
interface ObservedEvent {
  name: string;
  count: number;
  firstTimestamp: string;
}

/** A bounded map that forgets the least recently used entries. */
class LruCache<V> {
  readonly #entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

export interface CorrelatorOptions {
  /** Distinct messages for one object, type and reason within `aggregateWindowMs` before they are combined. Default 10. */
  maxSimilarEvents?: number;
  /** Default 600 000 (10 minutes). */
  aggregateWindowMs?: number;
  /** Events per object and source allowed in a burst. Default 25. */
  spamBurst?: number;
  /** Milliseconds for one more event to be allowed after the burst. Default 300 000 (one per 5 minutes). */
  spamRefillMs?: number;
  now?: () => number;
}

/** What to do with an event: write it new, bump an existing one, or drop it. */
export type Decision =
  | { action: 'create'; event: CoreV1Event; key: string }
  | { action: 'patch'; event: CoreV1Event; key: string; count: number; lastTimestamp: string; message: string }
  | { action: 'drop'; reason: string };

const COMBINED_PREFIX = '(combined from similar events): ';

function refKey(event: CoreV1Event): string {
  const s = event.source ?? {};
  const o = event.involvedObject;
  return [s.component, s.host, o.kind, o.namespace, o.name, o.fieldPath, o.uid, o.apiVersion].map((p) => p ?? '').join('\u0000');
}

/** Identical events: same source, object, type, reason and message. */
function eventKey(event: CoreV1Event): string {
  return [refKey(event), event.type, event.reason, event.message].map((p) => p ?? '').join('\u0000');
}

/**
 * client-go's EventCorrelator: filters spam (a token bucket per object and source), combines
 * many similar events (same object, type and reason, different messages) into one, and turns a
 * repeat of an event into a count bump of the Event already written.
 */
export class EventCorrelator {
  readonly #observed = new LruCache<ObservedEvent>(4096);
  readonly #aggregates = new LruCache<{ messages: Set<string>; last: number }>(4096);
  readonly #buckets = new LruCache<{ tokens: number; updated: number }>(4096);
  readonly #maxSimilar: number;
  readonly #window: number;
  readonly #burst: number;
  readonly #refill: number;
  readonly #now: () => number;

  constructor(options: CorrelatorOptions = {}) {
    this.#maxSimilar = options.maxSimilarEvents ?? 10;
    this.#window = options.aggregateWindowMs ?? 600_000;
    this.#burst = options.spamBurst ?? 25;
    this.#refill = options.spamRefillMs ?? 300_000;
    this.#now = options.now ?? Date.now;
  }

  correlate(event: CoreV1Event): Decision {
    if (!this.#allow(event)) return { action: 'drop', reason: 'too many events about this object from this source' };
    const [aggregated, key] = this.#aggregate(event);
    const observed = this.#observed.get(key);
    if (!observed) return { action: 'create', event: aggregated, key };
    const count = observed.count + 1;
    const lastTimestamp = aggregated.lastTimestamp as unknown as string;
    return {
      action: 'patch',
      key,
      count,
      lastTimestamp,
      message: aggregated.message ?? '',
      event: {
        ...aggregated,
        metadata: { ...aggregated.metadata, name: observed.name },
        count,
        firstTimestamp: observed.firstTimestamp as unknown as CoreV1Event['firstTimestamp'],
      },
    };
  }

  /** Records what the API server stored, so the next identical event bumps it. */
  written(key: string, event: CoreV1Event): void {
    this.#observed.set(key, {
      name: event.metadata?.name ?? '',
      count: event.count ?? 1,
      firstTimestamp: metaTimeOf(event.firstTimestamp),
    });
  }

  #allow(event: CoreV1Event): boolean {
    const key = refKey(event);
    const now = this.#now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.#burst, updated: now };
    bucket.tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.updated) / this.#refill);
    bucket.updated = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.#buckets.set(key, bucket);
    return allowed;
  }

  #aggregate(event: CoreV1Event): [CoreV1Event, string] {
    const now = this.#now();
    const aggregateKey = [refKey(event), event.type, event.reason].map((p) => p ?? '').join('\u0000');
    let record = this.#aggregates.get(aggregateKey);
    if (!record || now - record.last > this.#window) record = { messages: new Set(), last: now };
    record.messages.add(event.message ?? '');
    record.last = now;
    this.#aggregates.set(aggregateKey, record);
    if (record.messages.size < this.#maxSimilar) return [event, eventKey(event)];
    const combined: CoreV1Event = { ...event, message: `${COMBINED_PREFIX}${event.message ?? ''}` };
    return [combined, `${aggregateKey}\u0000combined`];
  }
}
