// PROJECT: the kind and its options under the plugin's key, one entry per kind (the newest run's).
import { deployImagePlugin, parseDeployImageConfig, type DeployImageResource } from '../../../project/plugins/deploy-image.js';
import type { ProjectConfig } from '../../../project/project-file.js';
import type { DeployImageContext } from './context.js';

/** Every deploy-image kind's entry, this one's added or replaced. */
export function deployImageResources(cfg: ProjectConfig, { res, options }: DeployImageContext): DeployImageResource[] {
  const recorded: DeployImageResource = {
    domain: res.domain,
    group: res.group,
    kind: res.kind,
    options: {
      containerCommand: options.containerCommand,
      containerPort: options.containerPort,
      image: options.image,
      runAsUser: options.runAsUser,
    },
    version: res.version,
  };
  const current = parseDeployImageConfig(cfg.plugins?.[deployImagePlugin.key], 'PROJECT');
  const same = (r: DeployImageResource) => r.group === res.group && r.version === res.version && r.kind === res.kind;
  return current.resources.some(same) ? current.resources.map((r) => (same(r) ? recorded : r)) : [...current.resources, recorded];
}
