/**
 * Watch streams: newline-delimited JSON events in resourceVersion order, starting after the
 * requested resourceVersion (or with the current state as ADDED events), with bookmarks,
 * timeouts, selectors, and 410 Gone as an ERROR event when the start is too old.
 */
import type { ServerResponse } from 'node:http';
import { joinAPIVersion, type StoredObject } from '../../model/object.js';
import { storageKey, type ResourceType, type VersionInfo } from '../../model/resource-type.js';
import type { Status } from '../../../kube/status.js';
import { matchesFields, type FieldSelector } from '../../selectors/field-selector.js';
import { matchesLabels, type LabelRequirements } from '../../../kube/label-selector.js';
import type { ObjectStore, StoreEvent } from '../../store/object-store.js';
import { errorToStatus } from '../http/http-io.js';
import { asTable } from './table.js';
import type { ResourceStorage } from '../registry/resource-storage.js';

export interface WatchParams {
  rt: ResourceType;
  version: VersionInfo;
  namespace?: string;
  labels: LabelRequirements;
  fields: FieldSelector;
  /** undefined, '' or '0': start with the current state. */
  resourceVersion?: string;
  allowBookmarks: boolean;
  /** The parameter: true sends the current state then a bookmark, false sends nothing of it, unset (legacy) just the state. */
  sendInitialEvents?: boolean;
  timeoutSeconds?: number;
  /** Wrap objects in meta.k8s.io Tables (kubectl get -w asks for them). */
  table?: boolean;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/**
 * The JSON of objects sent on watches, by identity. Every watcher of a resource is handed the same
 * stored object for a change (conversion and defaulting make new objects only where they change
 * something), so each change is encoded once, not once per watcher. The store never edits an
 * object it holds: every write stores a new one.
 */
const encoded = new WeakMap<object, string>();

function encode(object: object): string {
  let json = encoded.get(object);
  if (json === undefined) {
    json = JSON.stringify(object);
    encoded.set(object, json);
  }
  return json;
}

/**
 * How many bytes of changes a watch may have waiting for its client before the server closes it.
 * kube-apiserver hands each watcher changes through a bounded buffer and, when a watcher's buffer
 * stays full, closes the watch ("Forcing watcher close due to unresponsiveness"); its client lists
 * and watches again. Here a watch writes only as fast as its client reads, and the changes that
 * wait meanwhile count against this bound: five times the largest request body, so a client that
 * reads, however far behind a burst of large objects, is not cut, while one that stopped reading
 * holds at most this much.
 */
export const WATCH_BUFFER_LIMIT_BYTES = 16 * 1024 * 1024;

/** One open watch; the server keeps them for fault injection and shutdown. */
export class WatchSession {
  private queue: Promise<void> = Promise.resolve();
  /** Bytes of changes queued and not yet handed to the connection (counted by their stored JSON). */
  private waitingBytes = 0;
  private closed = false;
  /** Whether a Table event has gone out (later ones leave the column definitions out). */
  private tableHeadersSent = false;
  stalled = false;
  private unsubscribe: (() => void) | undefined;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly res: ServerResponse,
    readonly params: WatchParams,
    private readonly store: ObjectStore,
    private readonly storage: ResourceStorage,
    private readonly onClose: (session: WatchSession) => void,
  ) {}

  /** The store table watched (shared resources watch their storage's table). */
  get resourceKey(): string {
    return storageKey(this.params.rt);
  }

  start(bookmarkIntervalMs: number): void {
    const { params } = this;
    this.res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'Cache-Control': 'no-cache, private' });
    this.res.flushHeaders();
    this.res.on('close', () => this.close());

    // Subscribing and reading the backlog happen in one synchronous step: no change can fall between.
    this.unsubscribe = this.store.subscribe((e) => {
      if (e.resource === this.resourceKey) this.onChange(e);
    });
    const rv = params.resourceVersion;
    if (rv === undefined || rv === '' || rv === '0') {
      // sendInitialEvents=false: the watch starts at the current state without sending it. The state
      // (and below, the history asked for) is sent whatever its size, as kube-apiserver sends it; only
      // changes from now on count against the bound.
      if (params.sendInitialEvents !== false) {
        for (const o of this.store.list(this.resourceKey, params.rt.namespaced ? params.namespace : undefined)) if (this.matches(o)) this.send('ADDED', o, false);
      }
      if (params.sendInitialEvents && params.allowBookmarks) this.sendBookmark(true);
    } else {
      const from = Number(rv);
      const tooLarge = Number.isFinite(from) ? this.store.tooLarge(from) : undefined;
      try {
        if (!Number.isInteger(from) || from < 0) throw new Error(`invalid resource version "${rv}"`);
        if (tooLarge) throw tooLarge;
        for (const e of this.store.changesSince(this.resourceKey, from)) this.onChange(e, false);
      } catch (err) {
        this.sendError(errorToStatus(err));
        return;
      }
    }
    if (params.allowBookmarks) this.timers.push(setInterval(() => this.sendBookmark(false), bookmarkIntervalMs));
    if (params.timeoutSeconds !== undefined && params.timeoutSeconds > 0) {
      this.timers.push(setTimeout(() => this.end(), params.timeoutSeconds * 1000));
    }
  }

  private matches(o: StoredObject): boolean {
    const { params } = this;
    if (params.rt.namespaced && params.namespace !== undefined && o.metadata.namespace !== params.namespace) return false;
    return matchesLabels(params.labels, o.metadata.labels) && matchesFields(params.fields, o);
  }

  /** Sends what a change means to this watch; `bounded` false for the history replayed at the start. */
  private onChange(e: StoreEvent, bounded = true): void {
    const now = this.matches(e.object);
    const before = e.previous !== undefined && this.matches(e.previous);
    if (e.type === 'ADDED') {
      if (now) this.send('ADDED', e.object, bounded);
    } else if (e.type === 'MODIFIED') {
      if (now && before) this.send('MODIFIED', e.object, bounded);
      else if (now) this.send('ADDED', e.object, bounded);
      // kube-apiserver's watch cache sends the last state that matched, at the change's resourceVersion.
      else if (before) this.send('DELETED', { ...e.previous!, metadata: { ...e.previous!.metadata, resourceVersion: e.object.metadata.resourceVersion } }, bounded);
    } else if (before || now) {
      this.send('DELETED', e.object, bounded);
    }
  }

  private send(type: WatchEventType, object: StoredObject, bounded = true): void {
    if (this.closed || this.stalled) return;
    const { rt, version } = this.params;
    const size = bounded ? encode(object).length : 0;
    this.waitingBytes += size;
    if (this.waitingBytes > WATCH_BUFFER_LIMIT_BYTES) {
      // Fallen behind: cut the connection, which drops what it holds (ending it cleanly would wait for a client that does not read).
      this.destroy();
      return;
    }
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      let out: StoredObject;
      try {
        out = await this.storage.present(rt, object, version.name);
      } catch (err) {
        this.sendError(errorToStatus(err));
        return;
      }
      this.waitingBytes -= size;
      if (this.params.table) {
        // Only the first Table of a watch carries the column definitions.
        const shown = asTable(rt, version, out, 'Metadata', this.tableHeadersSent, rt.builtin ? () => object : undefined);
        this.tableHeadersSent = true;
        await this.write({ type, object: shown });
      } else {
        // As JSON.stringify({ type, object }) writes it.
        await this.writeLine(`{"type":"${type}","object":${encode(out)}}\n`);
      }
    });
  }

  private sendBookmark(initialEventsEnd: boolean): void {
    if (this.closed || this.stalled) return;
    const { rt, version } = this.params;
    const rv = String(this.store.resourceVersion);
    const metadata: Record<string, unknown> = { resourceVersion: rv };
    if (initialEventsEnd) metadata.annotations = { 'k8s.io/initial-events-end': 'true' };
    this.queue = this.queue.then(() => this.write({ type: 'BOOKMARK', object: { kind: rt.kind, apiVersion: joinAPIVersion(rt.group, version.name), metadata } }));
  }

  /** An ERROR event carrying a Status, then the end of the stream (as for 410 Gone). */
  sendError(status: Status): void {
    this.queue = this.queue.then(() => {
      void this.write({ type: 'ERROR', object: status }); // end() follows at once, as before
      this.end();
    });
  }

  private write(event: { type: WatchEventType; object: unknown }): Promise<void> {
    return this.writeLine(`${JSON.stringify(event)}\n`);
  }

  /** Writes a line, resolving once the connection takes more (at once, unless its buffer is full). */
  private writeLine(line: string): Promise<void> {
    if (this.closed || this.res.write(line)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /** Ends the stream cleanly (the client sees the watch close and re-watches). */
  end(): void {
    if (this.closed) return;
    this.res.end();
    this.close();
  }

  /** Cuts the connection without ending the response. */
  destroy(): void {
    if (this.closed) return;
    this.res.destroy();
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    for (const t of this.timers) clearInterval(t);
    this.onClose(this);
  }
}
