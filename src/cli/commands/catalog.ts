// The top-level commands, as `--help` lists them, and where each one's module is. main registers
// every command by name and description and loads the module of the command the line names only:
// yargs runs a command's builder only when that command is invoked, so `--help` needs none of them.
import type { CommandModule, CommandName } from './action.js';

export interface TopCommand extends CommandName {
  subcommands: readonly string[];
  load(): Promise<CommandModule>;
}

function top(usage: string, describe: string, subcommands: readonly string[], load: () => Promise<{ command: CommandModule }>): [string, TopCommand] {
  return [usage.split(' ')[0], { usage, describe, subcommands, load: async () => (await load()).command }];
}

export const topCommands: ReadonlyMap<string, TopCommand> = new Map([
  top('init', 'Initialise a new operator project in the current directory', [], () => import('./init.js')),
  top('create', 'Scaffold an API or a webhook', ['api', 'webhook'], () => import('./create.js')),
  top('edit', 'Change project-wide settings (multi-group, namespace scope, license header, Kubernetes version)', [], () => import('./edit.js')),
  top('manifests', 'Generate CRDs, RBAC roles and webhook configurations from the markers in api/ and src/', [], () => import('./manifests.js')),
  top('version', 'Print the scaffolder version', [], () => import('./version.js')),
  top('completion', 'Print a bash/zsh completion script (add it to ~/.bashrc or ~/.zshrc)', [], () => import('./completion.js')),
  top('help <topic>', 'Explain a topic: plugins (what --plugins can name)', ['plugins'], () => import('./help.js')),
  top('alpha', 'Alpha commands: scaffold a project again from PROJECT (generate), move it to this scaffolder (update)', ['generate', 'update'], () => import('./alpha.js')),
]);
