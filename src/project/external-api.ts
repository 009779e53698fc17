// `create api --external-api-path/--external-api-domain`: a controller for a kind another project
// defines (cert-manager's Certificate, ...). PROJECT records it as kubebuilder v4 does (`external:
// true`, `path`, `domain`). In TypeScript, `path` is the module the generated controller imports the
// kind's object type `<Kind>` from: an npm module specifier (`@example/cert-manager-types/v1`), or a
// module of the project, written `./<path>` from the project root: a .ts file, or a folder with an
// index.ts. The controller declares the kind's descriptor (group, version, plural, scope) itself.
import { posix } from 'node:path';
import { UsageError } from './usage-error.js';
import { relativeImport } from './names.js';

// An npm package name (optionally scoped) and an optional subpath.
const npmSpecifier = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*(\/[A-Za-z0-9-._~@/]+)?$/;

/** Whether `path` names a module of the project (`./...`) rather than an npm module. */
function isProjectPath(path: string): boolean {
  return path.startsWith('./');
}

/**
 * Checks the form of the path (the flag, or PROJECT's `path` of an external kind); returns the
 * module's path relative to the project root for a module of the project, undefined for an npm module.
 */
export function validateExternalApiPath(path: string): string | undefined {
  if (!isProjectPath(path)) {
    if (!npmSpecifier.test(path)) {
      throw new UsageError(`invalid --external-api-path "${path}": must be an npm module specifier (e.g. @example/cert-manager-types/v1) or a module of the project starting with ./ (e.g. ./external/certmanager/v1)`);
    }
    return undefined;
  }
  const rel = posix.normalize(path.slice(2)).replace(/\/$/, '');
  if (rel === '.' || rel.startsWith('..') || posix.isAbsolute(rel)) throw new UsageError(`invalid --external-api-path "${path}": a module of the project must lie inside it`);
  return rel;
}

/**
 * Checks the flag; for a module of the project, returns its file relative to the project root,
 * found with `exists` (the plan's view of the project).
 */
export function resolveExternalApiPath(path: string, exists: (file: string) => boolean): string | undefined {
  const rel = validateExternalApiPath(path);
  if (rel === undefined) return undefined;
  const candidates = rel.endsWith('.ts') ? [rel] : [`${rel}.ts`, `${rel}/index.ts`];
  const file = candidates.find(exists);
  if (file === undefined) {
    throw new UsageError(`--external-api-path ${path}: no ${candidates.join(' or ')} in the project; it must export the ${'kind\'s'} object type`);
  }
  return file;
}

/** The import specifier of the external kind's module from `fromFile` (a project file). */
export function externalTypeImport(path: string, fromFile: string, exists: (file: string) => boolean): string {
  const file = resolveExternalApiPath(path, exists);
  return file === undefined ? path : relativeImport(fromFile, file);
}
