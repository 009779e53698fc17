/**
 * metav1.Time on the wire: RFC 3339 in UTC to the second (Go's time.RFC3339 of a UTC time), the one
 * form kube-apiserver accepts and writes for creationTimestamp, lastTransitionTime, firstTimestamp...
 * A Date that client-node's models hand back is written in this form too, never as Date.toString().
 */
export function metaTime(at: Date | number = new Date()): string {
  return new Date(at).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** A metav1.Time field as it may arrive from client-node (a Date) or from JSON (a string), in wire form. */
export function metaTimeOf(value: unknown): string {
  if (value instanceof Date) return metaTime(value);
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}
