// `scaffolder version`.
import type { Argv } from 'yargs';
import { packageVersion } from '../../scaffold/machinery/package-root.js';
import { scaffolderLayout } from '../../scaffold/project/project-file.js';
import type { SelectAction } from './action.js';
import { example } from './examples.js';

export function versionCommand(y: Argv, select: SelectAction): Argv {
  return y.command(
    'version',
    'Print the scaffolder version',
    // Prints only: the global --dry-run changes nothing here, so its help leaves it out.
    (b) => b.hide('dry-run').example(...example('$0 version', 'e.g. "scaffolder 0.1.0 (layout typescript.scaffolder.dev/v1, node v20.19.0)"')),
    () => select(async (io) => {
      io.stdout(`scaffolder ${packageVersion()} (layout ${scaffolderLayout}, node ${process.version})\n`);
      return 0;
    }),
  );
}
