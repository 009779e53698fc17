import { describe, expect, it } from 'vitest';
import { ExponentialFailureRateLimiter, FakeClock, WorkQueue } from '../../../src/runtime/workqueue/index.js';

/** Resolves whether the promise settles before the microtask queue runs dry. */
async function settled<T>(p: Promise<T>): Promise<{ done: boolean; value?: T }> {
  let state: { done: boolean; value?: T } = { done: false };
  void p.then((value) => { state = { done: true, value }; });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return state;
}

describe('WorkQueue', () => {
  it('deduplicates a key that is added while it waits', async () => {
    const q = new WorkQueue({ clock: new FakeClock() });
    q.add('a');
    q.add('b');
    q.add('a');
    expect(q.len()).toBe(2);
    expect(await q.get()).toBe('a');
    expect(await q.get()).toBe('b');
  });

  it('never hands one key to two workers; a re-add during processing comes back after done', async () => {
    const q = new WorkQueue({ clock: new FakeClock() });
    q.add('a');
    const first = await q.get();
    expect(first).toBe('a');
    q.add('a'); // an event arrives while 'a' is being reconciled
    q.add('a');
    const second = q.get();
    expect((await settled(second)).done).toBe(false);
    q.done('a');
    expect(await second).toBe('a');
    q.done('a');
    expect(q.len()).toBe(0);
    expect(q.processingLen()).toBe(0);
  });

  it('tryGet takes a ready key at once with the guarantees of get, and answers undefined when none is ready', async () => {
    const clock = new FakeClock();
    const q = new WorkQueue({ clock });
    expect(q.tryGet()).toBeUndefined();
    q.add('a', -100);
    q.add('b');
    q.addAfter('c', 100);
    expect(q.tryGet()).toBe('b');
    expect(q.priorityOf('b')).toBe(0);
    q.add('b'); // re-added while processing: not handed out again until done
    expect(q.tryGet()).toBe('a');
    expect(q.tryGet()).toBeUndefined();
    expect(q.processingLen()).toBe(2);
    q.done('b');
    expect(q.tryGet()).toBe('b');
    clock.advance(100);
    expect(q.tryGet()).toBe('c');
    q.shutdown();
    q.done('a');
    expect(q.tryGet()).toBeUndefined();
  });

  it('forgets a finished key completely: added again, it is a new arrival with no trace of its past', async () => {
    const clock = new FakeClock();
    const events: string[] = [];
    const q = new WorkQueue({ clock, metrics: { add: (k, p) => events.push(`add ${k} ${p}`), get: (k) => events.push(`get ${k}`), done: (k) => events.push(`done ${k}`), retry: () => undefined } });
    for (let round = 0; round < 3; round++) {
      q.add('k', round === 1 ? -100 : 0);
      expect(await q.get()).toBe('k');
      expect(q.priorityOf('k')).toBe(round === 1 ? -100 : 0);
      q.done('k');
      expect(q.priorityOf('k')).toBeUndefined();
      expect([q.len(), q.processingLen(), q.delayedLen()]).toEqual([0, 0, 0]);
    }
    q.addAfter('k', 10, 5);
    q.done('k'); // not processing: ignored
    clock.advance(10);
    expect(await q.get()).toBe('k');
    expect(q.priorityOf('k')).toBe(5);
    expect(events).toEqual(['add k 0', 'get k', 'done k', 'add k -100', 'get k', 'done k', 'add k 0', 'get k', 'done k', 'add k 5', 'get k']);
  });

  it('delays addAfter until the clock reaches it, keeping the earliest of two delays', async () => {
    const clock = new FakeClock();
    const q = new WorkQueue({ clock });
    q.addAfter('a', 1000);
    q.addAfter('a', 300);
    q.addAfter('a', 5000);
    q.addAfter('b', 500);
    expect(q.len()).toBe(0);
    expect(q.delayedLen()).toBe(2);
    clock.advance(299);
    expect(q.len()).toBe(0);
    clock.advance(1);
    expect(q.len()).toBe(1);
    expect(await q.get()).toBe('a');
    clock.advance(200);
    expect(await q.get()).toBe('b');
    clock.advance(10_000);
    expect(q.len()).toBe(0); // the later delays of 'a' were superseded
    expect(clock.pendingTimers()).toBe(0);
  });

  it('backs off a failing key exponentially and forgets after a success', async () => {
    const clock = new FakeClock();
    const q = new WorkQueue({ clock, rateLimiter: new ExponentialFailureRateLimiter(5, 1_000_000) });
    const readyAfter: number[] = [];
    q.add('k');
    for (let attempt = 0; attempt < 4; attempt++) {
      const key = (await q.get())!;
      const start = clock.now();
      q.addRateLimited(key);
      q.done(key);
      while (q.len() === 0) clock.advance(1);
      readyAfter.push(clock.now() - start);
    }
    expect(readyAfter).toEqual([5, 10, 20, 40]);
    expect(q.numRequeues('k')).toBe(4);
    q.forget('k');
    expect(q.numRequeues('k')).toBe(0);
  });

  it('after shutdown hands out nothing, ignores adds, and drain waits for running work', async () => {
    const clock = new FakeClock();
    const q = new WorkQueue({ clock });
    q.add('a');
    q.add('b');
    const running = (await q.get())!;
    expect(await q.get()).toBe('b');
    const blocked = q.get();
    q.addAfter('c', 100);
    q.shutdown();
    expect(await blocked).toBeUndefined();
    q.add('d');
    clock.advance(1000);
    expect(await q.get()).toBeUndefined();
    const drained = q.drain();
    expect((await settled(drained)).done).toBe(false);
    q.done(running);
    expect((await settled(drained)).done).toBe(false);
    q.done('b');
    expect((await settled(drained)).done).toBe(true);
  });

  it('hands out higher priorities first, first in first out within one priority', async () => {
    const q = new WorkQueue({ clock: new FakeClock() });
    q.add('old-1', -100); // as objects of the informer's initial list
    q.add('old-2', -100);
    q.add('new-1');
    q.add('urgent', 10);
    q.add('new-2', 0);
    expect(q.len()).toBe(5);
    const order: string[] = [];
    for (let i = 0; i < 5; i++) order.push((await q.get())!);
    expect(order).toEqual(['urgent', 'new-1', 'new-2', 'old-1', 'old-2']);
  });

  it('raises a waiting key to the highest priority asked (behind the keys already there), never lowers it', async () => {
    const q = new WorkQueue({ clock: new FakeClock() });
    q.add('x', -100);
    q.add('a');
    q.add('b', -100);
    q.add('x'); // an event for x arrives: x moves up, after 'a'
    q.add('a', -100); // a lower priority leaves 'a' where it is
    expect(q.len()).toBe(3);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) order.push((await q.get())!);
    expect(order).toEqual(['a', 'x', 'b']);
  });

  it('tells the priority of a key being processed, and keeps the priority of a re-add during processing and of delays', async () => {
    const clock = new FakeClock();
    const q = new WorkQueue({ clock });
    q.add('k', -100);
    expect(await q.get()).toBe('k');
    expect(q.priorityOf('k')).toBe(-100);
    q.add('k', -100); // comes back after done, at its priority
    q.add('other');
    q.done('k');
    expect(await q.get()).toBe('other');
    expect(await q.get()).toBe('k');
    q.done('other');
    q.addAfter('k', 50, -100);
    q.addAfter('d', 50);
    q.done('k');
    clock.advance(50);
    expect(await q.get()).toBe('d');
    expect(await q.get()).toBe('k');
    expect(q.priorityOf('k')).toBe(-100);
  });

  it('merges a delayed add and an immediate one into one hand-out, as the priority queue does', async () => {
    const clock = new FakeClock();
    const q = new WorkQueue({ clock });
    q.addAfter('k', 1000, -100);
    q.add('k'); // an event before the delay ends: the key is ready now, once, at the higher priority
    expect(q.delayedLen()).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
    expect(await q.get()).toBe('k');
    expect(q.priorityOf('k')).toBe(0);
    q.done('k');
    clock.advance(5000);
    expect(q.len()).toBe(0);

    q.add('r');
    q.addAfter('r', 1000); // already ready: stays ready, no later hand-out
    q.addRateLimited('r');
    expect(q.delayedLen()).toBe(0);
    expect(await q.get()).toBe('r');
    q.done('r');
    clock.advance(5000);
    expect(q.len()).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('reports adds, gets, dones and retries to its metrics sink', async () => {
    const events: string[] = [];
    const q = new WorkQueue({
      clock: new FakeClock(),
      metrics: {
        add: (k, p) => events.push(`add ${k} ${p}`),
        get: (k, p) => events.push(`get ${k} ${p}`),
        done: (k) => events.push(`done ${k}`),
        retry: () => events.push('retry'),
        reprioritize: (from, to) => events.push(`reprioritize ${from} ${to}`),
      },
    });
    q.add('a', -100);
    q.add('a', -100);
    q.add('a');
    const k = (await q.get())!;
    q.addRateLimited(k);
    q.done(k);
    expect(events).toEqual(['add a -100', 'reprioritize -100 0', 'get a 0', 'retry', 'done a']);
  });
});
