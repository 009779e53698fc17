// `scaffolder completion`: a bash/zsh completion script (yargs generates it and answers the
// completion requests the script makes).
import type { Argv } from 'yargs';

export function completionCommand(y: Argv): Argv {
  return y
    .completion('completion', 'Print a bash/zsh completion script (add it to ~/.bashrc or ~/.zshrc)')
    .example('$0 completion >> ~/.bashrc', 'enable tab completion of commands and flags');
}
