/**
 * The list-then-watch loop of one kind (in one namespace, or all): it lists, then watches from
 * the list's resourceVersion, and keeps going whatever happens:
 * - a watch that ends (server timeout) is reopened from the last resourceVersion seen;
 * - BOOKMARK events only advance the resourceVersion;
 * - 410 Gone (as an HTTP answer or an ERROR event) means the version is too old: list again;
 * - any other failure (connection refused or reset, 429, 5xx, a malformed line) waits with
 *   jittered backoff (at least the server's Retry-After) and reopens the watch;
 * - a watch that goes silent (no event nor bookmark for `stallTimeoutMs`) is dropped and reopened;
 * - a watch request that gets no answer within `stallTimeoutMs` is abandoned (client-go times a
 *   watch out after its timeoutSeconds) and retried after the shortest backoff: the hang was the
 *   wait (client-go's backoff manager resets after 2 min without failures, and its hangs last 5-10
 *   min), so hung requests do not compound the delay; a connection that was answered and lasted
 *   resets the backoff too.
 * client-node's informer lacks the last three, which is why this loop exists.
 */
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../log/index.js';
import { ApiError, isGone, type StatusBody } from '../client/errors.js';
import { type Query, resourcePath, type RestTransport } from '../client/rest.js';
import type { ObjectWithMeta } from '../client/types.js';
import type { Kind } from '../scheme/kind.js';
import { Backoff, type BackoffOptions, sleep } from './backoff.js';

/** Where a reflector delivers what it learns. */
export interface ReflectorSink<T> {
  /** The full state of the watched scope (after a list): replaces whatever was known in it. */
  replace(items: T[]): void;
  upsert(obj: T): void;
  remove(obj: T): void;
}

export interface ReflectorOptions {
  /** Silence after which a watch is considered stalled and reopened. 120 s. */
  stallTimeoutMs?: number;
  /** Server-side watch timeout: a random value in [min, 2*min) seconds, as client-go. 300 s. */
  minWatchTimeoutSeconds?: number;
  /** Page size of lists. 500. */
  pageSize?: number;
  backoff?: BackoffOptions;
  /** Server-side label selector applied to the list and watch. */
  labelSelector?: string;
  /** Server-side field selector applied to the list and watch. */
  fieldSelector?: string;
}

interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: ObjectWithMeta & Omit<StatusBody, 'kind' | 'apiVersion'>;
}

interface ListAnswer<T> {
  metadata?: { resourceVersion?: string; continue?: string };
  items?: T[];
}

class StallError extends Error {}
/** A watch request the server took and never answered (no status line) within the stall timeout. */
class UnansweredWatchError extends StallError {}

/** A watch shorter than this that delivered nothing is a server in trouble, not a healthy connection. */
const SHORT_WATCH_MS = 1000;

export class Reflector<T extends ObjectWithMeta> {
  private resourceVersion = '';
  private synced = false;
  private readonly backoff: Backoff;
  private readonly stallTimeoutMs: number;
  private readonly minWatchTimeoutSeconds: number;
  private readonly pageSize: number;
  /** When the current watch was answered (undefined before, or when it never was). */
  private answeredAt: number | undefined;
  /** Counters for tests, benchmarks and debugging. */
  readonly stats = { lists: 0, watches: 0, events: 0, bookmarks: 0, stalls: 0, gone: 0, errors: 0 };

  constructor(
    private readonly transport: RestTransport,
    private readonly kind: Kind<T>,
    private readonly namespace: string | undefined,
    private readonly sink: ReflectorSink<T>,
    private readonly log: Logger,
    private readonly options: ReflectorOptions = {},
  ) {
    this.backoff = new Backoff(options.backoff);
    this.stallTimeoutMs = options.stallTimeoutMs ?? 120_000;
    this.minWatchTimeoutSeconds = options.minWatchTimeoutSeconds ?? 300;
    this.pageSize = options.pageSize ?? 500;
  }

  get hasSynced(): boolean {
    return this.synced;
  }

  get lastSyncResourceVersion(): string {
    return this.resourceVersion;
  }

  /** Lists and watches until `signal` aborts; `onSynced` is called after the first complete list. */
  async run(signal: AbortSignal, onSynced: () => void): Promise<void> {
    let needList = true;
    while (!signal.aborted) {
      try {
        if (needList) {
          await this.list(signal);
          needList = false;
          if (!this.synced) {
            this.synced = true;
            onSynced();
          }
        }
        const started = Date.now();
        const before = this.stats.events + this.stats.bookmarks;
        await this.watch(signal);
        if (this.stats.events + this.stats.bookmarks === before && Date.now() - started < SHORT_WATCH_MS) {
          // Ended at once and delivered nothing: a server in trouble, not a watch timeout. Do not spin.
          await sleep(this.backoff.next(), signal);
        } else {
          this.backoff.reset();
        }
      } catch (err) {
        if (signal.aborted) break;
        if (isGone(err)) {
          // Our version was compacted away: only a fresh list can tell what changed meanwhile.
          this.stats.gone++;
          this.log.info('watch resourceVersion expired, relisting', { resourceVersion: this.resourceVersion });
          needList = true;
          continue;
        }
        this.stats.errors++;
        if (err instanceof UnansweredWatchError || this.lastedAfterAnswer()) this.backoff.reset();
        const retryAfterMs = err instanceof ApiError && err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : 0;
        const delay = this.backoff.next(retryAfterMs);
        if (err instanceof UnansweredWatchError) this.log.info('watch request unanswered, reconnecting', { afterMs: this.stallTimeoutMs, delayMs: Math.round(delay) });
        else if (err instanceof StallError) this.log.info('watch stalled, reconnecting', { afterMs: this.stallTimeoutMs, delayMs: Math.round(delay) });
        else this.log.info(needList ? 'list failed, retrying' : 'watch failed, reconnecting', { error: errorText(err), delayMs: Math.round(delay) });
        await sleep(delay, signal);
      }
    }
  }

  /** Whether the last watch was answered and stayed connected long enough to count as a success. */
  private lastedAfterAnswer(): boolean {
    return this.answeredAt !== undefined && Date.now() - this.answeredAt >= SHORT_WATCH_MS;
  }

  private scopePath(): string {
    return resourcePath(this.kind, this.namespace);
  }

  private selectorQuery(): Query {
    return { labelSelector: this.options.labelSelector, fieldSelector: this.options.fieldSelector };
  }

  private async list(signal: AbortSignal): Promise<void> {
    this.stats.lists++;
    const items: T[] = [];
    let cont: string | undefined;
    let rv = '';
    let limit: number | undefined = this.pageSize;
    // As client-go's reflector: the first list may come from the API server's watch cache
    // (resourceVersion=0: one fast answer, no pages); after a 410 only a consistent read will do.
    let listRV: string | undefined = this.synced ? undefined : '0';
    do {
      let page: ListAnswer<T>;
      try {
        page = await this.transport.request<ListAnswer<T>>({
          method: 'GET',
          path: this.scopePath(),
          query: { ...this.selectorQuery(), limit, continue: cont, resourceVersion: cont === undefined ? listRV : undefined },
          signal,
          timeoutMs: 60_000,
        });
      } catch (err) {
        if (cont !== undefined && isGone(err)) {
          // The continue token expired mid-way: start over with one unpaginated list (as client-go).
          items.length = 0;
          cont = undefined;
          limit = undefined;
          listRV = undefined;
          continue;
        }
        throw err;
      }
      for (const item of page.items ?? []) {
        // List items carry no apiVersion/kind; give them their kind's so cached objects are complete.
        item.apiVersion = this.kind.apiVersion;
        item.kind = this.kind.kind;
        items.push(item);
      }
      rv = page.metadata?.resourceVersion ?? rv;
      cont = page.metadata?.continue || undefined;
    } while (cont !== undefined && !signal.aborted);
    if (signal.aborted) return;
    this.resourceVersion = rv;
    this.sink.replace(items);
    this.backoff.reset();
  }

  private async watch(signal: AbortSignal): Promise<void> {
    this.stats.watches++;
    this.answeredAt = undefined;
    const timeoutSeconds = Math.floor(this.minWatchTimeoutSeconds * (1 + Math.random()));
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    // A server that accepts the connection but never answers is a stall too.
    let unanswered = false;
    const answerTimer = setTimeout(() => {
      unanswered = true;
      abort.abort();
    }, this.stallTimeoutMs);
    answerTimer.unref();
    try {
      const res = await this.transport.stream(
        this.scopePath(),
        {
          ...this.selectorQuery(),
          watch: 1,
          resourceVersion: this.resourceVersion,
          allowWatchBookmarks: true,
          timeoutSeconds,
        },
        abort.signal,
      ).catch((err: unknown) => {
        if (unanswered && !signal.aborted) {
          this.stats.stalls++;
          throw new UnansweredWatchError('watch request unanswered');
        }
        throw err;
      });
      clearTimeout(answerTimer);
      this.answeredAt = Date.now();
      await this.consume(res, abort);
    } finally {
      clearTimeout(answerTimer);
      signal.removeEventListener('abort', onAbort);
      abort.abort();
    }
  }

  /** Reads newline-delimited watch events until the stream ends; throws on errors and stalls. */
  private consume(res: IncomingMessage, abort: AbortController): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let buffer = '';
      let failed = false;
      let stallTimer: NodeJS.Timeout | undefined;
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        clearTimeout(stallTimer);
        res.destroy();
        reject(err);
      };
      // Data only notes the time; the timer, when it fires, waits out what is left of the silence
      // (a timer re-armed on every chunk cost a timeout object and two timer-list updates per
      // event: the API server sends each event in a chunk of its own).
      let lastData = performance.now();
      const stallCheck = () => {
        const silentMs = performance.now() - lastData;
        if (silentMs < this.stallTimeoutMs) {
          armStall(this.stallTimeoutMs - silentMs);
          return;
        }
        this.stats.stalls++;
        fail(new StallError('watch stalled'));
      };
      const armStall = (ms: number) => {
        stallTimer = setTimeout(stallCheck, ms);
        stallTimer.unref();
      };
      armStall(this.stallTimeoutMs);
      abort.signal.addEventListener('abort', () => fail(abort.signal.reason), { once: true });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        lastData = performance.now();
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (line === '') continue;
          try {
            this.handle(JSON.parse(line) as WatchEvent);
          } catch (err) {
            fail(err);
            return;
          }
        }
      });
      res.on('end', () => {
        if (failed) return;
        failed = true;
        clearTimeout(stallTimer);
        if (buffer.trim() !== '') {
          try {
            this.handle(JSON.parse(buffer) as WatchEvent);
          } catch (err) {
            reject(err);
            return;
          }
        }
        resolve();
      });
      res.on('error', fail);
      res.on('close', () => fail(new Error('watch connection closed before the stream ended')));
    });
  }

  private handle(event: WatchEvent): void {
    const obj = event.object;
    switch (event.type) {
      case 'ADDED':
      case 'MODIFIED':
      case 'DELETED': {
        this.stats.events++;
        obj.apiVersion ||= this.kind.apiVersion;
        obj.kind ||= this.kind.kind;
        if (event.type === 'DELETED') this.sink.remove(obj as T);
        else this.sink.upsert(obj as T);
        break;
      }
      case 'BOOKMARK':
        this.stats.bookmarks++;
        break;
      case 'ERROR':
        throw new ApiError(obj.code ?? 500, { ...obj, kind: 'Status' }, `watch ${this.scopePath()}`);
      default:
        throw new Error(`watch ${this.scopePath()}: unknown event type ${JSON.stringify((event as { type: unknown }).type)}`);
    }
    const rv = obj.metadata?.resourceVersion;
    if (rv) this.resourceVersion = rv;
    // A stream that delivers is healthy: later failures start from the shortest backoff again.
    this.backoff.reset();
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
