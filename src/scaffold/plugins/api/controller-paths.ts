// Where a kind's controllers go and how src/main.ts names and starts them (deploy-image's controller too).
import { pascal } from '../../../project/names.js';
import { controllerFileBase, reconcilerClassName } from '../../../project/controller-name.js';
import type { Resource } from '../../../project/resource.js';

/** Where a kind's controller and its test go: `src/controllers/[<group>/]<name>_controller.ts` and `test/controllers/...test.ts`. */
export function controllerPaths(res: Resource, multigroup: boolean, name?: string): { file: string; testFile: string } {
  const sub = multigroup && res.group !== '' ? `/${res.group}` : '';
  const base = `${controllerFileBase(res.kind, name)}_controller`;
  return { file: `src/controllers${sub}/${base}.ts`, testFile: `test/controllers${sub}/${base}.test.ts` };
}

/** The names of a resource's controllers: undefined for its unnamed one. */
export function controllerNames(r: Resource): Array<string | undefined> {
  return [...(r.controller ? [undefined] : []), ...(r.controllers ?? []).map((c) => c.name)];
}

/** The reconciler's class as src/main.ts imports it (prefixed with the group's name in a multi-group project). */
export function reconcilerAlias(res: Resource, multigroup: boolean, name?: string): string {
  const className = reconcilerClassName(res.kind, name);
  return multigroup && res.group !== '' ? `${pascal(res.group)}${className}` : className;
}

/** The line of src/main.ts that starts a controller: its constructor takes `args`. */
export function controllerRegistration(alias: string, args: string[]): string {
  return `await new ${alias}(${args.join(', ')}).setupWithManager(mgr);`;
}

/** What src/main.ts passes a scaffolded reconciler. */
export const reconcilerArgs = ['mgr.getClient()', 'mgr.getScheme()'];
