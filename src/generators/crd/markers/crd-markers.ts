/**
 * The CRD markers (on a kind's root type): each one's arguments with its effect on the CRD, as
 * controller-gen's markers/crd.go.
 */
import { isMarkerOf, type MarkedValue, type MarkerValueOf } from '../../../markers/index.js';
import { annotationErrors, labelErrors } from '../../../kube/object-meta-rules.js';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../crd-types.js';
import type { CrdMarkerDefinition } from './crd-marker-definition.js';

function versionOf(crd: CustomResourceDefinition, version: string): CustomResourceDefinitionVersion | undefined {
  return crd.spec.versions.find((v) => v.name === version);
}

const str = { type: 'string' } as const;
const optStr = { type: 'string', optional: true } as const;
const optStrings = { type: { slice: 'string' }, optional: true } as const;

const ON_TYPES = { targets: ['type'] } as const;

interface CrdMarker {
  readonly definition: CrdMarkerDefinition;
  /** Applies a marker of `version`'s root type; returns an error text or undefined. */
  apply(crd: CustomResourceDefinition, version: string, marker: MarkedValue): string | undefined;
}

/** A CRD marker (on types) and its effect, given the marker's value as its definition types it. */
function crdMarker<const D extends Omit<CrdMarkerDefinition, 'targets'>>(
  def: D,
  apply: (crd: CustomResourceDefinition, version: string, args: MarkerValueOf<D>) => string | undefined,
): CrdMarker {
  const definition = { ...def, ...ON_TYPES };
  return { definition, apply: (crd, version, marker) => (isMarkerOf(definition, marker) ? apply(crd, version, marker.value) : undefined) };
}

type PrinterColumn = NonNullable<CustomResourceDefinitionVersion['additionalPrinterColumns']>[number];
type ScaleSubresource = NonNullable<NonNullable<CustomResourceDefinitionVersion['subresources']>['scale']>;

const CRD_MARKERS: CrdMarker[] = [
  crdMarker({ name: 'kubebuilder:subresource:status', help: 'enable the status subresource' }, (crd, version) => {
    const ver = versionOf(crd, version);
    if (!ver) return `status subresource applied to version "${version}" not in CRD`;
    (ver.subresources ??= {}).status = {};
    return undefined;
  }),
  crdMarker(
    { name: 'kubebuilder:subresource:scale', args: { specpath: str, statuspath: str, selectorpath: optStr }, help: 'enable the scale subresource' },
    (crd, version, args) => {
      const ver = versionOf(crd, version);
      if (!ver) return `scale subresource applied to version "${version}" not in CRD`;
      const scale: ScaleSubresource = { specReplicasPath: args.specpath, statusReplicasPath: args.statuspath };
      if (args.selectorpath !== undefined) scale.labelSelectorPath = args.selectorpath;
      (ver.subresources ??= {}).scale = scale;
      return undefined;
    },
  ),
  crdMarker(
    {
      name: 'kubebuilder:printcolumn',
      args: { name: str, type: str, JSONPath: str, description: optStr, format: optStr, priority: { type: 'int', optional: true } },
      help: 'an additional printer column',
    },
    (crd, version, args) => {
      const ver = versionOf(crd, version);
      if (!ver) return `printer columns applied to version "${version}" not in CRD`;
      ver.subresources ??= {}; // as controller-gen, which writes `subresources: {}` then
      const column: PrinterColumn = { name: args.name, type: args.type, jsonPath: args.JSONPath };
      if (args.description) column.description = args.description;
      if (args.format) column.format = args.format;
      if (args.priority) column.priority = args.priority;
      (ver.additionalPrinterColumns ??= []).push(column);
      return undefined;
    },
  ),
  crdMarker(
    {
      name: 'kubebuilder:resource',
      args: { path: optStr, shortName: optStrings, categories: optStrings, singular: optStr, scope: optStr },
      help: 'resource names and scope',
    },
    (crd, _version, args) => {
      const names = crd.spec.names;
      if (args.path) names.plural = args.path;
      if (args.singular) names.singular = args.singular;
      if (args.shortName && args.shortName.length > 0) names.shortNames = [...args.shortName];
      else delete names.shortNames;
      if (args.categories && args.categories.length > 0) names.categories = [...args.categories];
      else delete names.categories;
      crd.spec.scope = args.scope || 'Namespaced';
      return undefined;
    },
  ),
  crdMarker({ name: 'kubebuilder:storageversion', help: 'this version is the storage version' }, (crd, version) => {
    const ver = versionOf(crd, version);
    if (ver) ver.storage = true;
    return undefined;
  }),
  crdMarker({ name: 'kubebuilder:skipversion', help: 'leave this version out of the CRD' }, (crd, version) => {
    crd.spec.versions = crd.spec.versions.filter((v) => v.name !== version);
    return undefined;
  }),
  crdMarker({ name: 'kubebuilder:unservedversion', help: 'this version is not served' }, (crd, version) => {
    const ver = versionOf(crd, version);
    if (ver) ver.served = false;
    return undefined;
  }),
  crdMarker({ name: 'kubebuilder:deprecatedversion', args: { warning: optStr }, help: 'this version is deprecated' }, (crd, version, args) => {
    const ver = versionOf(crd, version);
    if (ver) {
      ver.deprecated = true;
      if (args.warning !== undefined) ver.deprecationWarning = args.warning;
    }
    return undefined;
  }),
  crdMarker(
    { name: 'kubebuilder:metadata', args: { annotations: optStrings, labels: optStrings }, help: 'annotations and labels of the CRD object' },
    (crd, _version, args) => {
      // Keys are the user's (no prototype: `__proto__` is a key like any other, refused below).
      const annotations: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, crd.metadata.annotations);
      const labels: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, crd.metadata.labels);
      for (const entry of args.annotations ?? []) {
        const eq = entry.indexOf('=');
        if (eq < 0) return `annotation ${entry} is not in 'xxx=xxx' format`;
        annotations[entry.slice(0, eq)] = entry.slice(eq + 1);
      }
      for (const entry of args.labels ?? []) {
        const eq = entry.indexOf('=');
        labels[eq < 0 ? entry : entry.slice(0, eq)] = eq < 0 ? '' : entry.slice(eq + 1);
      }
      // What the API server would refuse in the CRD's metadata, refused here at the marker.
      const refused = [...annotationErrors(annotations, 'metadata.annotations'), ...labelErrors(labels, 'metadata.labels')];
      if (refused.length > 0) return refused.map((e) => `${e.field}: ${e.message}`).join('; ');
      if (Object.keys(annotations).length > 0) crd.metadata.annotations = annotations;
      if (Object.keys(labels).length > 0) crd.metadata.labels = labels;
      return undefined;
    },
  ),
  crdMarker({ name: 'kubebuilder:selectablefield', args: { JSONPath: str }, help: 'a field usable in field selectors' }, (crd, version, args) => {
    const ver = versionOf(crd, version);
    if (!ver) return `selectable field applied to version "${version}" not in CRD`;
    (ver.selectableFields ??= []).push({ jsonPath: args.JSONPath });
    return undefined;
  }),
];

/** The CRD markers' definitions, for the registry (all on types). */
export const CRD_MARKER_DEFINITIONS: readonly CrdMarkerDefinition[] = CRD_MARKERS.map((m) => m.definition);

const BY_NAME = new Map(CRD_MARKERS.map((m) => [m.definition.name, m]));

/** Applies one marker of `version`'s root type; returns an error text or undefined. */
export function applyCrdMarker(crd: CustomResourceDefinition, version: string, marker: MarkedValue): string | undefined {
  return BY_NAME.get(marker.name)?.apply(crd, version, marker);
}

export const CRD_MARKER_NAMES: ReadonlySet<string> = new Set(BY_NAME.keys());
