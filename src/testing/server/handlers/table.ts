/**
 * meta.k8s.io/v1 Table responses, which kubectl asks for (`Accept: ...;as=Table`), with the
 * objects as partial metadata (or whole with includeObject=Object). Custom resources get a
 * Name column and their additionalPrinterColumns evaluated as kube-apiserver's tableconvertor
 * does (Kubernetes JSONPath; Age only when the CRD lists no columns); built-in kinds get the
 * columns of kube-apiserver's printers.
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import type { PrinterColumn, ResourceType, VersionInfo } from '../../model/resource-type.js';
import { BUILTIN_PRINTERS, DEFAULT_PRINTER, NAME_COLUMN, type TablePrinter, humanDuration } from '../../builtins/printers/index.js';
import { JSONPath } from '../../jsonpath/index.js';
import { isGoInt } from '../../../kube/go-format.js';

export function wantsTable(accept: string | undefined): boolean {
  return accept !== undefined && /as=Table/.test(accept);
}

/** Ages as kubectl shows them (metatable.ConvertToHumanReadableDateType). */
export function humanAge(timestamp: string | undefined, nowMs = Date.now()): string {
  if (!timestamp) return '<unknown>';
  return humanDuration(nowMs - Date.parse(timestamp));
}

// Its description is left empty like the built-in columns' (printers/cells.ts col).
const AGE_COLUMN: PrinterColumn = { name: 'Age', type: 'date', description: '', jsonPath: '.metadata.creationTimestamp' };

/** RFC 3339 as Go's time.Parse reads it (metav1.Time's query-parameter form). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** cellForJSONValue: a non-string column's cell from the first value its path finds. */
function typedCell(type: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer': return typeof value === 'number' ? (isGoInt(value) ? value : Math.trunc(value)) : null;
    case 'number': return typeof value === 'number' ? value : null;
    case 'boolean': return typeof value === 'boolean' ? value : null;
    case 'string': return typeof value === 'string' ? value : null;
    case 'date': return typeof value === 'string' ? (RFC3339.test(value) && !Number.isNaN(Date.parse(value)) ? humanAge(value) : '<invalid>') : null;
    default: return null;
  }
}

/** A column whose JSONPath does not parse shows nothing (the real server refuses such a CRD). */
function compileColumn(column: PrinterColumn): JSONPath | undefined {
  try {
    return JSONPath.parse(`{${column.jsonPath}}`, { allowMissingKeys: true });
  } catch {
    return undefined;
  }
}

function customResourcePrinter(version: VersionInfo): TablePrinter {
  const columns = version.printerColumns.length > 0 ? version.printerColumns : [AGE_COLUMN];
  const paths = columns.map(compileColumn);
  return {
    columns: [
      NAME_COLUMN,
      ...columns.map((c) => ({
        name: c.name,
        type: c.type,
        format: c.format ?? '',
        description: c.description || `Custom resource definition column (in JSONPath format): ${c.jsonPath}`,
        priority: c.priority ?? 0,
      })),
    ],
    row: (obj) => [
      obj.metadata?.name ?? '',
      ...columns.map((c, i) => {
        const path = paths[i];
        let results: unknown[][];
        try {
          results = path ? path.findResults(obj) : [];
        } catch {
          return null;
        }
        if (results.length === 0 || results[0].length === 0) return null;
        const value = results[0][0];
        if (c.type !== 'string') return typedCell(c.type, value);
        // Go prints a nil interface as <no value>; lists and maps as JSON.
        return value === null ? '<no value>' : path!.printResults([value]);
      }),
    ],
  };
}

/** The printers of a CRD version, compiled once per version object. */
const printers = new WeakMap<VersionInfo, TablePrinter>();

function printerFor(rt: ResourceType, version: VersionInfo): TablePrinter | undefined {
  if (rt.builtin) return BUILTIN_PRINTERS[`${rt.group}/${rt.kind}`];
  let printer = printers.get(version);
  if (!printer) printers.set(version, (printer = customResourcePrinter(version)));
  return printer;
}

function partial(obj: KubeObject): KubeObject {
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

/**
 * The Table for an object or a list; anything else passes through. `noHeaders` leaves the column
 * definitions out (null), as a watch does after its first event. `printable` gives the object the
 * printer reads: kube-apiserver prints from its internal version, so a built-in kind's cells are
 * alike in every version it is read in (an HPA's targets through autoscaling/v1 too).
 */
export function asTable(
  rt: ResourceType,
  version: VersionInfo,
  body: unknown,
  includeObject = 'Metadata',
  noHeaders = false,
  printable: (obj: KubeObject) => KubeObject = (obj) => obj,
): unknown {
  if (!isPlainObject(body)) return body;
  const isList = Array.isArray(body.items);
  if (!isList && body.kind !== rt.kind) return body;
  const printer = printerFor(rt, version) ?? DEFAULT_PRINTER;
  const items = (isList ? body.items : [body]) as KubeObject[];
  const objects = isList && printer.compare ? [...items].sort(printer.compare) : items;
  const now = Date.now();
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: isList ? body.metadata : { resourceVersion: (body.metadata as { resourceVersion?: string } | undefined)?.resourceVersion },
    columnDefinitions: noHeaders ? null : printer.columns,
    rows: objects.map((o) => ({ cells: printer.row(printable(o), now), object: includeObject === 'Object' ? o : partial(o) })),
  };
}
