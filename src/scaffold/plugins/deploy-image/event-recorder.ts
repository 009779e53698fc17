// src/main.ts hands the reconciler its event recorder (events.k8s.io, as kubebuilder's mgr.GetEventRecorder):
// the base plugin's registration line gets one more argument.
import { mainFile } from '../../../project/layout.js';
import { UsageError } from '../../../project/usage-error.js';
import type { Plan } from '../../machinery/plan.js';
import { controllerRegistration, reconcilerAlias, reconcilerArgs } from '../api/controller-paths.js';
import type { DeployImageContext } from './context.js';

export function planEventRecorder(plan: Plan, { res, multigroup, data }: DeployImageContext): void {
  const alias = reconcilerAlias(res, multigroup);
  const base = controllerRegistration(alias, reconcilerArgs);
  const withRecorder = controllerRegistration(alias, [...reconcilerArgs, `mgr.getEventRecorder('${data.controllerName}-controller')`]);
  plan.edit(mainFile, (content) => {
    if (!content.includes(base)) {
      if (content.includes(withRecorder)) return content;
      throw new UsageError(`${mainFile}: no line "${base}" to give the ${res.kind} reconciler its event recorder; restore it or add the recorder by hand`);
    }
    // Scaffolded again (--force): the base plugin inserted its line once more beside this plugin's.
    if (content.includes(withRecorder)) return content.split('\n').filter((line) => line.trim() !== base).join('\n');
    return content.replace(base, withRecorder);
  });
}
