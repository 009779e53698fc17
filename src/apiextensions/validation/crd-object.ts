/** Reading a CustomResourceDefinition as it arrives (JSON of any shape) for validation. */

export type JSONObject = Record<string, unknown>;

export function asObject(value: unknown): JSONObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JSONObject) : {};
}

export function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export const specOf = (crd: unknown) => asObject(asObject(crd).spec);
export const versionsOf = (crd: unknown) => asArray(specOf(crd).versions).map(asObject);

/** Established=True among a CRD's status conditions. */
export function isEstablished(crd: unknown): boolean {
  return asArray(asObject(asObject(crd).status).conditions).some((c) => asObject(c).type === 'Established' && asObject(c).status === 'True');
}
