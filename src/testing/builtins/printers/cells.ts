/**
 * What every built-in printer is made of: the Table column type, and the cell formats of
 * kube-apiserver's printers (pkg/printers/internalversion) and of apimachinery they share.
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { formatLabelSelector as formatRequirements, fromLabelSelectorObject } from '../../../kube/label-selector.js';

export interface ColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface TablePrinter {
  columns: ColumnDefinition[];
  /** One cell per column, from an object as the API serves it; `nowMs` is the time ages count to. */
  row: (obj: KubeObject, nowMs: number) => unknown[];
  /** The order of a list's rows, when the printer sorts them (printFlowSchemaList); else the list's order. */
  compare?: (a: KubeObject, b: KubeObject) => number;
}

export type Obj = Record<string, unknown>;

/** duration.HumanDuration of a span in milliseconds. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

/** translateTimestampSince: `<unknown>` for a missing time. */
export function since(timestamp: unknown, nowMs: number): string {
  if (typeof timestamp !== 'string' || timestamp === '' || Number.isNaN(Date.parse(timestamp))) return '<unknown>';
  return humanDuration(nowMs - Date.parse(timestamp));
}

export function obj(value: unknown): Obj {
  return isPlainObject(value) ? value : {};
}

export function list(value: unknown): Obj[] {
  return Array.isArray(value) ? value.map(obj) : [];
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function int(value: unknown): number {
  return typeof value === 'number' ? Math.trunc(value) : 0;
}

export function at(o: unknown, ...path: string[]): unknown {
  let cur: unknown = o;
  for (const p of path) cur = obj(cur)[p];
  return cur;
}

/** labels.FormatLabels: sorted `k=v` pairs, `<none>` when empty. */
export function formatLabels(labels: unknown): string {
  const entries = Object.entries(obj(labels)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '<none>' : entries.map(([k, v]) => `${k}=${str(v)}`).join(',');
}

/** metav1.LabelSelectorAsSelector(...).String(): requirements sorted by key; empty or missing selectors print nothing. */
export function selectorString(selector: unknown): string {
  return isPlainObject(selector) ? formatRequirements(fromLabelSelectorObject(selector)) : '';
}

/** metav1.FormatLabelSelector: the selector's text, `<none>` when it selects everything or is unset. */
export function formatLabelSelector(selector: unknown): string {
  return selectorString(selector) || '<none>';
}

/** layoutContainerCells: container names and images, comma-separated. */
export function containerCells(podSpec: unknown): [string, string] {
  const containers = list(obj(podSpec).containers);
  return [containers.map((c) => str(c.name)).join(','), containers.map((c) => str(c.image)).join(',')];
}

/**
 * A column definition. kube-apiserver describes each column with the API documentation of its
 * field; that text is Kubernetes' prose, which this package does not copy, so descriptions are
 * empty (kubectl never shows them).
 */
export function col(name: string, type = 'string', priority = 0, format = ''): ColumnDefinition {
  return { name, type, format, description: '', priority };
}

export const NAME_COLUMN = col('Name', 'string', 0, 'name');
export const NAME = NAME_COLUMN;
export const AGE = col('Age', 'string');
export const CONTAINERS = col('Containers', 'string', 1);
export const IMAGES = col('Images', 'string', 1);

export function hasCondition(conditions: unknown, type: string, status = 'True'): boolean {
  return list(conditions).some((c) => c.type === type && c.status === status);
}

/** printBoolPtr. */
export function boolText(value: unknown): string {
  return typeof value === 'boolean' ? (value ? 'True' : 'False') : '<unset>';
}

/** loadBalancerStatusStringer: the set of ingress IPs (or hostnames), sorted, comma-separated (never truncated: the server prints wide). */
export function loadBalancerText(lb: unknown): string {
  const addresses = new Set(list(obj(lb).ingress).map((i) => str(i.ip) || str(i.hostname)).filter((s) => s !== ''));
  return [...addresses].sort().join(',');
}

const ACCESS_MODES: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };

/** GetAccessModesAsString: the modes a list holds, abbreviated, in a fixed order. */
export function accessModesText(modes: unknown): string {
  const held = Array.isArray(modes) ? modes.map(str) : [];
  return Object.keys(ACCESS_MODES).filter((m) => held.includes(m)).map((m) => ACCESS_MODES[m]).join(',');
}

/** GetPersistentVolume(Claim)Class: the beta storage-class annotation, where present, wins over the field. */
export function storageClassOf(o: KubeObject): string {
  const annotations = o.metadata?.annotations ?? {};
  const beta = 'volume.beta.kubernetes.io/storage-class';
  return Object.hasOwn(annotations, beta) ? str(annotations[beta]) : str(at(o.spec, 'storageClassName'));
}

/** A resource.Quantity's text (stored in canonical form, as go-json-decode.ts leaves it), or `missing`. */
export function quantityText(value: unknown, missing: string): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : missing;
}

/** A field that is present (Go's non-nil pointer). */
export function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export function nameOf(o: KubeObject): string {
  return o.metadata?.name ?? '';
}

/** translateTimestampSince of the creation time: the Age cell. */
export function ageOf(o: KubeObject, nowMs: number): string {
  return since(o.metadata?.creationTimestamp, nowMs);
}

/** An intstr's text, `N/A` when unset. */
export function intOrStringText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : 'N/A';
}

/** A controller reference as `kind.group/name`, lower-cased (formatResourceName with kind). */
export function controllerText(o: KubeObject): string {
  const ref = (o.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
  if (!ref) return '<none>';
  const group = ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '';
  const groupKind = group ? `${ref.kind}.${group}` : ref.kind;
  return `${groupKind.toLowerCase()}/${ref.name}`;
}

/** The default table convertor's `Created At`: the creation time in RFC 3339, UTC. */
export function createdAt(o: KubeObject): string {
  const t = Date.parse(str(o.metadata?.creationTimestamp));
  return Number.isNaN(t) ? '0001-01-01T00:00:00Z' : new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const CREATED_AT = col('Created At', 'date');
/** rest.NewDefaultTableConvertor: kinds without a printer of their own (CRDs, roles) print Name and Created At. */
export const DEFAULT_PRINTER: TablePrinter = { columns: [NAME, CREATED_AT], row: (o) => [o.metadata?.name ?? '', createdAt(o)] };
