// deploy-image/v1-alpha's `create api`, after the base plugin's: the kind gets a spec (size,
// containerPort) and status conditions, and its controller runs the image as a Deployment it owns
// (restricted security context, finalizer, events), reading the image from the manager's
// environment (config/manager/manager.yaml); the tests run it through the test API server.
// Checks first, then the files, the edits of files already there, and PROJECT's entry.
import { deployImagePlugin } from '../../../project/plugins/deploy-image.js';
import { withPluginConfig, type ProjectConfig } from '../../../project/project-file.js';
import { managerEnvEntry, managerFile, setManagerEnv } from '../../machinery/manager-env.js';
import type { Plan } from '../../machinery/plan.js';
import type { PluginInput, PluginSteps } from '../step.js';
import { deployImageContext, imageEnvOf } from './context.js';
import { planEventRecorder } from './event-recorder.js';
import { deployImageFiles } from './files.js';
import { deployImageKind, deployImageOptions } from './options.js';
import { deployImageResources } from './project-entry.js';
import { planReadmeImages } from './readme.js';
import { yamlStringScalar } from './yaml-scalar.js';

export function planDeployImage(plan: Plan, cfg: ProjectConfig, input: PluginInput): ProjectConfig {
  const options = deployImageOptions(input.args);
  const dc = deployImageContext(cfg, deployImageKind(cfg, input.args), options);
  for (const file of deployImageFiles(dc)) plan.addFile(file);
  planEventRecorder(plan, dc);
  // The manager's environment names the image the controller deploys (an image named `1` or `on`
  // is quoted, or kubectl would read a number or a boolean).
  const imageEnv = dc.data.imageEnv;
  plan.edit(managerFile, (content) => setManagerEnv(content, imageEnv, managerEnvEntry(imageEnv, [`value: ${yamlStringScalar(options.image)}`])));
  const resources = deployImageResources(cfg, dc);
  // README.md: how `make run` gets every deploy-image kind's image.
  planReadmeImages(plan, resources.map((r) => ({ env: imageEnvOf(r, dc.multigroup), image: r.options.image })));
  return withPluginConfig(cfg, deployImagePlugin.key, { resources });
}

export const steps: PluginSteps = { 'create api': planDeployImage };
