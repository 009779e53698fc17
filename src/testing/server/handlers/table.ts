/**
 * meta.k8s.io/v1 Table responses, which kubectl asks for (`Accept: ...;as=Table`): a Name
 * column, a CRD's additionalPrinterColumns, and Age, with the objects as partial metadata.
 */
import { isPlainObject, type KubeObject } from '../../api/object.js';
import type { PrinterColumn, ResourceType, VersionInfo } from '../../api/resource-type.js';
import { getPath } from '../json-path.js';

export function wantsTable(accept: string | undefined): boolean {
  return accept !== undefined && /as=Table/.test(accept);
}

/** Ages as kubectl shows them (duration.HumanDuration, short form). */
export function humanAge(timestamp: string | undefined, nowMs = Date.now()): string {
  if (!timestamp) return '<unknown>';
  const seconds = Math.max(0, Math.floor((nowMs - Date.parse(timestamp)) / 1000));
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return `${minutes}m${seconds % 60 ? `${seconds % 60}s` : ''}`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 730) return `${days}d`;
  return `${Math.floor(days / 365)}y`;
}

function columns(rt: ResourceType, version: VersionInfo): PrinterColumn[] {
  const name: PrinterColumn = { name: 'Name', type: 'string', format: 'name', description: 'Name must be unique within a namespace.', priority: 0, jsonPath: '.metadata.name' };
  const age: PrinterColumn = { name: 'Age', type: 'date', description: 'CreationTimestamp is a timestamp representing the server time when this object was created.', priority: 0, jsonPath: '.metadata.creationTimestamp' };
  const custom = rt.builtin ? [] : version.printerColumns;
  // A CRD that lists its own Age column (type date on creationTimestamp) keeps it where it is.
  const hasAge = custom.some((c) => c.jsonPath === '.metadata.creationTimestamp');
  return hasAge ? [name, ...custom] : [name, ...custom, age];
}

function cell(obj: KubeObject, column: PrinterColumn): unknown {
  const value = getPath(obj, column.jsonPath);
  if (value === undefined || value === null) return null;
  if (column.type === 'date') return humanAge(String(value));
  if (column.type === 'integer' || column.type === 'number') return typeof value === 'number' ? value : Number(value);
  if (column.type === 'boolean') return Boolean(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function partial(obj: KubeObject): KubeObject {
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

/** The Table for an object or a list; anything else passes through. */
export function asTable(rt: ResourceType, version: VersionInfo, body: unknown, includeObject = 'Metadata'): unknown {
  if (!isPlainObject(body)) return body;
  const isList = Array.isArray(body.items);
  if (!isList && body.kind !== rt.kind) return body;
  const objects = (isList ? body.items : [body]) as KubeObject[];
  const cols = columns(rt, version);
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: isList ? body.metadata : { resourceVersion: (body.metadata as { resourceVersion?: string } | undefined)?.resourceVersion },
    columnDefinitions: cols.map((c) => ({ name: c.name, type: c.type, format: c.format ?? '', description: c.description ?? '', priority: c.priority ?? 0 })),
    rows: objects.map((o) => ({ cells: cols.map((c) => cell(o, c)), object: includeObject === 'Object' ? o : partial(o) })),
  };
}
