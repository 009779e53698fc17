// The optional plugins' steps, by PROJECT key, imported only when a command runs them (the CLI loads
// the catalog, src/project/plugin-catalog.ts, at start-up).
import { deployImageKey, grafanaKey, helmKey, type PluginCommand } from '../../project/plugin-catalog.js';
import type { PluginStep } from './step.js';

type PluginSteps = Partial<Record<PluginCommand, PluginStep>>;

const loaders: Record<string, () => Promise<PluginSteps>> = {
  [deployImageKey]: async () => ({ 'create api': (await import('./deploy-image/create-api.js')).planDeployImage }),
  [grafanaKey]: async () => {
    const { planGrafana } = await import('./grafana/plan.js');
    return { 'init': planGrafana, 'edit': planGrafana };
  },
  [helmKey]: async () => {
    const { planHelm } = await import('./helm/plan.js');
    return { 'init': planHelm, 'edit': planHelm };
  },
};

/** The steps of the optional plugin recorded under `key`. */
export function loadPluginSteps(key: string): Promise<PluginSteps> {
  const load = loaders[key];
  if (!load) throw new Error(`plugin ${key} has no steps`);
  return load();
}
