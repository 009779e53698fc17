// The plugins a command can run, as kubebuilder's plugin chain: the base plugin (the layout,
// `typescript.scaffolder.dev/v1`: init, create api, create webhook and edit as they always run) and
// optional plugins chosen with `--plugins <key>[,<key>]`, each adding its flags and its files and
// insertions to the same plan after the base plugin's. PROJECT records an optional plugin's own
// configuration under `plugins.<key>`, so later runs (and `alpha generate`) can replay it.
// Each optional plugin is one value (plugins/plugin.ts), listed in plugins/registry.ts; this module
// resolves `--plugins`, gathers the plugins' flags and writes `help plugins`.
import type { Options } from 'yargs';
import { UsageError } from './usage-error.js';
import { scaffolderLayout } from './layout.js';
import { pluginName, type Plugin, type PluginCommand } from './plugins/plugin.js';
import { optionalPlugins } from './plugins/registry.js';

export type { Plugin, PluginCommand } from './plugins/plugin.js';
export { optionalPlugins } from './plugins/registry.js';

/** The base plugin: the layout itself. Its steps are the commands (src/scaffold/plugins/{init,api,webhook,edit}). */
export const basePluginKey = scaffolderLayout;
export const basePluginShort = 'typescript/v1';

function describeAll(): string {
  return optionalPlugins.map((p) => p.short).join(', ');
}

/** The optional plugin a PROJECT key names, if scaffolder has it. */
export function pluginByKey(key: string): Plugin | undefined {
  return optionalPlugins.find((p) => p.key === key);
}

/**
 * The optional plugins `--plugins` names, in its order, for `command`. The base plugin may be named
 * too (it always runs first); a name without its version picks the plugin's only version.
 */
export function resolvePlugins(value: string | undefined, command: PluginCommand): Plugin[] {
  if (value === undefined) return [];
  const chosen: Plugin[] = [];
  for (const raw of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (raw === basePluginShort || raw === basePluginKey || raw === 'typescript') continue;
    const plugin = optionalPlugins.find((p) => p.short === raw || p.key === raw || pluginName(p) === raw || p.key.split('/')[0] === raw);
    if (!plugin) throw new UsageError(`--plugins: unknown plugin "${raw}"; scaffolder has ${basePluginShort} (the base), ${describeAll()} (see \`scaffolder help plugins\`)`);
    if (!(command in plugin.commands)) {
      throw new UsageError(`--plugins: plugin ${plugin.short} does not work with \`${command}\` (it works with: ${Object.keys(plugin.commands).join(', ')})`);
    }
    if (!chosen.includes(plugin)) chosen.push(plugin);
  }
  return chosen;
}

/** Every optional plugin's flags for `command` (yargs must know them all; `checkPluginFlags` ties them to --plugins). */
export function pluginFlags(command: PluginCommand): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const p of optionalPlugins) Object.assign(out, p.commands[command]?.flags ?? {});
  return out;
}

/** A plugin's flag given without its plugin in --plugins is an error, as cobra's unknown flag is. */
export function checkPluginFlags(command: PluginCommand, chosen: readonly Plugin[], args: Record<string, unknown>): void {
  for (const p of optionalPlugins) {
    if (chosen.includes(p)) continue;
    for (const flag of Object.keys(p.commands[command]?.flags ?? {})) {
      if (args[flag] !== undefined) throw new UsageError(`--${flag} is a flag of plugin ${p.short}: pass --plugins ${p.short}`);
    }
  }
}

/** `scaffolder help plugins`. */
export function pluginsHelp(): string {
  const lines = [
    'Plugins (scaffolder <command> --plugins <plugin>[,<plugin>]; PROJECT records them under plugins:)',
    '',
    `  ${basePluginShort}  (${basePluginKey}, the base: always runs first)`,
    '      init, create api, create webhook, edit: the project, its APIs, controllers and webhooks',
  ];
  for (const p of optionalPlugins) {
    lines.push('', `  ${p.short}  (${p.key})`, `      ${p.description}`);
    for (const [command, part] of Object.entries(p.commands)) {
      for (const [flag, o] of Object.entries(part?.flags ?? {})) lines.push(`      ${command} --${flag}: ${String(o.describe ?? '')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
