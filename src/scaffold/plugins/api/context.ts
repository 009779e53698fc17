// What every file of `create api` is made from: the kind's PROJECT entry, its names, and the data
// its templates share (the project's values, the kind's names, scope and markers).
import { projectContext, type ProjectContext } from '../../../project/context.js';
import { clusterScopedBuiltinKinds } from '../../../project/core-groups.js';
import { resourceNames, type ResourceNames } from '../../../project/names.js';
import type { ProjectConfig } from '../../../project/project-file.js';
import { apiNamespaced, type Resource } from '../../../project/resource.js';
import { crdDefaultPlural } from '../../../kube/plural.js';
import { API_APPROVAL_ANNOTATION, isProtectedCommunityGroup } from '../../../kube/community-groups.js';

export type ApiData = ProjectContext & ResourceNames & {
  group: string;
  version: string;
  namespaced: boolean;
  resourceMarker: string;
  apiApprovalAnnotation: string;
};

export interface ApiContext {
  cfg: ProjectConfig;
  /** The kind's PROJECT entry as this run leaves it. */
  res: Resource;
  names: ResourceNames;
  multigroup: boolean;
  /** A kind of a built-in group (core, apps, batch, ...). */
  core: boolean;
  data: ApiData;
}

/** `external`: a kind of another project; `namespaced` its scope when neither PROJECT nor Kubernetes knows it. */
export function apiContext(cfg: ProjectConfig, res: Resource, kind: { core: boolean; external: boolean; namespaced?: boolean }): ApiContext {
  const multigroup = cfg.multigroup === true;
  const names = resourceNames(res, multigroup);
  const namespaced = res.api ? apiNamespaced(res.api) : kind.external ? (kind.namespaced ?? true) : !clusterScopedBuiltinKinds.has(res.kind);
  // path= whenever controller-gen would not choose this plural itself (kubebuilder writes it only for a
  // --plural, but its rule and controller-gen's differ for a few kinds, e.g. BigOx).
  const pathMarker = names.plural !== crdDefaultPlural(res.kind) ? [`path=${names.plural}`] : [];
  const resourceMarker = [...pathMarker, ...(namespaced ? [] : ['scope=Cluster'])].join(',');
  // A Kubernetes community group's CRD is refused without the API approval annotation.
  const apiApprovalAnnotation = isProtectedCommunityGroup(names.qualifiedGroup) ? API_APPROVAL_ANNOTATION : '';
  const data = { ...projectContext(cfg), ...names, group: res.group, version: res.version, namespaced, resourceMarker, apiApprovalAnnotation };
  return { cfg, res, names, multigroup, core: kind.core, data };
}
