// `edit`: changes to project-wide choices after init (multi-group, namespace scope, license header).
import { isKubernetesApiVersion, KUBERNETES_API_VERSIONS } from '../../kube/kubernetes-api.js';
import { UsageError } from '../../project/usage-error.js';
import type { Plan } from '../machinery/plan.js';
import { managerEnvEntry, managerFile, removeManagerEnv, setManagerEnv } from '../machinery/manager-env.js';
import { render } from '../machinery/render.js';
import type { License } from '../../project/boilerplate.js';
import { projectContext } from '../../project/context.js';
import type { ProjectConfig } from '../../project/project-file.js';
import { apiPackagePath } from '../../project/resource.js';
import { validateOwner } from '../../project/validation.js';

export interface EditOptions {
  multigroup?: boolean;
  namespaced?: boolean;
  owner?: string;
  license?: License;
  /** PROJECT's kubernetesVersion: the Kubernetes release of the built-in types `manifests` writes. */
  kubernetesVersion?: string;
}

const watchNamespaceEnv = managerEnvEntry('WATCH_NAMESPACE', ['valueFrom:', '  fieldRef:', '    fieldPath: metadata.namespace']);

/** Plans `edit`; returns the updated PROJECT configuration. */
export function planEdit(plan: Plan, cfg: ProjectConfig, opts: EditOptions, chain: { withPlugins?: boolean } = {}): ProjectConfig {
  const flags = [opts.multigroup, opts.namespaced, opts.owner, opts.license, opts.kubernetesVersion];
  if (flags.every((flag) => flag === undefined)) {
    // `edit --plugins <plugin>` alone is the plugins' edit.
    if (chain.withPlugins) return cfg;
    throw new UsageError('edit needs at least one of --multigroup, --namespaced, --owner, --license, --kubernetes-version, --plugins');
  }
  const next: ProjectConfig = { ...cfg };
  if (opts.kubernetesVersion !== undefined) {
    if (!isKubernetesApiVersion(opts.kubernetesVersion)) {
      throw new UsageError(`invalid --kubernetes-version "${opts.kubernetesVersion}": must be one of ${KUBERNETES_API_VERSIONS.join(', ')}`);
    }
    next.kubernetesVersion = opts.kubernetesVersion;
    plan.note(`CRDs embed Kubernetes ${opts.kubernetesVersion} built-in types from the next \`scaffolder manifests\` (make manifests)`);
  }
  if (opts.multigroup !== undefined) {
    if (!opts.multigroup && cfg.multigroup) {
      const groups = new Set(cfg.resources.filter((r) => r.api).map((r) => r.group));
      if (groups.size > 1) throw new UsageError(`--multigroup=false: the project has APIs in ${groups.size} groups (${[...groups].join(', ')}); a single-group project can hold only one`);
      // APIs created before `edit --multigroup` stay in api/<version>/ (PROJECT records the path) and still fit.
      const grouped = cfg.resources.filter((r) => r.api && (r.path ?? apiPackagePath(r.group, r.version, true)) !== apiPackagePath(r.group, r.version, false));
      if (grouped.length > 0) throw new UsageError(`--multigroup=false: the project has APIs under api/<group>/ (${grouped.map((r) => r.path ?? apiPackagePath(r.group, r.version, true)).join(', ')}); move them by hand first`);
    }
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

  const data = { ...projectContext(next) };
  if (opts.owner !== undefined || opts.license !== undefined) {
    plan.add({ path: 'hack/boilerplate.ts.txt', body: render('init/hack/boilerplate.ts.txt', data), ifExists: 'overwrite' });
    plan.note('hack/boilerplate.ts.txt has the new license header; files generated before keep theirs');
  }
  if (opts.namespaced !== undefined && opts.namespaced !== (cfg.namespaced === true)) {
    plan.add({ path: 'config/rbac/role.yaml', body: render('init/config/rbac/role.yaml', data), ifExists: 'overwrite' });
    plan.add({ path: 'config/rbac/role_binding.yaml', body: render('init/config/rbac/role_binding.yaml', data), ifExists: 'overwrite' });
    plan.edit(managerFile, (content) => {
      if (!opts.namespaced) return removeManagerEnv(content, 'WATCH_NAMESPACE');
      return content.includes('WATCH_NAMESPACE') ? content : setManagerEnv(content, 'WATCH_NAMESPACE', watchNamespaceEnv);
    });
    if (!switchManagerScope(plan, opts.namespaced)) {
      plan.note(opts.namespaced
        ? 'src/main.ts: pass `namespaces: [process.env.WATCH_NAMESPACE]` to Manager.create so that the manager watches only its namespace'
        : 'src/main.ts: remove the WATCH_NAMESPACE restriction from Manager.create so that the manager watches all namespaces');
    }
  }
  return next;
}

const mainFile = 'src/main.ts';

/** The Manager.create block init writes into src/main.ts for either scope. */
function managerBlock(namespaced: boolean, leaderElectionId: string): string {
  const main = render('init/src/main.ts', { boilerplate: '', namespaced, leaderElectionId });
  const start = main.indexOf('const flags = parseManagerFlags(');
  const from = main.indexOf('\n', start) + 1;
  return main.slice(from, main.indexOf('\n\n// +kubebuilder:scaffold:builder', from));
}

/**
 * Rewrites src/main.ts's Manager.create for the new scope when it is still the one init wrote (the
 * user may have changed it: then it is left alone and the caller says what to change). Returns
 * whether main.ts says what the new scope needs.
 */
function switchManagerScope(plan: Plan, namespaced: boolean): boolean {
  const content = plan.read(mainFile);
  const id = content === undefined ? undefined : /leaderElectionID: '([^'\n]+)'/.exec(content)?.[1];
  if (content === undefined || id === undefined) return false;
  const from = managerBlock(!namespaced, id);
  const to = managerBlock(namespaced, id);
  if (content.includes(to)) return true;
  if (!content.includes(from)) return false;
  plan.edit(mainFile, (text) => text.replace(from, to));
  return true;
}
