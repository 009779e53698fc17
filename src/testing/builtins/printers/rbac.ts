/** Printers of the rbac.authorization.k8s.io group (roles have none: the default convertor prints them). */
import type { KubeObject } from '../../model/object.js';
import { AGE, col, DEFAULT_PRINTER, list, NAME, obj, since, str, type TablePrinter } from './cells.js';

function bindingRow(binding: KubeObject, nowMs: number): unknown[] {
  const roleRef = obj(binding.roleRef);
  const subjects = list(binding.subjects);
  const names = (kind: string) => subjects.filter((s) => s.kind === kind).map((s) => (kind === 'ServiceAccount' ? `${str(s.namespace)}/${str(s.name)}` : str(s.name))).join(', ');
  return [binding.metadata?.name ?? '', `${str(roleRef.kind)}/${str(roleRef.name)}`, since(binding.metadata?.creationTimestamp, nowMs), names('User'), names('Group'), names('ServiceAccount')];
}

/** printRoleBinding and printClusterRoleBinding: the same cells; the descriptions name the kind. */
/** RoleBindings and ClusterRoleBindings print alike. */
const BINDING_PRINTER: TablePrinter = {
  columns: [NAME, col('Role', 'string'), AGE, col('Users', 'string', 1), col('Groups', 'string', 1), col('ServiceAccounts', 'string', 1)],
  row: bindingRow,
};

export const RBAC_PRINTERS: Record<string, TablePrinter> = {
  'rbac.authorization.k8s.io/Role': DEFAULT_PRINTER,
  'rbac.authorization.k8s.io/ClusterRole': DEFAULT_PRINTER,
  'rbac.authorization.k8s.io/RoleBinding': BINDING_PRINTER,
  'rbac.authorization.k8s.io/ClusterRoleBinding': BINDING_PRINTER,
};
