// `scaffolder alpha update`: moves a project to this scaffolder's scaffold with a three-way merge, as
// kubebuilder's alpha update does. From PROJECT (as committed on the branch being updated):
//   ancestor = the project scaffolded by the scaffolder that made it (--from-scaffolder: a directory
//              holding that version's package; each replayed command runs its bin/scaffolder.js),
//   original = the branch's tree (the scaffold and everything the user changed since),
//   upgrade  = the project scaffolded by this scaffolder,
// committed in a temporary git worktree as ancestor, then original and upgrade on top of it, and
// original merged into upgrade by git. The result is one commit on a new branch on top of the updated
// branch. With conflicts nothing is written unless --force, which commits the conflict markers for the
// user to resolve (kubebuilder's --force). The user's checkout is touched only at the end, to switch to
// the new branch.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError } from '../../project/usage-error.js';
import { packageVersion } from '../../files/package-root.js';
import { writeFileAtomically } from '../../files/atomic-write.js';
import { makeDirectory, replaceEntries } from '../../files/directory-trees.js';
import { withScratchDirectory } from '../../files/staged-directory.js';
import { projectFileName } from '../../project/project-file.js';
import type { CliIO } from '../io.js';
import { assertCleanGitRoot, git, gitOk } from '../git.js';
import { generateCommands, projectSource, quote, replayInto } from './generate.js';
import type { CommandRunner } from '../io.js';

export interface UpdateOptions {
  /** The scaffolder package (a directory with bin/scaffolder.js) of the version that made the project. */
  fromScaffolder?: string;
  /** The branch to update (default: the current one). */
  fromBranch?: string;
  outputBranch?: string;
  /** Commit the merge with its conflict markers instead of stopping. */
  force: boolean;
}

// The temporary commits are the tool's, not the user's: they never reach a branch.
const toolIdentity = { GIT_AUTHOR_NAME: 'scaffolder', GIT_AUTHOR_EMAIL: 'scaffolder@localhost', GIT_COMMITTER_NAME: 'scaffolder', GIT_COMMITTER_EMAIL: 'scaffolder@localhost' };

/** The old scaffolder: its bin/scaffolder.js run with this node for each replayed command. */
function scaffolderAt(dir: string, env: NodeJS.ProcessEnv): CommandRunner {
  const bin = join(dir, 'bin', 'scaffolder.js');
  if (!existsSync(bin)) throw new UsageError(`--from-scaffolder ${dir}: no bin/scaffolder.js there; it must be the directory of a scaffolder package (a checkout, or node_modules/kubescaffolder of that version)`);
  return (args, cwd) => new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...env, SOURCE_DATE_EPOCH: process.env.SOURCE_DATE_EPOCH ?? env.SOURCE_DATE_EPOCH }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
    child.on('error', (err) => done({ code: 1, output: err.message }));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

/** Replaces every entry of the worktree `dir` but .git with the tree `from` (or nothing). */
function fillWorktree(dir: string, from?: string): void {
  replaceEntries(dir, from, (entry) => entry === '.git');
}

function commitAll(dir: string, message: string): string {
  gitOk(dir, ['add', '--all']);
  gitOk(dir, ['commit', '--quiet', '--allow-empty', '--no-verify', '-m', message], { ...process.env, ...toolIdentity });
  return gitOk(dir, ['rev-parse', 'HEAD']).trim();
}

/** package.json's `scaffolder` dependency set to `spec` (the scaffolds depend on the copies that wrote them). */
function setScaffolderDependency(dir: string, spec: string | undefined): void {
  const file = join(dir, 'package.json');
  if (spec === undefined || !existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  writeFileAtomically(file, text.replace(/("(?:kube)?scaffolder": )"[^"\n]*"/, `$1${JSON.stringify(spec)}`));
}

export async function alphaUpdate(io: CliIO, opts: UpdateOptions): Promise<number> {
  const dir = io.cwd;
  assertCleanGitRoot(dir, 'alpha update', 'alpha update merges on git branches');
  const fromBranch = opts.fromBranch ?? git(dir, ['symbolic-ref', '--quiet', '--short', 'HEAD']).stdout.trim();
  if (fromBranch === '') throw new UsageError('HEAD is not on a branch: check out the branch to update, or name it with --from-branch');
  const fromRef = git(dir, ['rev-parse', '--verify', '--quiet', `refs/heads/${fromBranch}^{commit}`]);
  if (fromRef.status !== 0) throw new UsageError(`--from-branch ${fromBranch}: no such branch`);
  const fromCommit = fromRef.stdout.trim();

  const show = (path: string) => {
    const r = git(dir, ['show', `${fromCommit}:${path}`]);
    return r.status === 0 ? r.stdout : undefined;
  };
  const projectText = show(projectFileName);
  if (projectText === undefined) throw new UsageError(`${fromBranch} has no ${projectFileName} file at the repository root: alpha update needs a scaffolder project`);
  const source = projectSource(projectText, `${projectFileName} (${fromBranch})`, show('hack/boilerplate.ts.txt'));
  const fromVersion = source.cfg.cliVersion;
  const toVersion = packageVersion();
  let previous: CommandRunner;
  if (opts.fromScaffolder !== undefined) previous = scaffolderAt(resolve(dir, opts.fromScaffolder), io.env);
  else if (fromVersion === toVersion) {
    // Both scaffolds would be this scaffolder's: the merge could only give the branch back.
    io.stdout(`alpha update: nothing to update: ${projectFileName} on ${fromBranch} was written by scaffolder ${toVersion}, this version; no branch or commit made\n`);
    return 0;
  } else {
    throw new UsageError(fromVersion === undefined
      ? `${projectFileName} records no cliVersion (the project was made before scaffolder recorded it): pass --from-scaffolder <directory of the scaffolder package that made it>`
      : `${projectFileName} was written by scaffolder ${fromVersion}, this is ${toVersion}: pass --from-scaffolder <directory of scaffolder ${fromVersion}>, e.g. npm install --prefix ../scaffolder-${fromVersion} kubescaffolder@${fromVersion}, then --from-scaffolder ../scaffolder-${fromVersion}/node_modules/kubescaffolder`);
  }
  const outputBranch = opts.outputBranch ?? `scaffolder-update-from-${fromVersion ?? 'unknown'}-to-${toVersion}`;
  if (git(dir, ['check-ref-format', '--branch', outputBranch]).status !== 0) throw new UsageError(`--output-branch ${outputBranch}: not a valid branch name`);
  if (git(dir, ['show-ref', '--verify', '--quiet', `refs/heads/${outputBranch}`]).status === 0) {
    throw new UsageError(`branch ${outputBranch} already exists: delete it, or name another with --output-branch`);
  }
  const userSpec = /"(?:kube)?scaffolder": "([^"\n]*)"/.exec(show('package.json') ?? '')?.[1];
  if (io.dryRun) {
    io.stdout(`dry run: nothing written; alpha update would scaffold ${source.cfg.projectName} with scaffolder ${fromVersion ?? '(unknown version)'} (${opts.fromScaffolder ?? 'this scaffolder'}) and with scaffolder ${toVersion}, each with:\n`);
    for (const args of generateCommands(source, { install: false, make: false })) io.stdout(`  scaffolder ${args.map(quote).join(' ')}\n`);
    io.stdout(`then merge ${fromBranch} into the new scaffold and commit the result on branch ${outputBranch}\n`);
    return 0;
  }

  let added = false;
  try {
    return await withScratchDirectory(tmpdir(), 'scaffolder-update-', async (work) => {
      const worktree = join(work, 'worktree');
      try {
        // Both scaffolds first: a replay that fails leaves the repository as it was.
        const ancestor = join(work, 'ancestor', source.cfg.projectName);
        const upgrade = join(work, 'upgrade', source.cfg.projectName);
        makeDirectory(ancestor);
        makeDirectory(upgrade);
        io.stdout(`scaffolding ${source.cfg.projectName} as scaffolder ${fromVersion ?? '(unknown version)'} made it:\n`);
        await replayInto(io, source, ancestor, { install: false, make: false }, previous);
        // The ancestor depends on scaffolder as the user's project does, so that only the upgrade changes it.
        setScaffolderDependency(ancestor, userSpec);
        io.stdout(`scaffolding ${source.cfg.projectName} with scaffolder ${toVersion}:\n`);
        await replayInto(io, source, upgrade, { install: false, make: false });

        gitOk(dir, ['worktree', 'add', '--quiet', '--detach', worktree, fromCommit]);
        added = true;
        fillWorktree(worktree, ancestor);
        const ancestorCommit = commitAll(worktree, `(chore) scaffold of scaffolder ${fromVersion ?? '(unknown version)'}`);
        fillWorktree(worktree);
        gitOk(worktree, ['checkout', fromCommit, '--', '.']);
        const originalCommit = commitAll(worktree, `(chore) ${fromBranch} as the user has it`);
        gitOk(worktree, ['checkout', '--quiet', '--detach', ancestorCommit]);
        fillWorktree(worktree, upgrade);
        commitAll(worktree, `(chore) scaffold of scaffolder ${toVersion}`);
        const merge = git(worktree, ['merge', '--no-edit', '--no-commit', '--no-ff', originalCommit], { ...process.env, ...toolIdentity });
        const conflicts = gitOk(worktree, ['diff', '--name-only', '--diff-filter=U']).split('\n').filter(Boolean);
        if (merge.status !== 0 && conflicts.length === 0) throw new UsageError(`git merge failed: ${(merge.stderr || merge.stdout).trim().split('\n')[0]}`);
        if (conflicts.length > 0 && !opts.force) {
          io.stderr(`error: merging your changes into the scaffold of scaffolder ${toVersion} conflicts in ${conflicts.length} file(s): ${conflicts.join(', ')}; nothing was written. Run again with --force to get branch ${outputBranch} with the conflict markers committed, then resolve them there\n`);
          return 1;
        }
        gitOk(worktree, ['add', '--all']);
        const tree = gitOk(worktree, ['write-tree']).trim();
        if (conflicts.length === 0 && tree === gitOk(dir, ['rev-parse', `${fromCommit}^{tree}`]).trim()) {
          io.stdout(`alpha update: nothing to update: the scaffold of scaffolder ${toVersion} changes nothing on ${fromBranch}; no branch or commit made\n`);
          return 0;
        }
        const message = conflicts.length > 0
          ? `Update to scaffolder ${toVersion} (from ${fromVersion ?? 'an unknown version'}) with merge conflicts\n\nResolve the conflict markers in: ${conflicts.join(', ')}\nthen run: npm install && make manifests lint-fix test\n`
          : `Update to scaffolder ${toVersion} (from ${fromVersion ?? 'an unknown version'})\n\nThe scaffold of scaffolder ${toVersion} with your changes merged (scaffolder alpha update).\n`;
        const hasIdentity = git(dir, ['config', 'user.email']).status === 0;
        const commit = gitOk(dir, ['commit-tree', tree, '-p', fromCommit, '-m', message], hasIdentity ? io.env : { ...io.env, ...toolIdentity }).trim();
        gitOk(dir, ['branch', outputBranch, commit]);
        gitOk(dir, ['checkout', '--quiet', outputBranch]);
        if (conflicts.length > 0) {
          io.stderr(`warning: conflicts committed with their markers in: ${conflicts.join(', ')}\n`);
          io.stdout(`alpha update: on branch ${outputBranch}; resolve the conflicts (<<<<<<<), then run npm install && make manifests lint-fix test\n`);
        } else {
          io.stdout(`alpha update: on branch ${outputBranch} (one commit on ${fromBranch}); run npm install && make manifests lint-fix test\n`);
        }
        return 0;
      } finally {
        if (added) git(dir, ['worktree', 'remove', '--force', worktree]);
      }
    });
  } finally {
    if (added) git(dir, ['worktree', 'prune']);
  }
}
