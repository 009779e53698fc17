// The API package, api/[<group>/]<version>/: groupversion_info.ts and index.ts (each kind inserts
// its import, export and scheme.add there), registered in src/main.ts's scheme.
import { relativeImport, type ResourceNames } from '../../../project/names.js';
import { mainFile } from '../../../project/layout.js';
import type { Plan } from '../../machinery/plan.js';
import type { Insertion } from '../../machinery/template.js';
import type { ApiContext } from './context.js';

/** src/main.ts imports the package at `index` under `alias` and adds its kinds to the scheme. */
export function schemeRegistration(alias: string, index: string): Insertion[] {
  return [
    { path: mainFile, point: 'imports', fragments: [`import * as ${alias} from '${relativeImport(mainFile, index)}';`] },
    { path: mainFile, point: 'scheme', fragments: [`${alias}.addToScheme(scheme);`] },
  ];
}

/** The kind's lines in its package's index.ts. */
function kindInIndex(index: string, names: ResourceNames): Insertion[] {
  return [
    { path: index, point: 'imports', fragments: [`import { ${names.kind} } from './${names.lowerKind}_types.js';`] },
    { path: index, point: 'exports', fragments: [`export * from './${names.lowerKind}_types.js';`] },
    { path: index, point: 'scheme', fragments: [`scheme.add(${names.kind});`] },
  ];
}

export function planApiPackage(plan: Plan, ac: ApiContext): void {
  const pkg = ac.names.apiPath;
  const index = `${pkg}/index.ts`;
  plan.addFile({ path: `${pkg}/groupversion_info.ts`, template: 'api/groupversion_info.ts', data: ac.data, ifExists: 'skip' });
  plan.addFile({ path: index, template: 'api/index.ts', data: ac.data, ifExists: 'skip' });
  plan.insertAll(kindInIndex(index, ac.names));
  plan.insertAll(schemeRegistration(ac.names.importAlias, index));
}
