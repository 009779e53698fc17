// The optional plugins' steps, imported only when a command runs them (the CLI loads the plugins'
// values, src/project/plugins/registry.ts, at start-up): a plugin named <name> has its steps in
// ./<name>/steps.ts (test/scaffold/plugin-registry.test.ts holds every plugin to it).
import { extname } from 'node:path';
import { pluginName, type Plugin } from '../../project/plugins/plugin.js';
import type { PluginSteps } from './step.js';

/** The steps of `plugin`. */
export async function loadPluginSteps(plugin: Plugin): Promise<PluginSteps> {
  // Named with this module's own extension: .js compiled, .ts under tsx or vitest (which map no other).
  const module = new URL(`./${pluginName(plugin)}/steps${extname(new URL(import.meta.url).pathname)}`, import.meta.url);
  return ((await import(module.href)) as { steps: PluginSteps }).steps;
}
