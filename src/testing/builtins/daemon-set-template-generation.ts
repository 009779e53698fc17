/**
 * A DaemonSet's template generation: its strategy counts the changes of spec.template (1 on
 * create, one more on each update that changes the template; a writer cannot set it), and the
 * apps/v1 conversion carries it as an annotation, which the writer's managedFields own.
 */
import { semanticEqual } from './validation/go-values.js';
import { childObject, isPlainObject, type KubeObject } from '../model/object.js';

const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

function templateOf(obj: KubeObject): unknown {
  return isPlainObject(obj.spec) ? obj.spec.template : undefined;
}

export function daemonSetTemplateGeneration(next: KubeObject, current: KubeObject | undefined): void {
  const annotations = childObject(childObject(next, 'metadata'), 'annotations');
  if (!current) {
    annotations[TEMPLATE_GENERATION] = '1';
    return;
  }
  const stored = Number.parseInt(String(current.metadata?.annotations?.[TEMPLATE_GENERATION] ?? '0'), 10);
  const generation = Number.isNaN(stored) ? 0 : stored;
  annotations[TEMPLATE_GENERATION] = String(semanticEqual(templateOf(current), templateOf(next)) ? generation : generation + 1);
}
