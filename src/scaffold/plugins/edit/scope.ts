// `edit --namespaced[=false]`: the manager's RBAC (Role or ClusterRole), its WATCH_NAMESPACE, and
// src/main.ts's Manager.create, for the new scope.
import type { ProjectContext } from '../../../project/context.js';
import { mainFile } from '../../../project/layout.js';
import { managerEnvEntry, managerFile, removeManagerEnv, setManagerEnv } from '../../machinery/manager-env.js';
import type { Plan } from '../../machinery/plan.js';
import { render } from '../../machinery/render.js';

const watchNamespaceEnv = managerEnvEntry('WATCH_NAMESPACE', ['valueFrom:', '  fieldRef:', '    fieldPath: metadata.namespace']);

/** `data`: the project's values with the new scope. */
export function planScope(plan: Plan, data: ProjectContext, namespaced: boolean): void {
  plan.addFile({ path: 'config/rbac/role.yaml', template: 'init/config/rbac/role.yaml', data, ifExists: 'overwrite' });
  plan.addFile({ path: 'config/rbac/role_binding.yaml', template: 'init/config/rbac/role_binding.yaml', data, ifExists: 'overwrite' });
  plan.edit(managerFile, (content) => {
    if (!namespaced) return removeManagerEnv(content, 'WATCH_NAMESPACE');
    return content.includes('WATCH_NAMESPACE') ? content : setManagerEnv(content, 'WATCH_NAMESPACE', watchNamespaceEnv);
  });
  if (!switchManagerScope(plan, namespaced)) {
    plan.note(namespaced
      ? 'src/main.ts: pass `namespaces: [process.env.WATCH_NAMESPACE]` to Manager.create so that the manager watches only its namespace'
      : 'src/main.ts: remove the WATCH_NAMESPACE restriction from Manager.create so that the manager watches all namespaces');
  }
}

/** The Manager.create block init writes into src/main.ts for either scope. */
function managerBlock(namespaced: boolean, leaderElectionId: string): string {
  const main = render('init/src/main.ts', { boilerplate: '', namespaced, leaderElectionId });
  const start = main.indexOf('const flags = parseManagerFlags(');
  const from = main.indexOf('\n', start) + 1;
  return main.slice(from, main.indexOf('\n\n// +kubebuilder:scaffold:builder', from));
}

/**
 * Rewrites src/main.ts's Manager.create for the new scope when it is still the one init wrote (the
 * user may have changed it: then it is left alone and the caller says what to change). Returns
 * whether main.ts says what the new scope needs.
 */
function switchManagerScope(plan: Plan, namespaced: boolean): boolean {
  const content = plan.read(mainFile);
  const id = content === undefined ? undefined : /leaderElectionID: '([^'\n]+)'/.exec(content)?.[1];
  if (content === undefined || id === undefined) return false;
  const from = managerBlock(!namespaced, id);
  const to = managerBlock(namespaced, id);
  if (content.includes(to)) return true;
  if (!content.includes(from)) return false;
  plan.edit(mainFile, (text) => text.replace(from, to));
  return true;
}
