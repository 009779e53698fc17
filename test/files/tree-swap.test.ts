// The in-place swap of a tree (alpha generate --force moves through it): when moving the old entries
// aside fails partway (one rename refused, the process alive), they all go back and the staged tree
// goes, so the tree is as it was; a swap that succeeds leaves the new tree and the kept paths.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TreeSwap, TreeSwapError } from '../../src/files/tree-swap.js';

const refused = vi.hoisted(() => ({ source: '' }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    renameSync: (from: string, to: string) => {
      if (from === refused.source) throw new Error(`EACCES: permission denied, rename '${from}'`);
      fs.renameSync(from, to);
    },
  };
});

const names = { record: '.swap.json', backup: '.swap-old', stagingPrefix: '.swap-', owner: 'the test', rerun: 'the test again' };

/** Every file under `dir` (relative path -> text), folders followed. */
function files(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}${e.name}`;
    if (e.isDirectory()) Object.assign(out, files(join(dir, e.name), `${rel}/`));
    else out[rel] = readFileSync(join(dir, e.name), 'utf8');
  }
  return out;
}

function write(dir: string, tree: Record<string, string>): void {
  for (const [rel, text] of Object.entries(tree)) {
    mkdirSync(join(dir, ...rel.split('/').slice(0, -1)), { recursive: true });
    writeFileSync(join(dir, ...rel.split('/')), text);
  }
}

let root: string;
let dir: string;
const oldTree = { '.git/HEAD': 'ref\n', 'a.txt': 'old a\n', 'b/c.txt': 'old c\n', 'd.txt': 'old d\n', 'node_modules/x.js': 'kept\n' };
const newTree = { 'a.txt': 'new a\n', 'b/c.txt': 'new c\n', 'e.txt': 'new e\n' };

beforeEach(() => {
  refused.source = '';
  root = mkdtempSync(join(tmpdir(), 'tree-swap-'));
  dir = join(root, 'project');
  write(dir, oldTree);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A swap of `dir` with the new tree staged. */
function staged(): { swap: TreeSwap; stagingRoot: string } {
  const swap = new TreeSwap(dir, names);
  const stagingRoot = swap.makeStagingRoot();
  write(join(stagingRoot, 'project'), newTree);
  return { swap, stagingRoot };
}

describe('TreeSwap', () => {
  it('puts every old entry back and removes the staged tree when moving the old tree aside fails partway', () => {
    const { swap, stagingRoot } = staged();
    refused.source = `${dir}${sep}d.txt`;
    let error: unknown;
    try {
      swap.swapIn(stagingRoot, ['node_modules']);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(TreeSwapError);
    expect((error as Error).message).toMatch(/^moving the old tree aside failed \(EACCES: .*\); the project is as it was$/);
    expect(files(dir)).toEqual(oldTree);
    expect(swap.hasInterrupted()).toBe(false);
  });

  it('swaps the new tree in, keeps the given paths, and leaves nothing of its own', () => {
    const { swap, stagingRoot } = staged();
    expect(swap.swapIn(stagingRoot, ['node_modules'])).toEqual([]);
    swap.releaseStagingRoot(stagingRoot);
    expect(files(dir)).toEqual({ ...newTree, '.git/HEAD': 'ref\n', 'node_modules/x.js': 'kept\n' });
  });
});
