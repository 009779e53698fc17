// What an optional plugin's step of a command is (the plugins are listed in src/project/plugin-catalog.ts).
import type { Plan } from '../machinery/plan.js';
import type { ProjectConfig } from '../../project/project-file.js';

/** What a plugin's step receives: the command's parsed flags (its own among them). */
export interface PluginInput {
  args: Record<string, unknown>;
}

/** A plugin's step of a command: adds to the plan after the steps before it; returns the next PROJECT. */
export type PluginStep = (plan: Plan, cfg: ProjectConfig, input: PluginInput) => ProjectConfig;
