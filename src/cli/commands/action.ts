// What a command module gives main: a handler only records what to do (an Action), and main runs
// it after yargs has parsed and validated everything, so that all output and every error go
// through one place; and the command's registration and flags (see catalog.ts).
import type { Argv } from 'yargs';
import type { CommandTree } from '../argv.js';
import type { CliIO } from '../io.js';

export type Action = (io: CliIO) => Promise<number>;
export type SelectAction = (action: Action) => void;

/** Global flags every command receives. */
export interface GlobalFlags {
  'dry-run': boolean;
}

/** A command's name and description as yargs takes them (`help <topic>`: name and positional). */
export interface CommandName {
  usage: string;
  describe: string;
}

/** What a command module exports as `command`. */
export interface CommandModule {
  /** Registers the command, with its builder and handler, under `name`. */
  register(y: Argv, select: SelectAction, name: CommandName): Argv;
  /** Its flags by the space-joined command words (`create api`), for src/cli/argv.ts. */
  flags: CommandTree['flags'];
}
