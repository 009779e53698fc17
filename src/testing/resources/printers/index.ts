/**
 * The Table columns kube-apiserver prints for built-in kinds (pkg/printers/internalversion and
 * the registries with a convertor of their own), one module per API group, and how each cell is
 * computed from the object. The server produces every column, wide ones (priority 1) included;
 * kubectl hides those without `-o wide`.
 */
import { ADMISSIONREGISTRATION_PRINTERS } from './admissionregistration.js';
import { APPS_PRINTERS } from './apps.js';
import { BATCH_PRINTERS } from './batch.js';
import type { TablePrinter } from './cells.js';
import { COORDINATION_PRINTERS } from './coordination.js';
import { CORE_PRINTERS } from './core.js';
import { NETWORKING_PRINTERS } from './networking.js';
import { POLICY_PRINTERS } from './policy.js';
import { RBAC_PRINTERS } from './rbac.js';

export { DEFAULT_PRINTER, humanDuration, NAME_COLUMN, type ColumnDefinition, type TablePrinter } from './cells.js';

/** Printers by `<group>/<Kind>` (core kinds have an empty group). */
export const BUILTIN_PRINTERS: Record<string, TablePrinter> = {
  ...CORE_PRINTERS,
  ...APPS_PRINTERS,
  ...BATCH_PRINTERS,
  ...COORDINATION_PRINTERS,
  ...NETWORKING_PRINTERS,
  ...POLICY_PRINTERS,
  ...RBAC_PRINTERS,
  ...ADMISSIONREGISTRATION_PRINTERS,
};
