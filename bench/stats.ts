import { loadavg } from 'node:os';

/** The middle value (the upper one of an even count): the benchmarks' steady figure on a shared machine. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function digits(value: number): string {
  return value.toFixed(Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
}

/**
 * `median (min-max)` of values measured in several rounds: a figure whose spread crosses a
 * target (or 1.0, for a ratio) is one that machine load can flip, and shows as such.
 */
export function spread(values: number[]): string {
  return `${digits(median(values))} (${digits(Math.min(...values))}-${digits(Math.max(...values))})`;
}

/** The 1, 5 and 15 minute load averages, to print beside figures taken on a shared machine. */
export function loadAverages(): string {
  return loadavg().map((l) => l.toFixed(2)).join(' ');
}
