// `scaffolder completion`: a bash/zsh completion script. The script asks
// `scaffolder --get-yargs-completions <words>` for candidates, which main answers from the parser.
import type { Argv } from 'yargs';
import type { CommandModule, CommandName, SelectAction } from './action.js';
import { example } from './examples.js';

const script = `###-begin-scaffolder-completions-###
#
# scaffolder command completion script
#
# Installation: scaffolder completion >> ~/.bashrc
#    or scaffolder completion >> ~/.zshrc
#
if type complete &>/dev/null; then
  _scaffolder_completions() {
    local cur_word="\${COMP_WORDS[COMP_CWORD]}"
    local IFS=$'\\n'
    COMPREPLY=( $(compgen -W "$(scaffolder --get-yargs-completions "\${COMP_WORDS[@]}" 2>/dev/null)" -- "\${cur_word}") )
  }
  complete -o bashdefault -o default -F _scaffolder_completions scaffolder
elif type compdef &>/dev/null; then
  _scaffolder_completions() {
    local -a candidates
    candidates=("\${(@f)$(scaffolder --get-yargs-completions "\${words[@]}" 2>/dev/null)}")
    compadd -- $candidates
  }
  compdef _scaffolder_completions scaffolder
fi
###-end-scaffolder-completions-###
`;

function completionCommand(y: Argv, select: SelectAction, name: CommandName): Argv {
  return y.command(
    name.usage,
    name.describe,
    // Prints only: the global --dry-run changes nothing here, so its help leaves it out.
    (b) => b
      .hide('dry-run')
      .example(...example('$0 completion >> ~/.bashrc', 'enable tab completion of commands and flags in bash'))
      .example(...example('source <($0 completion)', 'enable it in the current shell only')),
    () => select(async (io) => {
      io.stdout(script);
      return 0;
    }),
  );
}

export const command: CommandModule = { register: completionCommand, flags: {} };
