// Command handlers only record what to do; main runs it after yargs has parsed and validated
// everything, so that all output and every error go through one place.
import type { CliIO } from '../io.js';

export type Action = (io: CliIO) => Promise<number>;
export type SelectAction = (action: Action) => void;

/** Global flags every command receives. */
export interface GlobalFlags {
  'dry-run': boolean;
}
