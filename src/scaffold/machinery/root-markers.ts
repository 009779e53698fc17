// The markers the CLI puts above a kind's root type (`// +kubebuilder:object:root=true`): adding one,
// and keeping them through a --force rewrite of the types file.
import { UsageError } from '../../project/usage-error.js';
import type { Plan } from './plan.js';

/**
 * Adds a marker comment right above the root type of a kind (its first
 * `// +kubebuilder:object:root=true` line) unless the file already has it.
 */
export function markRootType(plan: Plan, typesFile: string, marker: string, kind: string): void {
  plan.edit(typesFile, (content) => {
    if (content.includes(marker)) return content;
    const root = '// +kubebuilder:object:root=true';
    if (!content.includes(root)) {
      throw new UsageError(`${typesFile}: no "${root}" line above ${kind} to put "${marker}" on`);
    }
    return content.replace(root, `${marker}\n${root}`);
  });
}

// Markers the CLI itself puts above a root type (create webhook --conversion, a second version's
// create api); a --force rewrite of the types file keeps them, in their order.
const cliRootMarkers = new Set(['// +kubebuilder:storageversion', '// +kubebuilder:conversion:hub']);
const rootMarker = '// +kubebuilder:object:root=true';

/** The CLI's markers above the root type in `previous`, carried over to a `fresh` rewrite of the types file. */
export function keepRootMarkers(previous: string, fresh: string): string {
  const lines = previous.split('\n');
  const root = lines.indexOf(rootMarker);
  let start = root;
  while (start > 0 && cliRootMarkers.has(lines[start - 1])) start--;
  if (root < 0 || start === root) return fresh;
  return fresh.replace(rootMarker, [...lines.slice(start, root), rootMarker].join('\n'));
}
