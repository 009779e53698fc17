import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../src/testing/index.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Runs `eventually` under fake timers to its end, recording the (fake) time of every try. */
async function onFakeClock<T>(run: (tried: () => void) => Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; triedAt: number[] }> {
  vi.useFakeTimers({ now: 0 });
  const triedAt: number[] = [];
  const settled = run(() => triedAt.push(Date.now())).then(
    (value) => ({ status: 'fulfilled', value }) as const,
    (reason: unknown) => ({ status: 'rejected', reason }) as const,
  );
  await vi.runAllTimersAsync();
  return { outcome: await settled, triedAt };
}

describe('eventually', () => {
  it('returns what the function returned once it stops throwing', async () => {
    let calls = 0;
    const value = await eventually(() => {
      calls++;
      if (calls < 3) throw new Error(`not yet (${calls})`);
      return { calls };
    });
    expect(value).toEqual({ calls: 3 });
  });

  it('retries a predicate while it returns false', async () => {
    let calls = 0;
    await expect(eventually(() => ++calls === 4)).resolves.toBe(true);
    expect(calls).toBe(4);
  });

  it('passes an assertion function once its assertions hold', async () => {
    let n = 0;
    await expect(
      eventually(() => {
        expect(++n).toBeGreaterThan(2);
      }),
    ).resolves.toBeUndefined();
    expect(n).toBe(3);
  });

  it('awaits async functions and retries on rejection', async () => {
    let calls = 0;
    const got = await eventually(async () => {
      await new Promise((r) => setTimeout(r, 1));
      if (++calls < 3) throw new Error('NotFound');
      return 'there';
    });
    expect(got).toBe('there');
    expect(calls).toBe(3);
  });

  it('throws the last error on timeout, with the time and tries spent and what was awaited', async () => {
    let calls = 0;
    const { outcome, triedAt } = await onFakeClock((tried) =>
      eventually(
        () => {
          tried();
          throw new Error(`attempt ${++calls}`);
        },
        { timeout: 100, interval: 30, description: 'the Job' },
      ),
    );
    expect(outcome.status).toBe('rejected');
    const error = (outcome as PromiseRejectedResult).reason as Error;
    expect(error.message).toBe('eventually: timed out after 100 ms (5 tries) waiting for the Job; last failure: attempt 5');
    expect(error.stack).toContain('last failure: attempt 5');
    // tries every interval, and once more at the deadline
    expect(triedAt).toEqual([0, 30, 60, 90, 100]);
  });

  it('keeps the assertion error it throws, so the runner still shows its expected and actual values', async () => {
    let thrown: unknown;
    const { outcome } = await onFakeClock(() =>
      eventually(
        () => {
          try {
            expect({ ready: 1 }).toEqual({ ready: 2 });
          } catch (err) {
            thrown = err;
            throw err;
          }
        },
        { timeout: 50 },
      ),
    );
    const error = (outcome as PromiseRejectedResult).reason as Error & { expected?: unknown; actual?: unknown };
    expect(error).toBe(thrown);
    expect(error.message).toMatch(/^eventually: timed out after 50 ms \(\d+ tries\); last failure: expected \{ ready: 1 \} to deeply equal \{ ready: 2 \}/);
    expect(error.expected).toBeDefined();
  });

  it('says that a predicate returned false, and wraps a thrown non-Error', async () => {
    const falsy = await onFakeClock(() => eventually(() => false, { timeout: 40, interval: 40 }));
    expect(((falsy.outcome as PromiseRejectedResult).reason as Error).message).toBe('eventually: timed out after 40 ms (2 tries); last failure: returned false');
    const thrownString = await onFakeClock(() =>
      eventually(
        () => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- what eventually does with a thrown non-Error is the point
          throw 'plain string';
        },
        { timeout: 0 },
      ),
    );
    const error = (thrownString.outcome as PromiseRejectedResult).reason as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('eventually: timed out after 0 ms (1 try); last failure: plain string');
    expect(error.cause).toBe('plain string');
  });

  it('takes the description alone as its second argument', async () => {
    const { outcome } = await onFakeClock(() => eventually(() => false, 'the CronJob to be scheduled'));
    expect(((outcome as PromiseRejectedResult).reason as Error).message).toMatch(/^eventually: timed out after 10000 ms \(\d+ tries\) waiting for the CronJob to be scheduled; /);
  });
});
