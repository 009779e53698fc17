/**
 * The API model the differential writes twice (go-writer.ts, ts-writer.ts): one API group with one or
 * two versions, each a package of kinds, named structs, string types and fields. Markers are kept as
 * their text, which is the same in Go and TypeScript comments.
 */

export type Scalar = 'string' | 'int32' | 'int64' | 'bool';

/** Built-in types a field may have: the Go type and the TypeScript type `manifests` reads. */
export const BUILTINS = {
  SecretKeySelector: { go: 'corev1.SecretKeySelector', ts: 'V1SecretKeySelector' },
  LocalObjectReference: { go: 'corev1.LocalObjectReference', ts: 'V1LocalObjectReference' },
  ResourceRequirements: { go: 'corev1.ResourceRequirements', ts: 'V1ResourceRequirements' },
  Toleration: { go: 'corev1.Toleration', ts: 'V1Toleration' },
  LabelSelector: { go: 'metav1.LabelSelector', ts: 'V1LabelSelector' },
  Condition: { go: 'metav1.Condition', ts: 'V1Condition' },
  Time: { go: 'metav1.Time', ts: 'Time' },
  Duration: { go: 'metav1.Duration', ts: 'Duration' },
  IntOrString: { go: 'intstr.IntOrString', ts: 'IntOrString' },
  Quantity: { go: 'resource.Quantity', ts: 'Quantity' },
  PodTemplateSpec: { go: 'corev1.PodTemplateSpec', ts: 'V1PodTemplateSpec' },
  ObjectMeta: { go: 'metav1.ObjectMeta', ts: 'ObjectMeta' },
  RawExtension: { go: 'runtime.RawExtension', ts: 'RawExtension' },
  Bytes: { go: '[]byte', ts: 'Uint8Array' },
} as const;
export type Builtin = keyof typeof BUILTINS;

export type TypeRef =
  | { t: 'scalar'; name: Scalar }
  | { t: 'struct'; name: string }
  | { t: 'alias'; name: string }
  | { t: 'builtin'; name: Builtin }
  | { t: 'list'; of: TypeRef }
  | { t: 'map'; of: TypeRef };

export interface Field {
  /** The JSON name; the Go name is it capitalised. */
  json: string;
  type: TypeRef;
  /** `omitempty` in Go, `?` in TypeScript. */
  optional: boolean;
  /** A Go pointer (no TypeScript counterpart: both are `?` or not). */
  pointer: boolean;
  doc?: string;
  markers: string[];
}

export interface StructType {
  name: string;
  doc?: string;
  markers: string[];
  fields: Field[];
  /**
   * Types embedded inline (Go: an anonymous field with `json:",inline"`; TypeScript: extends): a
   * struct of the package, or `builtin:<Builtin>`.
   */
  embeds: string[];
}

/** What a named type stands for: a string, an int32 or a list of strings. */
export type AliasOf = 'string' | 'int32' | 'list';

/**
 * A named non-struct type with type-level markers: a string (validation, an enum by marker, or
 * `+k8s:enum` with constants), an int32 (bounds) or a list of strings (items, list type).
 */
export interface AliasType {
  name: string;
  of: AliasOf;
  doc?: string;
  markers: string[];
  /** Constants of the type (`+k8s:enum`'s values), as their value's text. */
  constants: string[];
}

export interface Kind {
  name: string;
  doc?: string;
  /** Markers on the kind's type: resource, subresources, printcolumns, storageversion, XValidation. */
  markers: string[];
  spec: string;
  specOptional: boolean;
  status?: string;
}

export interface Version {
  name: string;
  /** The package's folder (and Go package name) when it is not the version's name (`+versionName`). */
  folder?: string;
  packageMarkers: string[];
  kinds: Kind[];
  structs: StructType[];
  aliases: AliasType[];
}

export interface ApiModel {
  versions: Version[];
}

/** The folder of a version's package. */
export const folderOf = (v: Version) => v.folder ?? v.name;

/** The group of the package written for `id` (a seed, or a shrinking candidate). */
export const groupOf = (id: string) => `${id}.example.com`;

/** The tag every description the generator writes starts with: only those are compared. */
export const DOC_TAG = 'Zq';

export const goName = (json: string) => json[0].toUpperCase() + json.slice(1);

/** The built-in type an embed names, if it names one. */
export const embeddedBuiltin = (embed: string): Builtin | undefined => (embed.startsWith('builtin:') ? (embed.slice('builtin:'.length) as Builtin) : undefined);

/** How many things the model has: the shrinker keeps the smallest failing model. */
export function modelSize(model: ApiModel): number {
  let n = 0;
  for (const v of model.versions) {
    n += 10 + v.packageMarkers.length;
    for (const k of v.kinds) n += 5 + k.markers.length;
    for (const s of v.structs) n += 2 + s.markers.length + s.embeds.length + s.fields.reduce((a, f) => a + 1 + f.markers.length + (f.doc ? 1 : 0), 0);
    for (const a of v.aliases) n += 2 + a.markers.length + a.constants.length;
  }
  return n;
}
