import { goQuote } from './go-format.js';
import type { FieldCause, Status } from './types.js';

/**
 * The 422 Invalid Status kube-apiserver answers a rejected write with (apimachinery's NewInvalid):
 * causes carry the error bodies, the message joins `<field>: <body>` for each distinct error,
 * bracketed when there are several.
 */
export function invalidStatus(kind: string, group: string, name: string, causes: FieldCause[]): Status {
  const qualifiedKind = group === '' ? kind : `${kind}.${group}`;
  const seen = new Set<string>();
  const distinct: string[] = [];
  for (const cause of causes) {
    const text = `${cause.field}: ${cause.message}`;
    if (!seen.has(text)) {
      seen.add(text);
      distinct.push(text);
    }
  }
  let message = `${qualifiedKind} ${goQuote(name)} is invalid`;
  if (distinct.length === 1) message += `: ${distinct[0]}`;
  else if (distinct.length > 1) message += `: [${distinct.join(', ')}]`;

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
