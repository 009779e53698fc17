// `edit`: changes to project-wide choices after init (multi-group, namespace scope, license header).
// Checks first, then PROJECT's new values, then the files they change.
import { projectContext } from '../../../project/context.js';
import type { ProjectConfig } from '../../../project/project-file.js';
import { UsageError } from '../../../project/usage-error.js';
import type { Plan } from '../../machinery/plan.js';
import type { EditOptions } from './options.js';
import { editedConfig } from './project-values.js';
import { planScope } from './scope.js';

export type { EditOptions } from './options.js';

/** Plans `edit`; returns the updated PROJECT configuration. */
export function planEdit(plan: Plan, cfg: ProjectConfig, opts: EditOptions, chain: { withPlugins?: boolean } = {}): ProjectConfig {
  const flags = [opts.multigroup, opts.namespaced, opts.owner, opts.license, opts.kubernetesVersion];
  if (flags.every((flag) => flag === undefined)) {
    // `edit --plugins <plugin>` alone is the plugins' edit.
    if (chain.withPlugins) return cfg;
    throw new UsageError('edit needs at least one of --multigroup, --namespaced, --owner, --license, --kubernetes-version, --plugins');
  }
  const next = editedConfig(plan, cfg, opts);
  const data = projectContext(next);
  if (opts.owner !== undefined || opts.license !== undefined) {
    plan.addFile({ path: 'hack/boilerplate.ts.txt', template: 'init/hack/boilerplate.ts.txt', data, ifExists: 'overwrite' });
    plan.note('hack/boilerplate.ts.txt has the new license header; files generated before keep theirs');
  }
  if (opts.namespaced !== undefined && opts.namespaced !== (cfg.namespaced === true)) planScope(plan, data, opts.namespaced);
  return next;
}
