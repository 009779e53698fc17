import { goQuote } from '../../kube/go-format.js';
import { invalidStatus as buildInvalidStatus, type FieldCause } from '../../kube/field-errors.js';
import type { Status } from '../../kube/status.js';

/**
 * The 422 Invalid Status kube-apiserver answers a rejected write with (apimachinery's NewInvalid):
 * causes carry the error bodies, the message joins `<field>: <body>` for each distinct error,
 * bracketed when there are several. The name is Go-quoted; the core group's empty `group` is left out.
 */
export function invalidStatus(kind: string, group: string, name: string, causes: FieldCause[]): Status {
  return buildInvalidStatus(kind, group, name, causes, { quote: goQuote });
}
