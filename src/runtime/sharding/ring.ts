/**
 * The consistent-hash ring of a sharded controller: each live shard holds `virtualNodes` points on
 * a 32-bit circle, and an object belongs to the shard owning the first point at or after its key's
 * hash. Adding or removing a shard moves only the keys of the arcs it gains or gives up (about
 * 1/n of them), and with many points per shard the arcs even out (a shard's share varies by about
 * 1/sqrt(virtualNodes)). Pure: every replica computes the same assignment from the same shard ids.
 */

/** Points per shard: 1000 keep each shard's share within a few percent of even. */
export const DEFAULT_VIRTUAL_NODES = 1000;

/** FNV-1a over the UTF-16 code units, then murmur3's finaliser so that near keys spread over the circle. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class HashRing {
  /** Point positions, ascending, and the shard owning each. */
  private readonly points: Uint32Array;
  private readonly owners: string[];
  readonly shards: readonly string[];

  constructor(shards: Iterable<string>, virtualNodes = DEFAULT_VIRTUAL_NODES) {
    if (!(Number.isInteger(virtualNodes) && virtualNodes > 0)) throw new Error(`sharding: virtualNodes must be a positive integer (got ${virtualNodes})`);
    this.shards = [...new Set(shards)].sort();
    const all: [number, string][] = [];
    for (const shard of this.shards) for (let v = 0; v < virtualNodes; v++) all.push([hash32(`${shard}#${v}`), shard]);
    // Ties (two points at one position) go to the smaller shard id, the same on every replica.
    all.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    this.points = Uint32Array.from(all, ([p]) => p);
    this.owners = all.map(([, s]) => s);
  }

  /** The shard of `key` (an object's `namespace/name`), or undefined when no shard is live. */
  shardFor(key: string): string | undefined {
    const n = this.points.length;
    if (n === 0) return undefined;
    const h = hash32(key);
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.points[mid] < h) lo = mid + 1;
      else hi = mid;
    }
    return this.owners[lo === n ? 0 : lo];
  }
}
