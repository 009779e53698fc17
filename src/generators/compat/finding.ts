/** One difference between a CRD as committed and as generated now, judged for stored objects and existing clients. */
import type { SourceLocation } from '../../markers/index.js';

/**
 * `breaking`: an object or request valid before is refused, or reads back changed, after the change
 * (the check exits non-zero unless the allow-list accepts it). `warning`: nothing is refused, but
 * something needs doing (a migration) or behaves differently (server-side apply merges).
 */
export type CompatSeverity = 'breaking' | 'warning';

export interface CompatFinding {
  severity: CompatSeverity;
  /** A stable name of the rule, for the allow-list: `field-removed`, `maximum-tightened`, ... */
  rule: string;
  /** The CRD's name (`cronjobs.batch.example.com`). */
  crd: string;
  /** The API version the finding is in; absent for CRD-wide findings (scope). */
  version?: string;
  /** The field, as a JSON path in the object (`.spec.schedule`, `.spec.items[*].name`); `.` for the object or the CRD itself. */
  path: string;
  old: string;
  new: string;
  /** What happens to stored objects and clients, and when kube-apiserver's ratcheting softens it. */
  detail: string;
  /** Where the generated CRD has the field (`spec.versions[0].schema.openAPIV3Schema.properties[spec]...`), for the marker lookup. */
  crdField?: string;
  /** The marker or declaration that caused it, when the sources are at hand. */
  location?: SourceLocation;
}
