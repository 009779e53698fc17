/**
 * The modules whose types the loader knows by name instead of reading their source: scaffolder/runtime's
 * API types and @kubernetes/client-node's models (their schemas come from src/generators/crd/schema).
 */

/** Whether a module specifier names scaffolder/runtime or the file that declares its API types. */
export function isRuntimeModule(specifier: string, resolvedFile?: string): boolean {
  if (specifier === 'scaffolder/runtime' || specifier.startsWith('scaffolder/runtime/')) return true;
  const file = (resolvedFile ?? specifier).replace(/\\/g, '/');
  return /(^|\/)src\/runtime\/(api\/types|index)\.(js|ts)$/.test(file);
}

export const CLIENT_NODE_MODULE = '@kubernetes/client-node';
