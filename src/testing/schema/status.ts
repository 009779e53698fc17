import { goQuote } from './go-format.js';
import { invalidMessage, type FieldCause } from '../../kube/field-errors.js';
import type { Status } from '../../kube/status.js';

/**
 * The 422 Invalid Status kube-apiserver answers a rejected write with (apimachinery's NewInvalid):
 * causes carry the error bodies, the message joins `<field>: <body>` for each distinct error,
 * bracketed when there are several.
 */
export function invalidStatus(kind: string, group: string, name: string, causes: FieldCause[]): Status {
  const message = invalidMessage(kind, group, name, causes, goQuote);
  const details: NonNullable<Status['details']> = { name };
  if (group !== '') details.group = group;
  details.kind = kind;
  details.causes = causes.map((c) => ({ reason: c.reason, message: c.message, field: c.field }));
  // Key order as kube-apiserver serialises a Status (TypeMeta puts kind first).
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: 'Invalid',
    details,
    code: 422,
  };
}
