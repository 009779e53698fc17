// One entry of PROJECT's `resources`: a group/version/kind the project defines, controls or
// serves webhooks for, with the names derived from it that templates use.
import { resourcePlural } from '../kube/plural.js';

export interface ResourceApi {
  crdVersion: 'v1';
  namespaced?: boolean;
}

export interface ResourceWebhooks {
  defaulting?: boolean;
  defaultingPath?: string;
  validation?: boolean;
  validationPath?: string;
  conversion?: boolean;
  spoke?: string[];
  webhookVersion: 'v1';
}

export interface Resource {
  group: string;
  version: string;
  kind: string;
  /** Present only when it differs from the default plural. */
  plural?: string;
  domain?: string;
  /** The directory (relative to the project root) of the TypeScript API package. */
  path?: string;
  api?: ResourceApi;
  /** The kind's one unnamed controller (`<kind>_controller.ts`), as kubebuilder's legacy `controller: true`. */
  controller?: boolean;
  /** Named controllers (`create api --controller-name`), as kubebuilder v4's `controllers`. */
  controllers?: Array<{ name: string }>;
  core?: boolean;
  /** A kind of another project (`create api --external-api-path`): `path` is the module that exports its type. */
  external?: boolean;
  webhooks?: ResourceWebhooks;
}

export function pluralOf(res: Resource): string {
  return res.plural ?? resourcePlural(res.kind);
}

/** The API group as the API server knows it: `batch.my.domain`, `apps`, `networking.k8s.io`, '' for core. */
export function qualifiedGroup(res: Resource): string {
  if (res.core && res.group === 'core') return '';
  const domain = res.domain ?? '';
  if (res.group === '') return domain;
  if (domain === '') return res.group;
  return `${res.group}.${domain}`;
}

/**
 * Whether the project's own API is namespaced. PROJECT writes `namespaced: true` and leaves the key
 * out for a cluster-scoped kind (as kubebuilder), so only `true` means namespaced.
 */
export function apiNamespaced(api: ResourceApi): boolean {
  return api.namespaced === true;
}

/** `crew/v1, Kind=Captain` (`(core)` for the legacy group), as errors name a resource. */
export function gvkText(r: { group: string; version: string; kind: string }): string {
  return `${r.group === '' ? '(core)' : r.group}/${r.version}, Kind=${r.kind}`;
}

export function sameGvk(a: Resource, b: { group: string; version: string; kind: string }): boolean {
  return a.group === b.group && a.version === b.version && a.kind === b.kind;
}

/** `api/v1` or, in a multi-group project, `api/batch/v1`. */
export function apiPackagePath(group: string, version: string, multigroup: boolean): string {
  return multigroup && group !== '' ? `api/${group}/${version}` : `api/${version}`;
}

/** An identifier safe for an import alias: `batchv1`, `crewv1alpha1`. */
export function importAlias(res: Resource): string {
  const group = (res.group === '' ? 'core' : res.group).replace(/[-.]/g, '');
  return `${group}${res.version}`;
}
