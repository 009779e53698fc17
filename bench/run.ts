/**
 * The benchmark runner (`npm run bench [name...]`): imports every bench/*.bench.ts, runs its default export
 * (async () => Record<string, number | string>) and prints one table of figures per file.
 * Run with --expose-gc so that each benchmark starts from a collected heap.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Bench = () => Promise<Record<string, number | string>>;

const benchDir = import.meta.dirname;
const filters = process.argv.slice(2);

function format(value: number | string): string {
  if (typeof value === 'string') return value;
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
}

function table(title: string, figures: Record<string, number | string>): string {
  const rows = Object.entries(figures).map(([k, v]) => [k, format(v)] as const);
  const keyWidth = Math.max(6, ...rows.map(([k]) => k.length));
  const valueWidth = Math.max(5, ...rows.map(([, v]) => v.length));
  const rule = `${'-'.repeat(keyWidth + 2)}+${'-'.repeat(valueWidth + 2)}`;
  return [title, rule, ...rows.map(([k, v]) => ` ${k.padEnd(keyWidth)} | ${v.padStart(valueWidth)}`), rule, ''].join('\n');
}

const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

let failed = 0;
for (const file of files) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  try {
    const mod = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default?: Bench };
    if (typeof mod.default !== 'function') throw new Error('no default export function');
    const started = performance.now();
    const figures = await mod.default();
    process.stdout.write(table(`${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`, figures) + '\n');
  } catch (e) {
    failed++;
    process.stdout.write(`${file}: FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n\n`);
  }
}
if (files.length === 0) process.stdout.write(`no benchmarks match ${filters.join(' ')}\n`);
process.exitCode = failed > 0 ? 1 : 0;
