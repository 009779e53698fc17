/**
 * The checker of the sharding tests: every reconcile's start and end, by shard and key, on one
 * clock for all processes (performance.timeOrigin + performance.now(), in milliseconds), and the
 * check that no key was ever in flight on two shards at once.
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

  begin(shard: string, key: string, at = wallNow()): ReconcileSpan {
    const span = { shard, key, start: at, end: Infinity };
    this.spans.push(span);
    return span;
  }

  /** The shard that last started reconciling each key. */
  lastShardOf(): Map<string, string> {
    const out = new Map<string, string>();
    for (const s of this.spans) out.set(s.key, s.shard);
    return out;
  }

  /** Spans of one key on two different shards that overlap in time. */
  overlaps(): [ReconcileSpan, ReconcileSpan][] {
    const byKey = new Map<string, ReconcileSpan[]>();
    for (const s of this.spans) byKey.set(s.key, [...(byKey.get(s.key) ?? []), s]);
    const out: [ReconcileSpan, ReconcileSpan][] = [];
    for (const spans of byKey.values()) {
      spans.sort((a, b) => a.start - b.start);
      for (let i = 0; i < spans.length; i++) {
        for (let j = i + 1; j < spans.length && spans[j].start < spans[i].end; j++) {
          if (spans[j].shard !== spans[i].shard) out.push([spans[i], spans[j]]);
        }
      }
    }
    return out;
  }
}
