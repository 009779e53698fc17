// Adding names to an existing `import { ... } from 'module';` line of a TypeScript file, so that a
// merge adds to the import a file already has instead of importing the module twice.

/**
 * Adds the missing `names` (e.g. `type Warnings`) to the first single-line named import of
 * `module`. Returns undefined when the file has no such import line.
 */
export function addNamedImports(content: string, module: string, names: string[]): string | undefined {
  const escaped = module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const line = new RegExp(`^import \\{([^}\\n]*)\\} from '${escaped}';$`, 'm');
  const match = line.exec(content);
  if (!match) return undefined;
  const present = match[1].split(',').map((n) => n.trim()).filter(Boolean);
  const bare = (n: string) => n.replace(/^type\s+/, '');
  const missing = names.filter((n) => !present.some((p) => bare(p) === bare(n)));
  if (missing.length === 0) return content;
  const updated = `import { ${[...present, ...missing].join(', ')} } from '${module}';`;
  return content.slice(0, match.index) + updated + content.slice(match.index + match[0].length);
}
