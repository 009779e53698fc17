/** Printers of the rbac.authorization.k8s.io group (roles have none: the default convertor prints them). */
import type { KubeObject } from '../object.js';
import { AGE, col, DEFAULT_PRINTER, list, NAME, obj, since, str, type TablePrinter } from './cells.js';

function bindingRow(binding: KubeObject, nowMs: number): unknown[] {
  const roleRef = obj(binding.roleRef);
  const subjects = list(binding.subjects);
  const names = (kind: string) => subjects.filter((s) => s.kind === kind).map((s) => (kind === 'ServiceAccount' ? `${str(s.namespace)}/${str(s.name)}` : str(s.name))).join(', ');
  return [binding.metadata?.name ?? '', `${str(roleRef.kind)}/${str(roleRef.name)}`, since(binding.metadata?.creationTimestamp, nowMs), names('User'), names('Group'), names('ServiceAccount')];
}

/** printRoleBinding and printClusterRoleBinding: the same cells; the descriptions name the kind. */
function bindingPrinter(kind: 'roleBinding' | 'clusterRoleBinding', roleRefDescription: string): TablePrinter {
  return {
    columns: [NAME, col('Role', 'string', roleRefDescription), AGE,
      col('Users', 'string', `Users in the ${kind}`, 1), col('Groups', 'string', `Groups in the ${kind}`, 1), col('ServiceAccounts', 'string', `ServiceAccounts in the ${kind}`, 1)],
    row: bindingRow,
  };
}

export const RBAC_PRINTERS: Record<string, TablePrinter> = {
  'rbac.authorization.k8s.io/Role': DEFAULT_PRINTER,
  'rbac.authorization.k8s.io/ClusterRole': DEFAULT_PRINTER,
  'rbac.authorization.k8s.io/RoleBinding': bindingPrinter('roleBinding',
    'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.'),
  'rbac.authorization.k8s.io/ClusterRoleBinding': bindingPrinter('clusterRoleBinding',
    'RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.'),
};
