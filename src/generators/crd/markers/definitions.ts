/**
 * The markers the CRD generator understands, with controller-gen's argument names and targets:
 * those with an effect on a schema (schema-markers.ts) or on the CRD (crd-markers.ts) are defined
 * there with their effect; here are the markers the generator reads where it finds kinds, versions
 * and required fields. `registerCrdMarkers` puts them all in the shared registry.
 */
import type { ArgSpec, MarkerRegistry } from '../../../markers/index.js';
import type { CrdMarkerDefinition } from './crd-marker-definition.js';
import { CRD_MARKER_DEFINITIONS } from './crd-markers.js';
import { SCHEMA_MARKER_DEFINITIONS } from './schema-markers.js';

export type { CrdMarkerDefinition } from './crd-marker-definition.js';

const str: ArgSpec = { type: 'string' };

/** Markers whose meaning is where the generator reads them (type-to-schema.ts, generator.ts). */
const READ_IN_PLACE: readonly CrdMarkerDefinition[] = [
  { name: 'kubebuilder:validation:Required', targets: ['field', 'package'], help: 'the field is required (on a package: fields are required by default)' },
  { name: 'kubebuilder:validation:Optional', targets: ['field', 'package'], help: 'the field is optional (on a package: fields are optional by default)' },
  { name: 'required', targets: ['field'], help: 'the field is required' },
  { name: 'optional', targets: ['field'], help: 'the field is optional' },
  { name: 'k8s:required', targets: ['field'], help: 'the field is required' },
  { name: 'k8s:optional', targets: ['field'], help: 'the field is optional' },
  { name: 'kubebuilder:validation:Schemaless', targets: ['field'], help: 'emit no schema for this field' },
  { name: 'groupName', targets: ['package'], value: { type: 'string' }, help: 'the API group of the package (`+groupName=` is the core group)' },
  { name: 'versionName', targets: ['package'], value: str, help: 'the API version of the package (default: the folder name)' },
  { name: 'kubebuilder:skip', targets: ['package'], help: 'generate no CRDs for this package' },
  { name: 'kubebuilder:object:root', targets: ['type'], value: { type: 'bool', optional: true }, help: 'a kind or a kind list' },
];

/** Defines every marker the CRD generator reads in the given registry. */
export function registerCrdMarkers(registry: MarkerRegistry): void {
  for (const { targets, ...def } of [...SCHEMA_MARKER_DEFINITIONS, ...READ_IN_PLACE, ...CRD_MARKER_DEFINITIONS]) registry.defineFor(targets, def);
}
