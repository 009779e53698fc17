/**
 * The CRD markers (on a kind's root type): each one's arguments with its effect on the CRD, as
 * controller-gen's markers/crd.go.
 */
import { markerText, type ArgSpec, type MarkedValue, type MarkerValue } from '../../../markers/index.js';
import { annotationErrors, labelErrors } from '../../../kube/object-meta-rules.js';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../crd-types.js';
import type { CrdMarkerDefinition } from './crd-marker-definition.js';

type Args = Record<string, MarkerValue | undefined>;

function versionOf(crd: CustomResourceDefinition, version: string): CustomResourceDefinitionVersion | undefined {
  return crd.spec.versions.find((v) => v.name === version);
}

const strings = (v: MarkerValue | undefined): string[] | undefined => (Array.isArray(v) ? v.map(String) : undefined);

const str: ArgSpec = { type: 'string' };
const optStr: ArgSpec = { type: 'string', optional: true };
const optStrings: ArgSpec = { type: { slice: 'string' }, optional: true };

interface CrdMarker extends Omit<CrdMarkerDefinition, 'targets'> {
  /** Applies the marker of `version`'s root type; returns an error text or undefined. */
  apply: (crd: CustomResourceDefinition, version: string, args: Args) => string | undefined;
}

const CRD_MARKERS: CrdMarker[] = [
  {
    name: 'kubebuilder:subresource:status',
    help: 'enable the status subresource',
    apply(crd, version) {
      const ver = versionOf(crd, version);
      if (!ver) return `status subresource applied to version "${version}" not in CRD`;
      (ver.subresources ??= {}).status = {};
      return undefined;
    },
  },
  {
    name: 'kubebuilder:subresource:scale',
    args: { specpath: str, statuspath: str, selectorpath: optStr },
    help: 'enable the scale subresource',
    apply(crd, version, args) {
      const ver = versionOf(crd, version);
      if (!ver) return `scale subresource applied to version "${version}" not in CRD`;
      const scale: NonNullable<NonNullable<CustomResourceDefinitionVersion['subresources']>['scale']> = {
        specReplicasPath: markerText(args.specpath),
        statusReplicasPath: markerText(args.statuspath),
      };
      if (args.selectorpath !== undefined) scale.labelSelectorPath = markerText(args.selectorpath);
      (ver.subresources ??= {}).scale = scale;
      return undefined;
    },
  },
  {
    name: 'kubebuilder:printcolumn',
    args: { name: str, type: str, JSONPath: str, description: optStr, format: optStr, priority: { type: 'int', optional: true } },
    help: 'an additional printer column',
    apply(crd, version, args) {
      const ver = versionOf(crd, version);
      if (!ver) return `printer columns applied to version "${version}" not in CRD`;
      ver.subresources ??= {}; // as controller-gen, which writes `subresources: {}` then
      const column = { name: markerText(args.name), type: markerText(args.type), jsonPath: markerText(args.JSONPath) } as NonNullable<
        CustomResourceDefinitionVersion['additionalPrinterColumns']
      >[number];
      if (args.description) column.description = markerText(args.description);
      if (args.format) column.format = markerText(args.format);
      if (args.priority) column.priority = Number(args.priority);
      (ver.additionalPrinterColumns ??= []).push(column);
      return undefined;
    },
  },
  {
    name: 'kubebuilder:resource',
    args: { path: optStr, shortName: optStrings, categories: optStrings, singular: optStr, scope: optStr },
    help: 'resource names and scope',
    apply(crd, version, args) {
      const names = crd.spec.names;
      if (args.path) names.plural = markerText(args.path);
      if (args.singular) names.singular = markerText(args.singular);
      const shortNames = strings(args.shortName);
      const categories = strings(args.categories);
      if (shortNames && shortNames.length > 0) names.shortNames = shortNames;
      else delete names.shortNames;
      if (categories && categories.length > 0) names.categories = categories;
      else delete names.categories;
      crd.spec.scope = args.scope ? markerText(args.scope) : 'Namespaced';
      return undefined;
    },
  },
  {
    name: 'kubebuilder:storageversion',
    help: 'this version is the storage version',
    apply(crd, version) {
      const ver = versionOf(crd, version);
      if (ver) ver.storage = true;
      return undefined;
    },
  },
  {
    name: 'kubebuilder:skipversion',
    help: 'leave this version out of the CRD',
    apply(crd, version) {
      crd.spec.versions = crd.spec.versions.filter((v) => v.name !== version);
      return undefined;
    },
  },
  {
    name: 'kubebuilder:unservedversion',
    help: 'this version is not served',
    apply(crd, version) {
      const ver = versionOf(crd, version);
      if (ver) ver.served = false;
      return undefined;
    },
  },
  {
    name: 'kubebuilder:deprecatedversion',
    args: { warning: optStr },
    help: 'this version is deprecated',
    apply(crd, version, args) {
      const ver = versionOf(crd, version);
      if (ver) {
        ver.deprecated = true;
        if (args.warning !== undefined) ver.deprecationWarning = markerText(args.warning);
      }
      return undefined;
    },
  },
  {
    name: 'kubebuilder:metadata',
    args: { annotations: optStrings, labels: optStrings },
    help: 'annotations and labels of the CRD object',
    apply(crd, version, args) {
      // Keys are the user's (no prototype: `__proto__` is a key like any other, refused below).
      const annotations: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, crd.metadata.annotations);
      const labels: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, crd.metadata.labels);
      for (const entry of strings(args.annotations) ?? []) {
        const eq = entry.indexOf('=');
        if (eq < 0) return `annotation ${entry} is not in 'xxx=xxx' format`;
        annotations[entry.slice(0, eq)] = entry.slice(eq + 1);
      }
      for (const entry of strings(args.labels) ?? []) {
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
  },
  {
    name: 'kubebuilder:selectablefield',
    args: { JSONPath: str },
    help: 'a field usable in field selectors',
    apply(crd, version, args) {
      const ver = versionOf(crd, version);
      if (!ver) return `selectable field applied to version "${version}" not in CRD`;
      (ver.selectableFields ??= []).push({ jsonPath: markerText(args.JSONPath) });
      return undefined;
    },
  },
];

/** The CRD markers' definitions, for the registry (all on types). */
export const CRD_MARKER_DEFINITIONS: readonly CrdMarkerDefinition[] = CRD_MARKERS.map(({ apply: _apply, ...def }) => ({ ...def, targets: ['type'] }));

const BY_NAME = new Map(CRD_MARKERS.map((m) => [m.name, m]));

/** Applies one marker of `version`'s root type; returns an error text or undefined. */
export function applyCrdMarker(crd: CustomResourceDefinition, version: string, marker: MarkedValue): string | undefined {
  const args = (typeof marker.value === 'object' && !Array.isArray(marker.value) ? marker.value : {}) as Args;
  return BY_NAME.get(marker.name)?.apply(crd, version, args);
}

export const CRD_MARKER_NAMES: ReadonlySet<string> = new Set(BY_NAME.keys());
