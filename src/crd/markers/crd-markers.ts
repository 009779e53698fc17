/** The effect of CRD markers (on a kind's root type) on the CRD, as controller-gen's markers/crd.go. */
import type { MarkedValue, MarkerValue } from '../../markers/index.js';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../crd-types.js';

type Args = Record<string, MarkerValue | undefined>;

function versionOf(crd: CustomResourceDefinition, version: string): CustomResourceDefinitionVersion | undefined {
  return crd.spec.versions.find((v) => v.name === version);
}

const strings = (v: MarkerValue | undefined): string[] | undefined => (Array.isArray(v) ? v.map(String) : undefined);

/** Applies one marker of `version`'s root type; returns an error text or undefined. */
export function applyCrdMarker(crd: CustomResourceDefinition, version: string, marker: MarkedValue): string | undefined {
  const args = (typeof marker.value === 'object' && !Array.isArray(marker.value) ? marker.value : {}) as Args;
  switch (marker.name) {
    case 'kubebuilder:subresource:status': {
      const ver = versionOf(crd, version);
      if (!ver) return `status subresource applied to version "${version}" not in CRD`;
      (ver.subresources ??= {}).status = {};
      return undefined;
    }
    case 'kubebuilder:subresource:scale': {
      const ver = versionOf(crd, version);
      if (!ver) return `scale subresource applied to version "${version}" not in CRD`;
      const scale: NonNullable<NonNullable<CustomResourceDefinitionVersion['subresources']>['scale']> = {
        specReplicasPath: String(args.specpath ?? ''),
        statusReplicasPath: String(args.statuspath ?? ''),
      };
      if (args.selectorpath !== undefined) scale.labelSelectorPath = String(args.selectorpath);
      (ver.subresources ??= {}).scale = scale;
      return undefined;
    }
    case 'kubebuilder:printcolumn': {
      const ver = versionOf(crd, version);
      if (!ver) return `printer columns applied to version "${version}" not in CRD`;
      ver.subresources ??= {}; // as controller-gen, which writes `subresources: {}` then
      const column = { name: String(args.name), type: String(args.type), jsonPath: String(args.JSONPath) } as NonNullable<
        CustomResourceDefinitionVersion['additionalPrinterColumns']
      >[number];
      if (args.description) column.description = String(args.description);
      if (args.format) column.format = String(args.format);
      if (args.priority) column.priority = Number(args.priority);
      (ver.additionalPrinterColumns ??= []).push(column);
      return undefined;
    }
    case 'kubebuilder:resource': {
      const names = crd.spec.names;
      if (args.path) names.plural = String(args.path);
      if (args.singular) names.singular = String(args.singular);
      const shortNames = strings(args.shortName);
      const categories = strings(args.categories);
      if (shortNames && shortNames.length > 0) names.shortNames = shortNames;
      else delete names.shortNames;
      if (categories && categories.length > 0) names.categories = categories;
      else delete names.categories;
      crd.spec.scope = args.scope ? String(args.scope) : 'Namespaced';
      return undefined;
    }
    case 'kubebuilder:storageversion': {
      const ver = versionOf(crd, version);
      if (ver) ver.storage = true;
      return undefined;
    }
    case 'kubebuilder:skipversion':
      crd.spec.versions = crd.spec.versions.filter((v) => v.name !== version);
      return undefined;
    case 'kubebuilder:unservedversion': {
      const ver = versionOf(crd, version);
      if (ver) ver.served = false;
      return undefined;
    }
    case 'kubebuilder:deprecatedversion': {
      const ver = versionOf(crd, version);
      if (ver) {
        ver.deprecated = true;
        if (args.warning !== undefined) ver.deprecationWarning = String(args.warning);
      }
      return undefined;
    }
    case 'kubebuilder:metadata': {
      for (const entry of strings(args.annotations) ?? []) {
        const eq = entry.indexOf('=');
        if (eq < 0) return `annotation ${entry} is not in 'xxx=xxx' format`;
        (crd.metadata.annotations ??= {})[entry.slice(0, eq)] = entry.slice(eq + 1);
      }
      for (const entry of strings(args.labels) ?? []) {
        const eq = entry.indexOf('=');
        (crd.metadata.labels ??= {})[eq < 0 ? entry : entry.slice(0, eq)] = eq < 0 ? '' : entry.slice(eq + 1);
      }
      return undefined;
    }
    case 'kubebuilder:selectablefield': {
      const ver = versionOf(crd, version);
      if (!ver) return `selectable field applied to version "${version}" not in CRD`;
      (ver.selectableFields ??= []).push({ jsonPath: String(args.JSONPath) });
      return undefined;
    }
  }
  return undefined;
}

export const CRD_MARKER_NAMES = new Set([
  'kubebuilder:subresource:status',
  'kubebuilder:subresource:scale',
  'kubebuilder:printcolumn',
  'kubebuilder:resource',
  'kubebuilder:storageversion',
  'kubebuilder:skipversion',
  'kubebuilder:unservedversion',
  'kubebuilder:deprecatedversion',
  'kubebuilder:metadata',
  'kubebuilder:selectablefield',
]);
