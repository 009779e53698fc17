import { describe, expect, it } from 'vitest';
import { IndexedStore } from '../../../src/runtime/cache/store.js';

interface Obj {
  metadata: { namespace?: string; name: string; ownerReferences?: { name: string; controller?: boolean }[] };
}

const owned = (ns: string, name: string, owner?: string): Obj => ({
  metadata: { namespace: ns, name, ownerReferences: owner ? [{ name: owner, controller: true }] : undefined },
});
const ownerIndex = (o: Obj) => o.metadata.ownerReferences?.filter((r) => r.controller).map((r) => r.name);

describe('IndexedStore', () => {
  it('keeps the namespace and field indexes in step with upserts and removals', () => {
    const store = new IndexedStore<Obj>();
    store.addIndex('.metadata.controller', ownerIndex);
    store.upsert(owned('a', 'j1', 'cj1'));
    store.upsert(owned('a', 'j2', 'cj1'));
    store.upsert(owned('b', 'j3', 'cj2'));
    expect([...store.byIndex('.metadata.controller', 'cj1')].sort()).toEqual(['a/j1', 'a/j2']);
    expect([...store.keysInNamespace('b')]).toEqual(['b/j3']);

    store.upsert(owned('a', 'j2', 'cj2')); // ownership moves
    expect([...store.byIndex('.metadata.controller', 'cj1')]).toEqual(['a/j1']);
    expect([...store.byIndex('.metadata.controller', 'cj2')].sort()).toEqual(['a/j2', 'b/j3']);

    store.remove('a/j1');
    expect([...store.byIndex('.metadata.controller', 'cj1')]).toEqual([]);
    expect([...store.keysInNamespace('a')]).toEqual(['a/j2']);
    expect(store.size).toBe(2);
  });

  it('indexes objects stored before the index was added, and refuses a second index of one name', () => {
    const store = new IndexedStore<Obj>();
    store.upsert(owned('a', 'j1', 'cj1'));
    store.addIndex('owner', ownerIndex);
    expect([...store.byIndex('owner', 'cj1')]).toEqual(['a/j1']);
    expect(() => store.addIndex('owner', ownerIndex)).toThrow(/already registered/);
    expect(() => store.byIndex('nope', 'x')).toThrow(/no field index "nope"/);
  });
});
