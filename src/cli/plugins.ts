// `--plugins` on init, create api, create webhook and edit: the flag, the optional plugins' own
// flags (shown in a group of their own), and the plugins' steps run after the command's (see
// src/project/plugin-catalog.ts).
import type { Argv, Options } from 'yargs';
import type { Plan } from '../scaffold/machinery/plan.js';
import type { ProjectConfig } from '../project/project-file.js';
import { flagText } from '../project/flag-text.js';
import { checkPluginFlags, optionalPlugins, pluginFlags, resolvePlugins, type PluginCommand } from '../project/plugin-catalog.js';
import type { PluginStep } from '../scaffold/plugins/step.js';
import { loadPluginSteps } from '../scaffold/plugins/steps.js';

function pluginsFlag(command: PluginCommand): Options {
  const names = optionalPlugins.filter((p) => command in p.commands).map((p) => p.short);
  const which = names.length > 0 ? `: ${names.join(', ')}` : ` (no optional plugin takes part in ${command})`;
  return { type: 'string', describe: `Optional plugins to run after the base one, comma-separated${which}; see \`scaffolder help plugins\`` };
}

/** The flags `--plugins` brings to a command (for the command tree of src/cli/argv.ts). */
export function pluginCliFlags(command: PluginCommand): Record<string, Options> {
  return { plugins: pluginsFlag(command), ...pluginFlags(command) };
}

/** Adds --plugins and every plugin's flags for `command` to its parser. */
export function withPluginFlags<T>(b: Argv<T>, command: PluginCommand): Argv<T & { plugins: string | undefined }> {
  let out: Argv = (b as Argv).option('plugins', pluginsFlag(command));
  for (const p of optionalPlugins) {
    const flags = p.commands[command]?.flags;
    if (!flags || Object.keys(flags).length === 0) continue;
    out = (out.options(flags) as Argv).group(Object.keys(flags), `Flags of plugin ${p.short} (with --plugins ${p.short}):`);
  }
  return out as Argv<T & { plugins: string | undefined }>;
}

/**
 * The chosen plugins' steps for `command`, loaded, as one function to run after the command's own
 * step inside the plan; also what they set of the command's flags when not given.
 */
export async function pluginSteps(command: PluginCommand, args: Record<string, unknown>): Promise<{
  keys: string[];
  defaults: Record<string, unknown>;
  run: (plan: Plan, cfg: ProjectConfig) => ProjectConfig;
}> {
  const chosen = resolvePlugins(args.plugins === undefined ? undefined : flagText(args.plugins), command);
  checkPluginFlags(command, chosen, args);
  const steps: PluginStep[] = [];
  for (const p of chosen) steps.push((await loadPluginSteps(p))[command]!);
  const defaults = Object.assign({}, ...chosen.map((p) => p.commands[command]?.defaults ?? {})) as Record<string, unknown>;
  return {
    keys: chosen.map((p) => p.key),
    defaults,
    run: (plan, cfg) => steps.reduce((next, step) => step(plan, next, { args }), cfg),
  };
}
