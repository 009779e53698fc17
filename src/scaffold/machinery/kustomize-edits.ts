// Edits of config/default/kustomization.yaml: switching on a block init wrote commented out
// (the blocks are in kustomize-blocks.ts).
import { uncommentBlock } from './inserter.js';
import type { Plan } from './plan.js';

/** Un-comments a block of config/default/kustomization.yaml (a no-op when it is already on). */
export function enableInDefault(plan: Plan, block: string): void {
  const file = 'config/default/kustomization.yaml';
  if (!plan.exists(file)) {
    plan.note(`${file} not found: enable "${block.split('\n')[0]}" in your kustomize configuration by hand`);
    return;
  }
  plan.edit(file, (content) => {
    const updated = uncommentBlock(content, block);
    if (updated === content && !content.split('\n').some((l) => l === block.split('\n')[0])) {
      plan.note(`${file}: could not find the commented-out lines "${block.split('\n')[0]}" to enable; add them by hand`);
    }
    return updated;
  });
}
