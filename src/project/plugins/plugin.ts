// What an optional plugin is, as one value (kubebuilder's plugin.Full): its names, the commands it
// extends with their flags, and its PROJECT configuration (checked as read, replayed by `alpha
// generate`). The value is what the CLI loads at start-up (flags, help) and what PROJECT is checked
// with; its steps, which write files, are src/scaffold/plugins/<name>/steps.ts, loaded only when it
// runs (src/scaffold/plugins/steps.ts). registry.ts lists the plugins.
import type { Options } from 'yargs';
import { UsageError } from '../usage-error.js';

export type PluginCommand = 'init' | 'create api' | 'create webhook' | 'edit';

/** What a plugin adds to one command. */
export interface PluginCommandPart {
  /** The flags it adds (none: only the command's own). */
  flags?: Record<string, Options>;
  /** Values of the command's own flags that the plugin implies when they are not given. */
  defaults?: Record<string, unknown>;
}

export interface Plugin {
  /** The key PROJECT records it under (kubebuilder's `<name>.<qualifier>/<version>`). */
  key: string;
  /** What `--plugins` takes: `<name>/<version>` (the full key is accepted too); `<name>` is its folder in src/scaffold/plugins/. */
  short: string;
  description: string;
  /** The commands it extends. */
  commands: Partial<Record<PluginCommand, PluginCommandPart>>;
  /** Checks its PROJECT configuration (`plugins.<key>`) as read; `where` is file:line. Returns it typed. */
  parseConfig(value: unknown, where: string): unknown;
  /** The CLI runs (arguments after `scaffolder`) that produce what PROJECT records of it. */
  replay(config: unknown): string[][];
}

/** The plugin's name: its folder in src/scaffold/plugins/ (`grafana` of `grafana/v1-alpha`). */
export function pluginName(plugin: Plugin): string {
  return plugin.short.split('/')[0];
}

/** The configuration check of a plugin PROJECT records with none (`{}`). */
export function noConfig(name: string): Plugin['parseConfig'] {
  return (value, where) => {
    if (value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length > 0)) {
      throw new UsageError(`${where}: the ${name} plugin takes no configuration (write {})`);
    }
    return {};
  };
}
