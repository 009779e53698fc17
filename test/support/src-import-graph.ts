/**
 * The import graph of src/ (madge's: type-only and dynamic imports count too), paths relative to
 * src/. Computed once per test process: the architecture tests share it.
 */
import path from 'node:path';
import madge from 'madge';
import { repoRoot } from './shared-paths.js';

export type ImportGraph = Record<string, string[]>;

let graph: Promise<{ graph: ImportGraph; circular: string[][] }> | undefined;

export function srcImportGraph(): Promise<{ graph: ImportGraph; circular: string[][] }> {
  graph ??= madge(path.join(repoRoot, 'src'), {
    fileExtensions: ['ts'],
    tsConfig: path.join(repoRoot, 'tsconfig.json'),
  }).then((result) => ({ graph: result.obj(), circular: result.circular() }));
  return graph;
}
