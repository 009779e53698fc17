/** What a write or delete request asks of the storage beside its object (dry run, field manager, user, ...). */
import type { UserInfo } from '../../../kube/admission-review.js';
import type { FieldValidation } from './unknown-fields.js';

export interface WriteOptions {
  dryRun?: boolean;
  /** Field manager recorded in managedFields for Update operations. */
  fieldManager?: string;
  userInfo?: UserInfo;
  /** Set by server-side apply, which computes managedFields itself. */
  managedFieldsComputed?: boolean;
  /** Set by PATCH: the resourceVersion came from the stored object, so a race is retried. */
  retryOnConflict?: boolean;
  /**
   * Set by a strategic merge patch: its result is converted from map form, and its decoding errors
   * quote the patch as Go prints a map, not the patched object.
   */
  strategicPatch?: Record<string, unknown>;
  /**
   * Set by server-side apply: the object is the field manager's merge, which kube-apiserver
   * defaults but does not decode, so a null the schema does not allow stays (and fails validation).
   */
  serverSideApply?: boolean;
  /** Set by a JSON patch: the containers its operations reach (jsonPatchReach), which its errors quote re-encoded. */
  patchReach?: string[][];
  /** Collects admission warnings for the response's Warning headers. */
  warnings?: string[];
  /** What to do about fields a custom resource schema does not declare (default Warn). */
  fieldValidation?: FieldValidation;
  /** Paths of the keys the request body names twice (`metadata.labels`), which strict decoding reports. */
  duplicateFields?: string[];
}

export interface DeleteOptions {
  dryRun?: boolean;
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  /** The grace period a delete asks for (a kind deleted gracefully may shorten or lengthen its own). */
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  userInfo?: UserInfo;
  warnings?: string[];
}
