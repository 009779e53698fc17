/**
 * Loads the sources the generators read, once for all of them (controller-tools' loader.LoadRoots):
 * the source paths (default api and src, those that exist), parsed into one ts-morph project, with the
 * files a scaffolding command would write read in place of those on disk.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Project } from 'ts-morph';
import { checkModifierRuns, modifierRunError, parserOverflowError, tooDeepToParse } from '../../markers/index.js';

/** Creates the ts-morph project the generators read (parse only: no type checking, no dependency resolution). */
export function createApiProject(paths: readonly string[], cwd = process.cwd()): Project {
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: false, noLib: true },
  });
  for (const p of paths) {
    const abs = path.resolve(cwd, p.replace(/\/\.\.\.$/, ''));
    checkModifierRuns(abs);
    try {
      if (abs.endsWith('.ts')) project.addSourceFileAtPath(abs);
      else project.addSourceFilesAtPaths([`${abs}/**/*.ts`, `!${abs}/**/*.test.ts`, `!${abs}/**/*.d.ts`]);
    } catch (err) {
      throw parserOverflowError(err, abs); // a stack overflow in TypeScript's parser names the file
    }
  }
  return project;
}

export interface LoadOptions {
  /** Absolute. */
  readonly projectDir: string;
  /** Source folders or files, relative to projectDir (default: api and src, those that exist). */
  readonly paths?: readonly string[];
  /** Files a scaffolding command would write (path relative to projectDir -> content), read in place of those on disk. */
  readonly planned?: ReadonlyMap<string, string>;
}

export interface LoadedSources {
  readonly project: Project;
  /** The source paths, absolute: what watch mode watches. */
  readonly sourcePaths: readonly string[];
}

export function loadSources(options: LoadOptions): LoadedSources {
  const dir = options.projectDir;
  const planned = [...(options.planned ?? [])].map(([rel, content]): [string, string] => [path.resolve(dir, rel), content]);
  const exists = (p: string) => existsSync(p) || planned.some(([f]) => f === p || f.startsWith(`${p}${path.sep}`));
  const requested = options.paths?.length ? options.paths : ['api', 'src'].filter((p) => exists(path.join(dir, p)));
  for (const p of requested) {
    if (!exists(path.resolve(dir, p))) throw new Error(`source path ${p} does not exist in ${dir}`);
  }
  const sourcePaths = requested.map((p) => path.resolve(dir, p));
  const project = createApiProject(requested.filter((p) => existsSync(path.resolve(dir, p))), dir);
  // Planned sources under the source paths, as createApiProject would have read them from disk.
  for (const [file, content] of planned) {
    const source = file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts');
    if (source && sourcePaths.some((p) => file === p || file.startsWith(`${p}${path.sep}`))) {
      const tooMany = modifierRunError(file, content);
      if (tooMany) throw tooMany;
      try {
        project.createSourceFile(file, content, { overwrite: true });
      } catch (err) {
        throw err instanceof RangeError ? tooDeepToParse(file, content) : err;
      }
    }
  }
  return { project, sourcePaths };
}
