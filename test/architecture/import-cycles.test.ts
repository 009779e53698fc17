/**
 * No import cycles in src/, between files or between folders: a folder's code may lean on
 * another folder's only if that folder does not lean back, so each folder can be read (and
 * moved) on its own. The file graph is madge's (type-only and dynamic imports count too).
 *
 * The folder units are the folders `src/<area>/<sub>` (deeper folders belong to theirs) and
 * the files directly in `src/<area>/`, each on its own: an area's top files assemble its
 * folders (src/runtime/index.ts, src/cli/main.ts) or are small shared pieces used by them.
 */
import { describe, expect, it } from 'vitest';
import { srcImportGraph, type ImportGraph as Graph } from '../support/src-import-graph.js';

/** The unit a file of src/ (path relative to src/) belongs to. */
function folderUnit(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file;
}

/**
 * The cycles between folder units (strongly connected components of the folder graph), each
 * with one import per edge inside it, so that a failure says which imports close the cycle.
 */
function folderCycles(graph: Graph): { folders: string[]; imports: string[] }[] {
  const edges = new Map<string, Map<string, string>>();
  for (const [from, deps] of Object.entries(graph)) {
    const a = folderUnit(from);
    if (!edges.has(a)) edges.set(a, new Map());
    for (const to of deps) {
      const b = folderUnit(to);
      if (a !== b && !edges.get(a)!.has(b)) edges.get(a)!.set(b, `${from} -> ${to}`);
    }
  }
  // Tarjan's algorithm, iterative over the (small) folder graph.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((folders) => ({
    folders,
    imports: folders.flatMap((a) => folders.map((b) => edges.get(a)?.get(b)).filter((e): e is string => e !== undefined)),
  }));
}

describe('import cycles', () => {
  it('finds a cycle between folders and names the imports that close it', () => {
    const graph: Graph = {
      'runtime/manager/manager.ts': ['runtime/webhook/server.ts'],
      'runtime/webhook/server.ts': ['runtime/webhook/paths.ts'],
      'runtime/webhook/wiring.ts': ['runtime/manager/manager.ts'],
      'runtime/webhook/paths.ts': [],
      'runtime/index.ts': ['runtime/manager/manager.ts', 'runtime/webhook/server.ts'],
      'kube/plural.ts': [],
    };
    expect(folderCycles(graph)).toEqual([
      {
        folders: ['runtime/manager', 'runtime/webhook'],
        imports: ['runtime/manager/manager.ts -> runtime/webhook/server.ts', 'runtime/webhook/wiring.ts -> runtime/manager/manager.ts'],
      },
    ]);
    expect(folderCycles({ ...graph, 'runtime/webhook/wiring.ts': [] })).toEqual([]);
  });

  it('src/ has none, between files or between folders', { timeout: 120_000 }, async () => {
    const { graph, circular } = await srcImportGraph();
    // The graph is real: every file is in it and relative `.js` imports resolve to the `.ts` files.
    expect(Object.keys(graph).length).toBeGreaterThan(250);
    expect(graph['runtime/manager/manager.ts']).toContain('runtime/webhook/server.ts');
    expect(circular).toEqual([]);
    expect(folderCycles(graph)).toEqual([]);
  });
});
