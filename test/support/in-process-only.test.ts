import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, IN_PROCESS_ONLY } from './in-process-only.js';
import { repoRoot } from './shared-paths.js';

describe('the list of in-process-only tests', () => {
  it('names files and tests that exist, so that no entry outlives its test', () => {
    const stale = IN_PROCESS_ONLY.filter((entry) => {
      const file = path.join(repoRoot, entry.file);
      if (!existsSync(file)) return true;
      return entry.test !== undefined && !readFileSync(file, 'utf8').includes(`it('${entry.test.replace(/'/g, "\\'")}'`);
    });
    expect(stale).toEqual([]);
  });

  it('keeps wholly in-process files off describeBackends, and test entries on it', () => {
    // The examples' suites are their own projects: examples.slow.test.ts runs them a second time on kube-apiserver.
    for (const entry of IN_PROCESS_ONLY.filter((e) => !e.file.startsWith(EXAMPLES_DIR))) {
      const usesBackends = readFileSync(path.join(repoRoot, entry.file), 'utf8').includes('describeBackends(');
      expect({ file: entry.file, usesBackends }).toEqual({ file: entry.file, usesBackends: entry.test !== undefined });
    }
  });
});
