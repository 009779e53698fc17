// `scaffolder version`.
import type { Argv } from 'yargs';
import type { CommandModule, CommandName, SelectAction } from './action.js';
import type { CliIO } from '../io.js';
import { example } from './examples.js';

function versionCommand(y: Argv, select: SelectAction, name: CommandName): Argv {
  return y.command(
    name.usage,
    name.describe,
    // Prints only: the global --dry-run changes nothing here, so its help leaves it out.
    (b) => b.hide('dry-run').example(...example('$0 version', 'its version, the PROJECT layout it writes and the Node.js it runs on')),
    () => select(printVersion),
  );
}

/** The command's action; main.ts also runs it for a bare `version` without building the parser. */
export async function printVersion(io: CliIO): Promise<number> {
  // Loaded when the command runs (see main.ts).
  const { packageVersion } = await import('../../files/package-root.js');
  const { scaffolderLayout } = await import('../../project/layout.js');
  io.stdout(`scaffolder ${packageVersion()} (layout ${scaffolderLayout}, node ${process.version})\n`);
  return 0;
}

export const command: CommandModule = { register: versionCommand, flags: {} };
