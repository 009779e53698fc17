// `init`: the files of a new project (package, manager entry point, Makefile, image, config/, e2e tests, CI, dev container).
import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { UsageError } from '../../project/usage-error.js';
import type { Plan } from '../machinery/plan.js';
import { packageManifest } from '../../files/package-root.js';
import { KUBERNETES_MODELS_PACKAGE } from '../../kube/descriptions-package.js';
import { render } from '../machinery/render.js';
import type { DataOfAll, FileTemplate, IfExists } from '../machinery/template.js';
import type { TemplateName } from '../machinery/template-data.js';
import { projectContext } from '../../project/context.js';
import type { License } from '../../project/boilerplate.js';
import { newProjectConfig, projectFileName, type ProjectConfig } from '../../project/project-file.js';
import { validateDomain, validateOwner, validateProjectName } from '../../project/validation.js';

export interface InitOptions {
  domain: string;
  projectName?: string;
  owner?: string;
  license: License;
  multigroup: boolean;
  namespaced: boolean;
  /** What the generated package.json depends on for kubescaffolder (`^0.2.0`, `file:vendor/kubescaffolder-0.2.0.tgz`). */
  scaffolderDependency: string;
  /** The scaffolder version writing the project, recorded as PROJECT's cliVersion. */
  cliVersion: string;
}

// Files that show a directory already holds a project (or another package).
const occupiedBy = [projectFileName, 'package.json', 'src/main.ts'];

/** A template of templates/init/, by its name there. */
type InitTemplate = TemplateName extends infer N ? N extends `init/${infer Name}` ? Name : never : never;

// [template name under templates/init, output path, policy]
const initFiles: Array<[InitTemplate, string, IfExists]> = [
  ['package.json', 'package.json', 'error'],
  ['tsconfig.json', 'tsconfig.json', 'error'],
  ['vitest.config.ts', 'vitest.config.ts', 'error'],
  ['eslint.config.js', 'eslint.config.js', 'error'],
  ['vitest.e2e.config.ts', 'vitest.e2e.config.ts', 'error'],
  ['test/e2e/manager.e2e.ts', 'test/e2e/manager.e2e.ts', 'skip'],
  ['test/e2e/setup.ts', 'test/e2e/setup.ts', 'skip'],
  ['test/e2e/utils.ts', 'test/e2e/utils.ts', 'skip'],
  ['test/e2e/project.ts', 'test/e2e/project.ts', 'skip'],
  ['test/setup.ts', 'test/setup.ts', 'skip'],
  ['github/workflows/lint.yml', '.github/workflows/lint.yml', 'skip'],
  ['github/workflows/test.yml', '.github/workflows/test.yml', 'skip'],
  ['github/workflows/test-e2e.yml', '.github/workflows/test-e2e.yml', 'skip'],
  ['devcontainer/devcontainer.json', '.devcontainer/devcontainer.json', 'skip'],
  ['devcontainer/post-install.sh', '.devcontainer/post-install.sh', 'skip'],
  ['gitignore', '.gitignore', 'skip'],
  ['dockerignore', '.dockerignore', 'skip'],
  ['Dockerfile', 'Dockerfile', 'error'],
  ['Makefile', 'Makefile', 'error'],
  ['README.md', 'README.md', 'skip'],
  ['hack/boilerplate.ts.txt', 'hack/boilerplate.ts.txt', 'overwrite'],
  ['hack/set-image.mjs', 'hack/set-image.mjs', 'overwrite'],
  ['hack/docker-context.mjs', 'hack/docker-context.mjs', 'overwrite'],
  ['src/main.ts', 'src/main.ts', 'error'],
  ['src/node-version.ts', 'src/node-version.ts', 'error'],
  ['config/default/kustomization.yaml', 'config/default/kustomization.yaml', 'error'],
  ['config/default/manager_metrics_patch.yaml', 'config/default/manager_metrics_patch.yaml', 'overwrite'],
  ['config/default/metrics_service.yaml', 'config/default/metrics_service.yaml', 'overwrite'],
  ['config/default/cert_metrics_manager_patch.yaml', 'config/default/cert_metrics_manager_patch.yaml', 'overwrite'],
  ['config/manager/kustomization.yaml', 'config/manager/kustomization.yaml', 'skip'],
  ['config/manager/manager.yaml', 'config/manager/manager.yaml', 'error'],
  ['config/rbac/kustomization.yaml', 'config/rbac/kustomization.yaml', 'error'],
  ['config/rbac/service_account.yaml', 'config/rbac/service_account.yaml', 'overwrite'],
  ['config/rbac/role.yaml', 'config/rbac/role.yaml', 'overwrite'],
  ['config/rbac/role_binding.yaml', 'config/rbac/role_binding.yaml', 'overwrite'],
  ['config/rbac/leader_election_role.yaml', 'config/rbac/leader_election_role.yaml', 'overwrite'],
  ['config/rbac/leader_election_role_binding.yaml', 'config/rbac/leader_election_role_binding.yaml', 'overwrite'],
  ['config/rbac/metrics_auth_role.yaml', 'config/rbac/metrics_auth_role.yaml', 'overwrite'],
  ['config/rbac/metrics_auth_role_binding.yaml', 'config/rbac/metrics_auth_role_binding.yaml', 'overwrite'],
  ['config/rbac/metrics_reader_role.yaml', 'config/rbac/metrics_reader_role.yaml', 'overwrite'],
  ['config/prometheus/kustomization.yaml', 'config/prometheus/kustomization.yaml', 'skip'],
  ['config/prometheus/monitor.yaml', 'config/prometheus/monitor.yaml', 'overwrite'],
  ['config/prometheus/monitor_tls_patch.yaml', 'config/prometheus/monitor_tls_patch.yaml', 'overwrite'],
  ['config/network-policy/kustomization.yaml', 'config/network-policy/kustomization.yaml', 'skip'],
  ['config/network-policy/allow-metrics-traffic.yaml', 'config/network-policy/allow-metrics-traffic.yaml', 'overwrite'],
];

/**
 * The first entry of `dir` that init would scaffold around, as kubebuilder's go/v4 decides: only
 * names starting with '.', Markdown files and upper-case file names such as LICENSE may be there.
 */
function unexpectedEntry(dir: string): string | undefined {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    if (!entry.isDirectory() && (entry.name.endsWith('.md') || /^[A-Z]+$/.test(entry.name))) continue;
    return entry.isDirectory() ? `${entry.name}/` : entry.name;
  }
  return undefined;
}

/** 32-bit FNV-1a, as hex: a short stable id derived from the project name. */
function fnv32a(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Plans a new project in `plan.root`; returns its PROJECT configuration (already added to the plan). */
export function planInit(plan: Plan, opts: InitOptions): ProjectConfig {
  for (const file of occupiedBy) {
    if (plan.exists(file)) throw new UsageError(`${file} already exists in ${plan.root}: init needs a directory without a project (no ${occupiedBy.join(', ')})`);
  }
  const found = unexpectedEntry(plan.root);
  if (found !== undefined) {
    throw new UsageError(`${plan.root} is not empty: found "${found}"; init runs in an empty directory (only names starting with ".", *.md files and upper-case file names such as LICENSE may be there)`);
  }
  validateDomain(opts.domain);
  const projectName = opts.projectName ?? basename(plan.root);
  validateProjectName(projectName);
  if (opts.owner !== undefined) validateOwner(opts.owner);
  const cfg = newProjectConfig({
    cliVersion: opts.cliVersion,
    domain: opts.domain, projectName, multigroup: opts.multigroup, namespaced: opts.namespaced,
    owner: opts.owner, license: opts.license,
  });
  const data = {
    ...projectContext(cfg),
    // A JSON string's contents in package.json (the install path may hold quotes or backslashes).
    scaffolderDependency: JSON.stringify(opts.scaffolderDependency).slice(1, -1),
    leaderElectionId: `${fnv32a(projectName)}.${opts.domain}`,
    ...runtimeRequirements(),
  } satisfies DataOfAll<`init/${InitTemplate}`>;
  for (const [name, path, ifExists] of initFiles) {
    const template: FileTemplate = { path, body: render(`init/${name}`, data), ifExists };
    if (path === '.gitignore' && plan.exists(path)) keepIgnoreFile(plan, template);
    else plan.add(template);
  }
  return cfg;
}

/**
 * What a generated project runs on is what kubescaffolder/runtime runs on: the same Node floor and the
 * same @kubernetes/client-node (the runtime's API takes and returns its KubeConfig and models). Its
 * `manifests` reads built-in fields' descriptions from the kubernetes-models release this package
 * is tested with (its devDependency), or a later one of the same major.
 */
function runtimeRequirements(): { nodeEngine: string; clientNodeRange: string; kubernetesModelsRange: string } {
  const manifest = packageManifest();
  const nodeEngine = manifest.engines?.node;
  const clientNodeRange = manifest.dependencies?.['@kubernetes/client-node'];
  const kubernetesModels = manifest.devDependencies?.[KUBERNETES_MODELS_PACKAGE];
  if (nodeEngine === undefined || clientNodeRange === undefined || kubernetesModels === undefined) {
    throw new Error(`scaffolder's package.json lacks engines.node, the @kubernetes/client-node dependency or the ${KUBERNETES_MODELS_PACKAGE} devDependency`);
  }
  return { nodeEngine, clientNodeRange, kubernetesModelsRange: `^${kubernetesModels.replace(/^[\^~]/, '')}` };
}

/**
 * A .gitignore already there (from `git init` tooling, or the user's own) is kept; the patterns of
 * ours it lacks (node_modules/, dist/, kubeconfigs, ...) are added at its end, and init says so.
 */
function keepIgnoreFile(plan: Plan, ours: FileTemplate): void {
  const patterns = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  const theirs = new Set(patterns(plan.read(ours.path) ?? ''));
  const missing = patterns(ours.body).filter((p) => !theirs.has(p));
  if (missing.length === 0) {
    plan.note(`${ours.path} exists: kept it as it is (it has every entry the project needs)`);
    return;
  }
  plan.edit(ours.path, (content) => `${content}${content === '' || content.endsWith('\n') ? '' : '\n'}\n# Added by scaffolder init\n${missing.join('\n')}\n`);
  plan.note(`${ours.path} exists: kept it and added the entries the project needs: ${missing.join(', ')}`);
}
