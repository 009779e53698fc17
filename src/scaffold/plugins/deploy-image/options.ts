// deploy-image's part of `create api`: its flags, and the kind they may go with (one the base plugin
// has just given an API and its one controller, namespaced: the image runs in each object's namespace).
import { flagText } from '../../../project/flag-text.js';
import { validateDeployImageOptions, type DeployImageOptions } from '../../../project/plugins/deploy-image.js';
import { findResource, type ProjectConfig } from '../../../project/project-file.js';
import { apiNamespaced, gvkText, type Resource } from '../../../project/resource.js';
import { UsageError } from '../../../project/usage-error.js';

function optionalString(v: unknown): string | undefined {
  return v === undefined ? undefined : flagText(v);
}

/** The plugin's flags, checked flag by flag. */
export function deployImageOptions(args: Record<string, unknown>): DeployImageOptions {
  const options: DeployImageOptions = {
    image: optionalString(args.image) ?? '',
    containerCommand: optionalString(args['image-container-command']),
    containerPort: optionalString(args['image-container-port']),
    runAsUser: optionalString(args['run-as-user']),
  };
  validateDeployImageOptions(options);
  return options;
}

/** The kind's PROJECT entry, once it is known to have what the plugin scaffolds on. */
export function deployImageKind(cfg: ProjectConfig, args: Record<string, unknown>): Resource {
  if (args['controller-name'] !== undefined) throw new UsageError('--controller-name does not go with --plugins deploy-image/v1-alpha: it scaffolds the kind\'s one controller');
  const gvk = { group: flagText(args.group ?? ''), version: flagText(args.version), kind: flagText(args.kind) };
  const res = findResource(cfg, gvk);
  if (!res?.api || !res.controller || args.resource === false || args.controller === false) {
    throw new UsageError(`--plugins deploy-image/v1-alpha scaffolds an API and its controller: ${gvkText(gvk)} needs --resource and --controller (leave out --resource=false and --controller=false)`);
  }
  if (!apiNamespaced(res.api)) throw new UsageError('--plugins deploy-image/v1-alpha deploys the image in the namespace of each object: the kind must be namespaced (leave out --namespaced=false)');
  return res;
}
