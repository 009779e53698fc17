/** A seeded pseudo-random source (mulberry32): the same seed gives the same API model on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = (seed * 0x9e3779b1) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Up to `n` distinct items, in their original order. */
  some<T>(items: readonly T[], n: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]);
  }
}
