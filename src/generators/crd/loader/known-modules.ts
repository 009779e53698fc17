/**
 * The modules whose types the loader knows by name instead of reading their source: kubescaffolder/runtime's
 * API types and @kubernetes/client-node's models (their schemas come from src/generators/crd/schema).
 */

/** Whether a module specifier names kubescaffolder/runtime or the file that declares its API types. */
export function isRuntimeModule(specifier: string, resolvedFile?: string): boolean {
  if (specifier === 'kubescaffolder/runtime' || specifier.startsWith('kubescaffolder/runtime/')) return true;
  const file = (resolvedFile ?? specifier).replace(/\\/g, '/');
  return /(^|\/)src\/runtime\/(api\/types|index)\.(js|ts)$/.test(file);
}

export const CLIENT_NODE_MODULE = '@kubernetes/client-node';
