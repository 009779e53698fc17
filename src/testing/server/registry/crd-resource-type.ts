/** Reads a CustomResourceDefinition (apiextensions.k8s.io/v1) into the server's ResourceType. */
import type { CustomResourceDefinitionNames } from '../../../kube/custom-resource-definition.js';
import { fieldReader } from '../../builtins/builtin-resources.js';
import { asObject, type KubeObject } from '../../model/object.js';
import { listRuleFromSchema } from '../../model/list-rules.js';
import type { PrinterColumn, ResourceType, VersionInfo } from '../../model/resource-type.js';


export function crdResourceType(crd: KubeObject): ResourceType {
  const spec = asObject(crd.spec);
  if (!spec) throw new Error(`CustomResourceDefinition ${crd.metadata?.name ?? ''} has no spec`);
  const names = spec.names as unknown as CustomResourceDefinitionNames;
  const group = spec.group as string; // the CRD passed validation: its names and paths are strings
  const rawVersions = Array.isArray(spec.versions) ? spec.versions : [];
  const versions: VersionInfo[] = rawVersions.map((raw) => {
    const v = asObject(raw) ?? {};
    const subresources = asObject(v.subresources);
    const scale = asObject(subresources?.scale);
    const schema = asObject(asObject(v.schema)?.openAPIV3Schema);
    const columns = Array.isArray(v.additionalPrinterColumns) ? (v.additionalPrinterColumns as unknown as PrinterColumn[]) : [];
    const selectable = Array.isArray(v.selectableFields) ? v.selectableFields.map((f) => (asObject(f)?.jsonPath as string | undefined) ?? '') : [];
    return {
      name: v.name as string,
      served: v.served !== false,
      storage: v.storage === true,
      deprecated: v.deprecated === true,
      deprecationWarning: typeof v.deprecationWarning === 'string' ? v.deprecationWarning : undefined,
      schema,
      statusSubresource: subresources?.status !== undefined,
      scale: scale
        ? {
            specReplicasPath: scale.specReplicasPath as string,
            statusReplicasPath: scale.statusReplicasPath as string,
            labelSelectorPath: typeof scale.labelSelectorPath === 'string' ? scale.labelSelectorPath : undefined,
          }
        : undefined,
      printerColumns: columns,
      selectableFields: selectable.filter((f) => f !== ''),
    };
  });
  const storage = versions.find((v) => v.storage) ?? versions[0];
  const fieldLabels: ResourceType['fieldLabels'] = {};
  for (const v of versions) for (const f of v.selectableFields) fieldLabels[f.replace(/^\./, '')] = fieldReader(f.replace(/^\./, ''));
  return {
    group,
    resource: names.plural,
    kind: names.kind,
    listKind: names.listKind ?? `${names.kind}List`,
    singular: names.singular ?? names.kind.toLowerCase(),
    namespaced: spec.scope !== 'Cluster',
    shortNames: names.shortNames ?? [],
    categories: names.categories ?? [],
    versions,
    builtin: false,
    crdName: crd.metadata?.name,
    conversion: asObject(spec.conversion),
    fieldLabels,
    listRule: (path) => listRuleFromSchema(storage?.schema, path),
    defaultPropagation: 'Background',
    tracksGeneration: true,
  };
}
