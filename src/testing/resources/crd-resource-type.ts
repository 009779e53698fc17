/** Reads a CustomResourceDefinition (apiextensions.k8s.io/v1) into the server's ResourceType. */
import type { CustomResourceDefinitionNames } from '../../kube/custom-resource-definition.js';
import { fieldReader } from './builtin-resources.js';
import { isPlainObject, type JSONObject, type KubeObject } from './object.js';
import type { ListMergeRule, PrinterColumn, ResourceType, VersionInfo } from './resource-type.js';


function asObject(value: unknown): JSONObject | undefined {
  return isPlainObject(value) ? (value as JSONObject) : undefined;
}

/** Follows a field path through a structural schema (properties, items, additionalProperties). */
export function schemaAt(schema: JSONObject | undefined, path: readonly string[]): JSONObject | undefined {
  let cur = schema;
  for (const segment of path) {
    if (!cur) return undefined;
    if (cur.type === 'array') cur = asObject(cur.items);
    if (!cur) return undefined;
    const props = asObject(cur.properties);
    if (props && props[segment] !== undefined) cur = asObject(props[segment]);
    else cur = asObject(cur.additionalProperties);
  }
  return cur;
}

function listRuleFromSchema(schema: JSONObject | undefined, path: readonly string[]): ListMergeRule | undefined {
  if (path.length === 2 && path[0] === 'metadata') {
    if (path[1] === 'finalizers') return { type: 'set' };
    if (path[1] === 'ownerReferences') return { type: 'map', keys: ['uid'] };
  }
  const node = schemaAt(schema, path);
  if (!node) return undefined;
  const listType = node['x-kubernetes-list-type'];
  if (listType === 'map') {
    const keys = Array.isArray(node['x-kubernetes-list-map-keys']) ? node['x-kubernetes-list-map-keys'].map(String) : [];
    // SMD fills a missing key field with its schema default before matching items (a port's protocol is TCP).
    const itemProps = asObject(asObject(node.items)?.properties);
    const keyDefaults: Record<string, unknown> = {};
    for (const k of keys) {
      const d = asObject(itemProps?.[k])?.default;
      if (d !== undefined) keyDefaults[k] = d;
    }
    return Object.keys(keyDefaults).length > 0 ? { type: 'map', keys, keyDefaults } : { type: 'map', keys };
  }
  if (listType === 'set') return { type: 'set' };
  return { type: 'atomic' };
}

export function crdResourceType(crd: KubeObject): ResourceType {
  const spec = asObject(crd.spec);
  if (!spec) throw new Error(`CustomResourceDefinition ${crd.metadata?.name ?? ''} has no spec`);
  const names = spec.names as unknown as CustomResourceDefinitionNames;
  const group = String(spec.group);
  const rawVersions = Array.isArray(spec.versions) ? spec.versions : [];
  const versions: VersionInfo[] = rawVersions.map((raw) => {
    const v = asObject(raw) ?? {};
    const subresources = asObject(v.subresources);
    const scale = asObject(subresources?.scale);
    const schema = asObject(asObject(v.schema)?.openAPIV3Schema);
    const columns = Array.isArray(v.additionalPrinterColumns) ? (v.additionalPrinterColumns as unknown as PrinterColumn[]) : [];
    const selectable = Array.isArray(v.selectableFields) ? v.selectableFields.map((f) => String(asObject(f)?.jsonPath ?? '')) : [];
    return {
      name: String(v.name),
      served: v.served !== false,
      storage: v.storage === true,
      deprecated: v.deprecated === true,
      deprecationWarning: typeof v.deprecationWarning === 'string' ? v.deprecationWarning : undefined,
      schema,
      statusSubresource: subresources?.status !== undefined,
      scale: scale
        ? {
            specReplicasPath: String(scale.specReplicasPath),
            statusReplicasPath: String(scale.statusReplicasPath),
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
