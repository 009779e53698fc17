import { describe, expect, it } from 'vitest';
import { HashRing } from '../../../src/runtime/sharding/index.js';

const keys = Array.from({ length: 10_000 }, (_, i) => `default/object-${i}`);

function assign(ring: HashRing): Map<string, string> {
  return new Map(keys.map((k) => [k, ring.shardFor(k)!]));
}

function counts(assignment: Map<string, string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const shard of assignment.values()) out.set(shard, (out.get(shard) ?? 0) + 1);
  return out;
}

describe('the hash ring of a sharded controller', () => {
  it('spreads 10,000 keys over 3 shards within 15% of even', () => {
    const spread = counts(assign(new HashRing(['replica-a', 'replica-b', 'replica-c'])));
    expect([...spread.keys()].sort()).toEqual(['replica-a', 'replica-b', 'replica-c']);
    for (const n of spread.values()) expect(Math.abs(n - keys.length / 3)).toBeLessThanOrEqual(0.15 * (keys.length / 3));
  });

  it('moves about a quarter of the keys to a fourth shard, and no key between the others', () => {
    const before = assign(new HashRing(['replica-a', 'replica-b', 'replica-c']));
    const after = assign(new HashRing(['replica-a', 'replica-b', 'replica-c', 'replica-d']));
    const moved = keys.filter((k) => before.get(k) !== after.get(k));
    expect(moved.every((k) => after.get(k) === 'replica-d')).toBe(true);
    expect(Math.abs(moved.length - keys.length / 4)).toBeLessThanOrEqual(0.15 * (keys.length / 4));
  });

  it('moves only the keys of a shard that leaves', () => {
    const before = assign(new HashRing(['replica-a', 'replica-b', 'replica-c']));
    const after = assign(new HashRing(['replica-a', 'replica-b']));
    for (const k of keys) if (before.get(k) !== 'replica-c') expect(after.get(k)).toBe(before.get(k));
  });

  it('gives the same answer whatever order the shards come in, and none without shards', () => {
    const one = assign(new HashRing(['replica-c', 'replica-a', 'replica-b']));
    const two = assign(new HashRing(['replica-b', 'replica-c', 'replica-a']));
    expect(one).toEqual(two);
    expect(new HashRing([]).shardFor('default/x')).toBeUndefined();
  });
});
