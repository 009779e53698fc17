/**
 * The Table columns kube-apiserver prints for built-in kinds (pkg/printers/internalversion and
 * the registries with a convertor of their own), one module per API group, and how each cell is
 * computed from the object. The server produces every column, wide ones (priority 1) included;
 * kubectl hides those without `-o wide`. Kinds without a printer (LimitRange, Role, ClusterRole,
 * CustomResourceDefinition) get the default convertor's Name and Created At.
 */
import { ADMISSIONREGISTRATION_PRINTERS } from './admissionregistration.js';
import { APIREGISTRATION_PRINTERS } from './apiregistration.js';
import { APPS_PRINTERS } from './apps.js';
import { AUTOSCALING_PRINTERS } from './autoscaling.js';
import { BATCH_PRINTERS } from './batch.js';
import { CERTIFICATES_PRINTERS } from './certificates.js';
import type { TablePrinter } from './cells.js';
import { COORDINATION_PRINTERS } from './coordination.js';
import { CORE_PRINTERS } from './core.js';
import { DISCOVERY_PRINTERS } from './discovery.js';
import { FLOWCONTROL_PRINTERS } from './flowcontrol.js';
import { NETWORKING_PRINTERS } from './networking.js';
import { NODE_PRINTERS } from './node.js';
import { POLICY_PRINTERS } from './policy.js';
import { RBAC_PRINTERS } from './rbac.js';
import { RESOURCE_PRINTERS } from './resource.js';
import { SCHEDULING_PRINTERS } from './scheduling.js';
import { STORAGE_PRINTERS } from './storage.js';

export { DEFAULT_PRINTER, humanDuration, NAME_COLUMN, type ColumnDefinition, type TablePrinter } from './cells.js';

/** Printers by `<group>/<Kind>` (core kinds have an empty group). */
export const BUILTIN_PRINTERS: Record<string, TablePrinter> = {
  ...CORE_PRINTERS,
  ...ADMISSIONREGISTRATION_PRINTERS,
  ...APIREGISTRATION_PRINTERS,
  ...APPS_PRINTERS,
  ...AUTOSCALING_PRINTERS,
  ...BATCH_PRINTERS,
  ...CERTIFICATES_PRINTERS,
  ...COORDINATION_PRINTERS,
  ...DISCOVERY_PRINTERS,
  ...FLOWCONTROL_PRINTERS,
  ...NETWORKING_PRINTERS,
  ...NODE_PRINTERS,
  ...POLICY_PRINTERS,
  ...RBAC_PRINTERS,
  ...RESOURCE_PRINTERS,
  ...SCHEDULING_PRINTERS,
  ...STORAGE_PRINTERS,
};
