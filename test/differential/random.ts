import { Random as SeededRandom } from '../../src/testing/fuzz-conversion/random.js';

/**
 * The differential's seeded source: the fuzzer's mulberry32 with the seed spread first, so that
 * neighbouring seeds start far apart; the same seed gives the same API model on every machine.
 */
export class Random extends SeededRandom {
  constructor(seed: number) {
    super((seed * 0x9e3779b1) >>> 0);
  }

  /** Up to `n` distinct items, in their original order. */
  some<T>(items: readonly T[], n: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
  }
}
