/**
 * The areas of src/ (its top folders, and its top files as one `index.ts` unit) import only the
 * areas docs/architecture.md allows them, in its "Layers" section: that list is the one
 * definition, and this test holds the code to it, so an area can be read knowing only what is
 * below it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-paths.js';
import { srcImportGraph, type ImportGraph } from '../support/src-import-graph.js';

/** The area a file of src/ (path relative to src/) belongs to. */
function areaOf(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : 'index.ts';
}

/** The `- <area> -> <area>, <area>` lines of the Layers section (`-> nothing` for none). */
function documentedLayers(markdown: string): Map<string, Set<string>> {
  const section = /^## Layers\n([\s\S]*?)(?=^## )/m.exec(markdown);
  if (!section) throw new Error('docs/architecture.md has no "## Layers" section');
  const layers = new Map<string, Set<string>>();
  for (const match of section[1].matchAll(/^- `([\w.]+)` -> (.+)$/gm)) {
    const targets = match[2].trim() === 'nothing' ? [] : [...match[2].matchAll(/`([\w.]+)`/g)].map((m) => m[1]);
    layers.set(match[1], new Set(targets));
  }
  return layers;
}

/** Each import that crosses into an area its area may not use, one example per pair of areas. */
function forbiddenImports(graph: ImportGraph, allowed: Map<string, Set<string>>): string[] {
  const found = new Map<string, string>();
  for (const [from, deps] of Object.entries(graph)) {
    const a = areaOf(from);
    for (const to of deps) {
      const b = areaOf(to);
      if (a === b || allowed.get(a)?.has(b)) continue;
      const key = `${a} -> ${b}`;
      if (!found.has(key)) found.set(key, `${key} (${from} imports ${to})`);
    }
  }
  return [...found.values()].sort();
}

describe('area layers', () => {
  it('reports an import the layers do not allow, with the file that makes it', () => {
    const allowed = documentedLayers('## Layers\n- `kube` -> nothing\n- `runtime` -> `kube`\n## Next\n');
    expect(allowed).toEqual(new Map([['kube', new Set()], ['runtime', new Set(['kube'])]]));
    const graph: ImportGraph = {
      'runtime/client/client.ts': ['kube/status.ts', 'runtime/client/errors.ts'],
      'kube/status.ts': ['runtime/client/errors.ts'],
    };
    expect(forbiddenImports(graph, allowed)).toEqual(['kube -> runtime (kube/status.ts imports runtime/client/errors.ts)']);
  });

  it("src/ keeps to docs/architecture.md's layers, and every area is listed there", { timeout: 120_000 }, async () => {
    const allowed = documentedLayers(readFileSync(path.join(repoRoot, 'docs', 'architecture.md'), 'utf8'));
    const { graph } = await srcImportGraph();
    const areas = [...new Set(Object.keys(graph).map(areaOf))].sort();
    expect(areas.filter((area) => !allowed.has(area))).toEqual([]);
    expect([...allowed.keys()].filter((area) => !areas.includes(area))).toEqual([]);
    expect(forbiddenImports(graph, allowed)).toEqual([]);
  });
});
