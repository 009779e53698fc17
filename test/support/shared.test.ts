import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conformanceDir, hasShared, REQUIRE_SHARED_ENV, repoRoot } from './shared.js';

describe('hasShared', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env[REQUIRE_SHARED_ENV];
    delete process.env[REQUIRE_SHARED_ENV];
  });
  afterEach(() => {
    if (saved === undefined) delete process.env[REQUIRE_SHARED_ENV];
    else process.env[REQUIRE_SHARED_ENV] = saved;
    vi.restoreAllMocks();
  });

  it('is true when every path exists, and prints nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(hasShared(repoRoot, path.join(repoRoot, 'package.json'))).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('is false when a path is missing, and says so in one line, once', async () => {
    // A copy of the module of its own: "once" is per module, and another file in this worker (they
    // share their modules) may have said it already.
    vi.resetModules();
    const { hasShared } = await import('./shared.js');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = path.join(conformanceDir, 'no-such-folder', 'a.yaml');
    expect(hasShared(repoRoot, missing)).toBe(false);
    expect(hasShared(missing)).toBe(false);
    expect(hasShared(path.join(conformanceDir, 'no-such-folder', 'b.yaml'))).toBe(false);
    // The highest missing folder under ../shared is named, so files in it share the line.
    const named = existsSync(conformanceDir) ? path.join(conformanceDir, 'no-such-folder') : conformanceDir;
    expect(warn.mock.calls).toEqual([[`skipped: needs ${path.relative(repoRoot, named)} (not in this checkout; CI has it)`]]);
  });

  it(`throws instead when ${REQUIRE_SHARED_ENV} is set (CI)`, () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    process.env[REQUIRE_SHARED_ENV] = '1';
    expect(() => hasShared(path.join(conformanceDir, 'required-but-missing.yaml'))).toThrow(
      new RegExp(`^${REQUIRE_SHARED_ENV} is set but \\.\\./shared/conformance\\S* is missing$`),
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it(`skips as usual when ${REQUIRE_SHARED_ENV} is 0`, () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    process.env[REQUIRE_SHARED_ENV] = '0';
    expect(hasShared(path.join(conformanceDir, 'not-required.yaml'))).toBe(false);
  });
});
