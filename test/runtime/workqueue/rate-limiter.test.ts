import { describe, expect, it } from 'vitest';
import {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ExponentialFailureRateLimiter,
  FakeClock,
} from '../../../src/runtime/workqueue/index.js';

describe('ExponentialFailureRateLimiter', () => {
  it('doubles from the base delay per key and caps at the maximum', () => {
    const rl = new ExponentialFailureRateLimiter(5, 1_000_000);
    const delays = Array.from({ length: 20 }, () => rl.when('a'));
    expect(delays.slice(0, 5)).toEqual([5, 10, 20, 40, 80]);
    expect(delays[17]).toBe(5 * 2 ** 17); // 655.36 s, still under the cap
    expect(delays[18]).toBe(1_000_000);
    expect(rl.when('b')).toBe(5); // other keys are independent
    expect(rl.numRequeues('a')).toBe(20);
    rl.forget('a');
    expect(rl.numRequeues('a')).toBe(0);
    expect(rl.when('a')).toBe(5);
  });

  it('does not overflow after very many failures', () => {
    const rl = new ExponentialFailureRateLimiter(5, 1_000_000);
    let last = 0;
    for (let i = 0; i < 2000; i++) last = rl.when('k');
    expect(last).toBe(1_000_000);
  });
});

describe('BucketRateLimiter', () => {
  it('lets a burst through, then spaces keys at the rate, and refills with time', () => {
    const clock = new FakeClock();
    const rl = new BucketRateLimiter(10, 100, clock);
    for (let i = 0; i < 100; i++) expect(rl.when(`k${i}`)).toBe(0);
    expect(rl.when('x')).toBeCloseTo(100);
    expect(rl.when('y')).toBeCloseTo(200);
    clock.advance(10_000); // 100 tokens' worth, but the bucket holds at most `burst`
    for (let i = 0; i < 98; i++) expect(rl.when(`r${i}`)).toBe(0);
    expect(rl.when('z')).toBeCloseTo(100);
  });
});

describe('defaultControllerRateLimiter', () => {
  it('takes the larger of the per-key backoff and the shared bucket', () => {
    const clock = new FakeClock();
    const rl = defaultControllerRateLimiter(clock);
    expect(rl.when('a')).toBe(5);
    expect(rl.when('a')).toBe(10);
    for (let i = 0; i < 98; i++) rl.when(`k${i}`); // drains the bucket (100 tokens used in all)
    expect(rl.when('fresh')).toBeCloseTo(100); // first failure of this key, but the bucket is empty
    rl.forget('a');
    expect(rl.numRequeues('a')).toBe(0);
  });
});
