/**
 * `scaffolder manifests --check-compat[=<ref>]`: the CRDs generated now against those committed at
 * a git ref (default HEAD) in config/crd/bases. Prints each finding at the marker that caused it,
 * and fails when a breaking one is not in the allow-list (.compat-allow.yaml).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { CustomResourceDefinition } from '../../kube/custom-resource-definition.js';
import type { SourceLocation } from '../../markers/index.js';
import { ALLOW_LIST_FILE, AllowListError, type AllowEntry, allows, parseAllowList } from './allow-list.js';
import { compareCrds } from './compare-crds.js';
import type { CompatFinding } from './finding.js';

export interface CompatIO {
  stdout(s: string): void;
  stderr(s: string): void;
}

export interface CompatCheckInput {
  projectDir: string;
  /** A git ref (commit, branch, tag); '' means HEAD. */
  ref: string;
  /** Where the CRDs are, relative to projectDir (config/crd/bases, or <output-dir>/crd/bases). */
  crdDir: string;
  /** The CRDs generated now. */
  crds: readonly CustomResourceDefinition[];
  /** The marker or declaration behind a CRD field (the CRD generator's locate). */
  locate(crdName: string, field: string): SourceLocation | undefined;
}

class CompatError extends Error {}

function git(cwd: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw new CompatError(`cannot run git: ${r.error.message}`);
  if (r.status !== 0) throw new CompatError(`git ${args.join(' ')}: ${(r.stderr || r.stdout).trim().split('\n')[0]}`);
  return r.stdout;
}

/** The CRDs in `crdDir` at `ref` (none when the folder did not exist then). */
export function crdsAtRef(projectDir: string, ref: string, crdDir: string): CustomResourceDefinition[] {
  let commit: string;
  try {
    commit = git(projectDir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new CompatError(`"${ref}" is not a commit of a git repository at ${projectDir}: --check-compat compares with the CRDs committed there`);
  }
  // ls-tree reads the folder relative to projectDir (a project may be a subfolder of its repository)
  // and, with --full-name, names files from the repository's root, as `git show <commit>:<file>` wants them.
  const dir = crdDir.split(path.sep).join('/');
  const files = git(projectDir, ['ls-tree', '-r', '--name-only', '--full-name', commit, '--', `${dir}/`]).split('\n').filter((f) => /\.ya?ml$/.test(f));
  const crds: CustomResourceDefinition[] = [];
  for (const file of files) {
    for (const doc of parseAllDocuments(git(projectDir, ['show', `${commit}:${file}`]))) {
      if (!('toJS' in doc)) continue;
      const value = doc.toJS() as CustomResourceDefinition | null;
      if (value?.kind === 'CustomResourceDefinition' && value.spec) crds.push(value);
    }
  }
  return crds;
}

function formatFinding(f: CompatFinding, projectDir: string): string {
  const where = f.location ? `${path.relative(projectDir, f.location.file) || f.location.file}:${f.location.line}:${f.location.column}: ` : '';
  const version = f.version ? ` ${f.version}` : '';
  return `${where}${f.severity}: [${f.rule}] ${f.crd}${version} ${f.path}: ${f.old} → ${f.new}: ${f.detail}`;
}

/** Runs the check; 0 when nothing breaking is left unaccepted. */
export function runCompatCheck(input: CompatCheckInput, io: CompatIO): number {
  const ref = input.ref || 'HEAD';
  let old: CustomResourceDefinition[];
  let allowList: AllowEntry[] = [];
  const allowFile = path.join(input.projectDir, ALLOW_LIST_FILE);
  try {
    old = crdsAtRef(input.projectDir, ref, input.crdDir);
    if (existsSync(allowFile)) allowList = parseAllowList(readFileSync(allowFile, 'utf8'), ALLOW_LIST_FILE);
  } catch (e) {
    if (!(e instanceof CompatError) && !(e instanceof AllowListError)) throw e;
    io.stderr(`manifests --check-compat: ${e.message}\n`);
    return 1;
  }
  if (old.length === 0) io.stdout(`manifests --check-compat: no CRDs in ${input.crdDir} at ${ref}: nothing to compare with\n`);
  const findings = compareCrds(old, input.crds).map((f) => ({ ...f, location: f.crdField ? input.locate(f.crd, f.crdField) : undefined }));
  const used = new Set<AllowEntry>();
  let unaccepted = 0;
  for (const f of findings) {
    const entry = f.severity === 'breaking' ? allowList.find((e) => allows(e, f)) : undefined;
    if (entry) {
      used.add(entry);
      io.stdout(`${formatFinding(f, input.projectDir)} (accepted in ${ALLOW_LIST_FILE}:${entry.line}: ${entry.reason})\n`);
    } else if (f.severity === 'breaking') {
      unaccepted++;
      io.stderr(`${formatFinding(f, input.projectDir)}\n`);
    } else io.stdout(`${formatFinding(f, input.projectDir)}\n`);
  }
  for (const entry of allowList) {
    if (!used.has(entry)) io.stdout(`${ALLOW_LIST_FILE}:${entry.line}: warning: nothing matches this entry (${entry.rule} at ${entry.path}): remove it\n`);
  }
  const summary = `${old.length} CRD${old.length === 1 ? '' : 's'} at ${ref} compared: ${findings.length} finding${findings.length === 1 ? '' : 's'}, ${unaccepted} breaking not accepted`;
  if (unaccepted > 0) {
    io.stderr(`manifests --check-compat: ${summary}; fix them, or accept each in ${ALLOW_LIST_FILE} with its reason\n`);
    return 1;
  }
  io.stdout(`manifests --check-compat: ${summary}\n`);
  return 0;
}
