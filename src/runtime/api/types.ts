/**
 * The value types that API packages (`api/<version>/*_types.ts`) are written with.
 *
 * They are plain aliases, so objects stay ordinary JSON at run time; the CRD generator
 * recognises each by its name and this declaring module, as controller-gen recognises
 * metav1.Time or resource.Quantity, and emits the schema noted on each.
 */
import type { V1ObjectMeta, V1ListMeta } from '@kubernetes/client-node';
import type { Wire } from './wire.js';
export type { Wire } from './wire.js';

/** `integer` without a format (Go's `int`, as controller-gen writes it). */
export type int = number;
/** `integer` with `format: int32`. */
export type int32 = number;
/** `integer` with `format: int64`. */
export type int64 = number;
/** RFC 3339 timestamp: `string` with `format: date-time` (metav1.Time). */
export type Time = string;
/** RFC 3339 timestamp with microseconds: `string` with `format: date-time` (metav1.MicroTime). */
export type MicroTime = string;
/** A Go duration such as `1h30m`: `string` (metav1.Duration). */
export type Duration = string;
/** A resource quantity such as `100Mi`: int-or-string with the quantity pattern (resource.Quantity). */
export type Quantity = string | number;
/** `x-kubernetes-int-or-string` (intstr.IntOrString). */
export type IntOrString = string | number;
/** Any embedded object: `type: object` preserving unknown fields (runtime.RawExtension). */
export type RawExtension = Record<string, unknown>;
/** Arbitrary JSON (apiextensionsv1.JSON): no type, preserves unknown fields. */
export type JSONValue = unknown;
/** Object metadata: `type: object` in a CRD, as for metav1.ObjectMeta. */
export type ObjectMeta = Wire<V1ObjectMeta>;
/** List metadata of a `<Kind>List`. */
export type ListMeta = V1ListMeta;
