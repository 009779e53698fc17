// The plugins a command can run, as kubebuilder's plugin chain: the base plugin (the layout,
// `typescript.scaffolder.dev/v1`: init, create api, create webhook and edit as they always run) and
// optional plugins chosen with `--plugins <key>[,<key>]`, each adding its flags and its files and
// insertions to the same plan after the base plugin's. PROJECT records an optional plugin's own
// configuration under `plugins.<key>`, so later runs (and `alpha generate`) can replay it.
// This module is what the CLI loads at start-up (flags, help) and what PROJECT is checked with; a
// plugin's steps live in src/scaffold/plugins, loaded only when it runs (plugins/steps.ts).
import type { Options } from 'yargs';
import { UsageError } from './usage-error.js';
import { scaffolderLayout } from './layout.js';
import { deployImageFlags, parseDeployImageConfig, replayDeployImage } from './deploy-image-config.js';

export type PluginCommand = 'init' | 'create api' | 'create webhook' | 'edit';

export interface PluginEntry {
  /** The key PROJECT records it under (kubebuilder's `<name>.<qualifier>/<version>`). */
  key: string;
  /** What `--plugins` takes: `<name>/<version>` (the full key is accepted too). */
  short: string;
  description: string;
  /** The commands it works with, and the flags it adds to each (none: only the command's own). */
  commands: Partial<Record<PluginCommand, Record<string, Options>>>;
  /** Values of the command's own flags that the plugin implies when they are not given. */
  defaults?: Partial<Record<PluginCommand, Record<string, unknown>>>;
  /** Checks its PROJECT configuration (`plugins.<key>`) as read; `where` is file:line. Returns it typed. */
  parseConfig(value: unknown, where: string): unknown;
  /** The CLI runs (arguments after `scaffolder`) that produce what PROJECT records of it. */
  replay(config: unknown): string[][];
}

/** The base plugin: the layout itself. Its steps are the commands (src/scaffold/plugins/{init,api,webhook,edit}.ts). */
export const basePluginKey = scaffolderLayout;
export const basePluginShort = 'typescript/v1';

export const grafanaKey = 'grafana.scaffolder.dev/v1-alpha';
export const deployImageKey = 'deploy-image.typescript.scaffolder.dev/v1-alpha';
export const helmKey = 'helm.scaffolder.dev/v2-alpha';

/** The configuration check of a plugin PROJECT records with none (`{}`). */
function noConfig(name: string): PluginEntry['parseConfig'] {
  return (value, where) => {
    if (value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length > 0)) {
      throw new UsageError(`${where}: the ${name} plugin takes no configuration (write {})`);
    }
    return {};
  };
}

export const optionalPlugins: readonly PluginEntry[] = [
  {
    key: deployImageKey,
    short: 'deploy-image/v1-alpha',
    description: 'create api: an API and a controller that deploys and manages an image (the Operand) as a Deployment',
    commands: { 'create api': deployImageFlags },
    // As kubebuilder's: always an API and its controller.
    defaults: { 'create api': { resource: true, controller: true } },
    parseConfig: parseDeployImageConfig,
    replay: replayDeployImage,
  },
  {
    key: grafanaKey,
    short: 'grafana/v1-alpha',
    description: 'init, edit: Grafana dashboards of the metrics the manager exports (grafana/), and of your own metrics (grafana/custom-metrics/config.yaml)',
    commands: { 'init': {}, 'edit': {} },
    parseConfig: noConfig('grafana'),
    replay: () => [['edit', '--plugins', 'grafana/v1-alpha']],
  },
  {
    key: helmKey,
    short: 'helm/v2-alpha',
    description: 'init, edit: a Helm chart in dist/chart/ made from what config/default deploys (kubectl kustomize), with values for the image, replicas, resources, security contexts, args, env and toggles for metrics, webhooks, cert-manager, Prometheus, network policies, CRDs and RBAC helpers; `make helm` writes it again',
    commands: {
      'init': {},
      'edit': { force: { type: 'boolean', describe: 'helm: write the chart files that are yours once written (Chart.yaml, values.yaml keeping the values it sets, templates/_helpers.tpl, .helmignore) again' } },
    },
    parseConfig: noConfig('helm'),
    // The chart is made from the generated manifests: they come first (alpha generate runs plugin edits last).
    replay: () => [['manifests'], ['edit', '--plugins', 'helm/v2-alpha']],
  },
];

function describeAll(): string {
  return optionalPlugins.map((p) => p.short).join(', ');
}

/** The optional plugin a PROJECT key names, if scaffolder has it. */
export function pluginByKey(key: string): PluginEntry | undefined {
  return optionalPlugins.find((p) => p.key === key);
}

/**
 * The optional plugins `--plugins` names, in its order, for `command`. The base plugin may be named
 * too (it always runs first); a name without its version picks the plugin's only version.
 */
export function resolvePlugins(value: string | undefined, command: PluginCommand): PluginEntry[] {
  if (value === undefined) return [];
  const chosen: PluginEntry[] = [];
  for (const raw of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (raw === basePluginShort || raw === basePluginKey || raw === 'typescript') continue;
    const plugin = optionalPlugins.find((p) => p.short === raw || p.key === raw || p.short.split('/')[0] === raw || p.key.split('/')[0] === raw);
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
  for (const p of optionalPlugins) Object.assign(out, p.commands[command] ?? {});
  return out;
}

/** A plugin's flag given without its plugin in --plugins is an error, as cobra's unknown flag is. */
export function checkPluginFlags(command: PluginCommand, chosen: readonly PluginEntry[], args: Record<string, unknown>): void {
  for (const p of optionalPlugins) {
    if (chosen.includes(p)) continue;
    for (const flag of Object.keys(p.commands[command] ?? {})) {
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
    for (const [command, flags] of Object.entries(p.commands)) {
      for (const [flag, o] of Object.entries(flags ?? {})) lines.push(`      ${command} --${flag}: ${String(o.describe ?? '')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
