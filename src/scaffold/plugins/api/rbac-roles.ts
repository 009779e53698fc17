// config/rbac/<kind>_{admin,editor,viewer}_role.yaml: the roles that grant the kind's objects to
// users, listed in config/rbac/kustomization.yaml.
import type { Plan } from '../../machinery/plan.js';
import type { ApiContext } from './context.js';

export function planRbacRoles(plan: Plan, ac: ApiContext): void {
  const kustomization = 'config/rbac/kustomization.yaml';
  const roleName = ac.names.groupedLowerKind.replace(/_/g, '-');
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    const file = `${ac.names.groupedLowerKind}_${role}_role.yaml`;
    plan.addFile({ path: `config/rbac/${file}`, template: `api/config/${role}_role.yaml`, data: { ...ac.data, roleName }, ifExists: 'overwrite' });
    if (plan.exists(kustomization)) plan.insert(kustomization, 'rbackustomizeroles', [`- ${file}`]);
    else plan.note(`${kustomization} not found: list config/rbac/${file} in your kustomize configuration by hand`);
  }
}
