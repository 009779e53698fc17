/**
 * The checker of the sharding tests: every reconcile's start and end, by shard and key, on one
 * clock for all processes (performance.timeOrigin + performance.now(), in milliseconds), and the
 * check that no key was ever in flight on two shards at once. Kept by key as spans arrive, so that
 * the check and the last shard of each key stay cheap with 10,000 keys reconciled again and again.
 */

export interface ReconcileSpan {
  shard: string;
  key: string;
  start: number;
  /** Infinity while the reconcile runs (or when its shard died in it). */
  end: number;
}

export const wallNow = (): number => performance.timeOrigin + performance.now();

export class ReconcileLog {
  readonly spans: ReconcileSpan[] = [];
  private readonly byKey = new Map<string, ReconcileSpan[]>();
  private readonly last = new Map<string, string>();

  begin(shard: string, key: string, at = wallNow()): ReconcileSpan {
    const span = { shard, key, start: at, end: Infinity };
    this.spans.push(span);
    const spans = this.byKey.get(key);
    if (spans) spans.push(span);
    else this.byKey.set(key, [span]);
    this.last.set(key, shard);
    return span;
  }

  /** The shard that last started reconciling each key (the last span recorded, for spans of child processes). */
  lastShardOf(): ReadonlyMap<string, string> {
    return this.last;
  }

  /** Spans of one key on two different shards that overlap in time. */
  overlaps(): [ReconcileSpan, ReconcileSpan][] {
    const out: [ReconcileSpan, ReconcileSpan][] = [];
    for (const spans of this.byKey.values()) {
      const sorted = [...spans].sort((a, b) => a.start - b.start);
      for (let i = 0; i < sorted.length; i++) {
        for (let j = i + 1; j < sorted.length && sorted[j].start < sorted[i].end; j++) {
          if (sorted[j].shard !== sorted[i].shard) out.push([sorted[i], sorted[j]]);
        }
      }
    }
    return out;
  }
}
