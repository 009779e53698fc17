/**
 * A v1 CRD's spec as kube-apiserver validates it: converted to the internal apiextensions type
 * first (apiextensions/v1 conversion: Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_...),
 * where schema, subresources, additionalPrinterColumns and selectableFields that are identical in
 * every version move to the top level (`spec.validation`, `spec.subresources`, ...). That is why a
 * single-version CRD's schema errors read `spec.validation.openAPIV3Schema...` and a CRD whose
 * versions differ reads `spec.versions[i].schema.openAPIV3Schema...`.
 */
import { asObject, versionsOf, type JSONObject } from './crd-object.js';

/** The per-version fields the conversion may lift to the top level, with their internal names. */
export interface SharedVersionFields {
  /** CustomResourceValidation (`{ openAPIV3Schema }`), `spec.validation` when lifted. */
  schema?: unknown;
  subresources?: unknown;
  additionalPrinterColumns?: unknown[];
  selectableFields?: unknown[];
}

export interface InternalVersion extends SharedVersionFields {
  raw: JSONObject;
}

export interface InternalSpec {
  /** The fields identical in every version (absent when they differ, or no version has them). */
  top: SharedVersionFields;
  /** Each version with the fields that stayed per version. */
  versions: InternalVersion[];
}

const isEmpty = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

/**
 * apimachinery's Semantic.DeepEqual over the JSON: an absent and an empty list are equal; an absent
 * and an empty object are not (most are pointers to structs here).
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  if (a === b || (isEmpty(a) && isEmpty(b))) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => semanticEqual(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const x = a as JSONObject;
    const y = b as JSONObject;
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    for (const k of keys) if (!semanticEqual(x[k], y[k])) return false;
    return true;
  }
  return a === b;
}

const FIELDS = ['schema', 'subresources', 'additionalPrinterColumns', 'selectableFields'] as const;

export function internalSpec(crd: unknown): InternalSpec {
  const versions = versionsOf(crd);
  const top: SharedVersionFields = {};
  const lifted = new Set<string>();
  if (versions.length > 0) {
    for (const key of FIELDS) {
      const first = versions[0][key];
      if (versions.every((v) => semanticEqual(v[key], first))) {
        lifted.add(key);
        if (!isEmpty(first)) (top as Record<string, unknown>)[key] = first;
      }
    }
  }
  return {
    top,
    versions: versions.map((raw) => {
      const v: InternalVersion = { raw };
      for (const key of FIELDS) if (!lifted.has(key) && !isEmpty(raw[key])) (v as unknown as Record<string, unknown>)[key] = raw[key];
      return v;
    }),
  };
}

/** The subresources that apply to a version (getSubresourcesForVersion). */
export function subresourcesForVersion(spec: InternalSpec, version: InternalVersion): unknown {
  return spec.versions.some((v) => v.subresources !== undefined) ? version.subresources : spec.top.subresources;
}

/** hasStatusEnabled: the subresources enable /status. */
export function hasStatusEnabled(subresources: unknown): boolean {
  const status = asObject(subresources).status;
  return status !== undefined && status !== null;
}

/** hasAnyStatusEnabled: any version (or the top level) enables /status. */
export function hasAnyStatusEnabled(spec: InternalSpec): boolean {
  return hasStatusEnabled(spec.top.subresources) || spec.versions.some((v) => hasStatusEnabled(v.subresources));
}

const TOP_LEVEL_FIELDS: readonly [top: string, perVersion: string][] = [
  ['spec.validation', 'schema'],
  ['spec.subresources', 'subresources'],
  ['spec.additionalPrinterColumns', 'additionalPrinterColumns'],
  ['spec.selectableFields', 'selectableFields'],
  // The internal form's single version is the first version's name.
  ['spec.version', 'name'],
];

/**
 * The error path of a lifted field as the first version's (`spec.validation.openAPIV3Schema…` →
 * `spec.versions[0].schema.openAPIV3Schema…`): every version has that field alike, so the first
 * version's source explains it.
 */
export function perVersionField(field: string): string {
  for (const [top, perVersion] of TOP_LEVEL_FIELDS) {
    if (field === top || field.startsWith(`${top}.`) || field.startsWith(`${top}[`)) return `spec.versions[0].${perVersion}${field.slice(top.length)}`;
  }
  return field;
}
