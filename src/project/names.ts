// Names derived from a resource that several commands agree on (file names, identifiers, paths).
import { posix } from 'node:path';
import type { Resource } from './resource.js';
import { apiPackagePath, importAlias, pluralOf, qualifiedGroup } from './resource.js';

export interface ResourceNames {
  kind: string;
  lowerKind: string;
  /** `cronJob`: the kind as a camelCase identifier. */
  camelKind: string;
  plural: string;
  qualifiedGroup: string;
  apiVersion: string;
  /**
   * The api package directory: where PROJECT records it (`path`), else `api/v1` or `api/<group>/v1`.
   * The recorded path wins so that APIs created before `edit --multigroup` are still found.
   */
  apiPath: string;
  /** The tests' sample object of the kind (`new<Kind>(name)`), mirroring apiPath: `test/samples/v1/cronjob.ts`. */
  sampleFile: string;
  importAlias: string;
  /** `group_kind` in multi-group projects (file names of roles), else `kind`. */
  groupedLowerKind: string;
  /** The group in a `+kubebuilder:rbac` marker (`core` for the legacy group). */
  rbacGroup: string;
  /** The group in a `+kubebuilder:webhook` marker (`""` for the legacy group). */
  webhookGroup: string;
}

export function resourceNames(res: Resource, multigroup: boolean): ResourceNames {
  const group = qualifiedGroup(res);
  const lowerKind = res.kind.toLowerCase();
  const grouped = multigroup && res.group !== '';
  const apiPath = res.path ?? apiPackagePath(res.group, res.version, multigroup);
  return {
    kind: res.kind,
    lowerKind,
    camelKind: res.kind.charAt(0).toLowerCase() + res.kind.slice(1),
    plural: pluralOf(res),
    qualifiedGroup: group,
    apiVersion: group === '' ? res.version : `${group}/${res.version}`,
    apiPath,
    sampleFile: `test/samples/${apiPath.replace(/^api\//, '')}/${lowerKind}.ts`,
    importAlias: importAlias(res),
    groupedLowerKind: grouped ? `${res.group}_${lowerKind}` : lowerKind,
    rbacGroup: group === '' ? 'core' : group,
    webhookGroup: group === '' ? '""' : group,
  };
}

/** An import specifier from one project file to another: `../../api/v1/index.js`. */
export function relativeImport(fromFile: string, toFile: string): string {
  const rel = posix.relative(posix.dirname(fromFile), toFile).replace(/\.ts$/, '.js');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

export function pascal(word: string): string {
  return word.split(/[-.]/).filter(Boolean).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
}
