// A CRD with several versions stores exactly one of them: when a kind gets its second version,
// the existing one becomes the storage version unless one is marked already.
import { resourceNames } from '../../../project/names.js';
import type { ProjectConfig } from '../../../project/project-file.js';
import type { Resource } from '../../../project/resource.js';
import type { Plan } from '../../machinery/plan.js';
import { markRootType } from '../../machinery/root-markers.js';
import { typesFileOf } from './types-file.js';

export function planStorageVersion(plan: Plan, cfg: ProjectConfig, res: Resource): void {
  const marker = '// +kubebuilder:storageversion';
  const others = cfg.resources.filter((r) => r.api && r.group === res.group && r.kind === res.kind && r.version !== res.version);
  if (others.length === 0) return;
  const typesOf = (r: Resource) => typesFileOf(resourceNames(r, cfg.multigroup === true));
  if (others.some((r) => plan.read(typesOf(r))?.includes(marker))) return;
  const first = others[0];
  if (!plan.exists(typesOf(first))) return;
  markRootType(plan, typesOf(first), marker, first.kind);
  plan.note(
    `${typesOf(first)}: marked ${first.kind} ${first.version} as the storage version (+kubebuilder:storageversion). To store ${res.version} instead: move the marker to ${typesOf(res)}, deploy, ` +
      `run scaffolder/runtime's StorageVersionMigrator once (it rewrites the stored objects and leaves the CRD's status.storedVersions with ${res.version} alone), and only then stop serving ${first.version}; ` +
      '`scaffolder manifests --check-compat` warns until then',
  );
}
