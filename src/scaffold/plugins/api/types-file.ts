// api/.../<kind>_types.ts: the kind's types, the CRD's source. Scaffolded again (--force), it keeps
// the root markers (storage version, conversion hub) the file has gathered.
import type { Plan } from '../../machinery/plan.js';
import { render } from '../../machinery/render.js';
import { keepRootMarkers } from '../../machinery/root-markers.js';
import type { ApiContext } from './context.js';

/** The types file of a kind of the project. */
export function typesFileOf(names: { apiPath: string; lowerKind: string }): string {
  return `${names.apiPath}/${names.lowerKind}_types.ts`;
}

export function planTypesFile(plan: Plan, ac: ApiContext): void {
  const path = typesFileOf(ac.names);
  const previous = plan.read(path);
  const types = render('api/types.ts', ac.data);
  plan.add({ path, body: previous === undefined ? types : keepRootMarkers(previous, types), ifExists: 'error' });
}
