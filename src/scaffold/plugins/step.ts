// What an optional plugin's step of a command is (the plugins are listed in src/project/plugins/registry.ts).
import type { Plan } from '../machinery/plan.js';
import type { ProjectConfig } from '../../project/project-file.js';
import type { PluginCommand } from '../../project/plugins/plugin.js';

/** What a plugin's step receives: the command's parsed flags (its own among them). */
export interface PluginInput {
  args: Record<string, unknown>;
}

/** A plugin's step of a command: adds to the plan after the steps before it; returns the next PROJECT. */
export type PluginStep = (plan: Plan, cfg: ProjectConfig, input: PluginInput) => ProjectConfig;

/** A plugin's steps: what `<name>/steps.ts` exports as `steps`, one for each command the plugin extends. */
export type PluginSteps = Partial<Record<PluginCommand, PluginStep>>;
