// What `edit` changes in PROJECT, each value checked against the project it is to fit.
import { isKubernetesApiVersion, KUBERNETES_API_VERSIONS } from '../../../kube/kubernetes-api.js';
import type { ProjectConfig } from '../../../project/project-file.js';
import { apiPackagePath } from '../../../project/resource.js';
import { UsageError } from '../../../project/usage-error.js';
import { validateOwner } from '../../../project/validation.js';
import type { Plan } from '../../machinery/plan.js';
import type { EditOptions } from './options.js';

/** PROJECT with the new values; what the user should know about them goes to the plan's notes. */
export function editedConfig(plan: Plan, cfg: ProjectConfig, opts: EditOptions): ProjectConfig {
  const next: ProjectConfig = { ...cfg };
  if (opts.kubernetesVersion !== undefined) {
    if (!isKubernetesApiVersion(opts.kubernetesVersion)) {
      throw new UsageError(`invalid --kubernetes-version "${opts.kubernetesVersion}": must be one of ${KUBERNETES_API_VERSIONS.join(', ')}`);
    }
    next.kubernetesVersion = opts.kubernetesVersion;
    plan.note(`CRDs embed Kubernetes ${opts.kubernetesVersion} built-in types from the next \`scaffolder manifests\` (make manifests)`);
  }
  if (opts.multigroup !== undefined) {
    if (!opts.multigroup && cfg.multigroup) checkSingleGroup(cfg);
    if (opts.multigroup && !cfg.multigroup && cfg.resources.some((r) => r.api)) {
      plan.note('existing APIs stay under api/<version>/; new groups go to api/<group>/<version>/');
    }
    next.multigroup = opts.multigroup || undefined;
  }
  // An empty --owner goes back to the default owner ("The <project> Authors"), as init without --owner.
  if (opts.owner !== undefined) {
    validateOwner(opts.owner);
    next.owner = opts.owner.trim() || undefined;
  }
  if (opts.license !== undefined) next.license = opts.license;
  if (opts.namespaced !== undefined) next.namespaced = opts.namespaced || undefined;
  return next;
}

/** --multigroup=false: the project's APIs must be in one group, under api/<version>/. */
function checkSingleGroup(cfg: ProjectConfig): void {
  const groups = new Set(cfg.resources.filter((r) => r.api).map((r) => r.group));
  if (groups.size > 1) throw new UsageError(`--multigroup=false: the project has APIs in ${groups.size} groups (${[...groups].join(', ')}); a single-group project can hold only one`);
  // APIs created before `edit --multigroup` stay in api/<version>/ (PROJECT records the path) and still fit.
  const grouped = cfg.resources.filter((r) => r.api && (r.path ?? apiPackagePath(r.group, r.version, true)) !== apiPackagePath(r.group, r.version, false));
  if (grouped.length > 0) throw new UsageError(`--multigroup=false: the project has APIs under api/<group>/ (${grouped.map((r) => r.path ?? apiPackagePath(r.group, r.version, true)).join(', ')}); move them by hand first`);
}
