/**
 * The markers the CRD generator understands, with controller-gen's argument names and targets:
 * those with an effect on a schema (schema-markers.ts) or on the CRD (crd-markers.ts) are defined
 * there with their effect; here are the markers the generator reads where it finds kinds, versions
 * and required fields. `registerCrdMarkers` puts them all in the shared registry.
 */
import type { MarkerRegistry } from '../../../markers/index.js';
import type { CrdMarkerDefinition } from './crd-marker-definition.js';
import { CRD_MARKER_DEFINITIONS } from './crd-markers.js';
import { SCHEMA_MARKER_DEFINITIONS } from './schema-markers.js';

export type { CrdMarkerDefinition } from './crd-marker-definition.js';

const str = { type: 'string' } as const;

/** `+groupName=batch.my.domain`: the package is an API group's version. */
export const GROUP_NAME = {
  name: 'groupName',
  targets: ['package'],
  value: str,
  help: 'the API group of the package (`+groupName=` is the core group)',
} as const satisfies CrdMarkerDefinition;

export const VERSION_NAME = {
  name: 'versionName',
  targets: ['package'],
  value: str,
  help: 'the API version of the package (default: the folder name)',
} as const satisfies CrdMarkerDefinition;

export const SKIP_PACKAGE = { name: 'kubebuilder:skip', targets: ['package'], help: 'generate no CRDs for this package' } as const satisfies CrdMarkerDefinition;

/** `+kubebuilder:object:root`: a kind or a kind list (`=false`: neither). */
export const OBJECT_ROOT = {
  name: 'kubebuilder:object:root',
  targets: ['type'],
  value: { type: 'bool', optional: true },
  help: 'a kind or a kind list',
} as const satisfies CrdMarkerDefinition;

/** Markers whose meaning is where the generator reads them (type-to-schema.ts, generator.ts). */
const READ_IN_PLACE: readonly CrdMarkerDefinition[] = [
  { name: 'kubebuilder:validation:Required', targets: ['field', 'package'], help: 'the field is required (on a package: fields are required by default)' },
  { name: 'kubebuilder:validation:Optional', targets: ['field', 'package'], help: 'the field is optional (on a package: fields are optional by default)' },
  { name: 'required', targets: ['field'], help: 'the field is required' },
  { name: 'optional', targets: ['field'], help: 'the field is optional' },
  { name: 'k8s:required', targets: ['field'], help: 'the field is required' },
  { name: 'k8s:optional', targets: ['field'], help: 'the field is optional' },
  { name: 'kubebuilder:validation:Schemaless', targets: ['field'], help: 'emit no schema for this field' },
  GROUP_NAME,
  VERSION_NAME,
  SKIP_PACKAGE,
  OBJECT_ROOT,
];

/** Defines every marker the CRD generator reads in the given registry. */
export function registerCrdMarkers(registry: MarkerRegistry): void {
  for (const { targets, ...def } of [...SCHEMA_MARKER_DEFINITIONS, ...READ_IN_PLACE, ...CRD_MARKER_DEFINITIONS]) registry.defineFor(targets, def);
}
