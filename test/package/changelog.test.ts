// A version that moves says what moved: package.json's version is CHANGELOG.md's newest entry.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..', '..');

describe('CHANGELOG.md', () => {
  it("has package.json's version as its newest entry, the versions newest first", () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const entries = [...readFileSync(join(repoRoot, 'CHANGELOG.md'), 'utf8').matchAll(/^## (\S+)$/gm)].map((m) => m[1]);
    expect(entries[0]).toBe(version);
    const numeric = (v: string) => v.split(/[.-]/).slice(0, 3).map(Number);
    const sorted = [...entries].sort((a, b) => {
      const [x, y] = [numeric(a), numeric(b)];
      return y[0] - x[0] || y[1] - x[1] || y[2] - x[2];
    });
    expect(entries).toEqual(sorted);
    expect(new Set(entries).size).toBe(entries.length);
  });
});
