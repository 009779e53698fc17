/**
 * Where the real Kubernetes programs live once `npm run tools:kubernetes` has built them: the one place
 * that spells these paths and versions (tools/kubernetes/versions.json), free of vitest so that the
 * build script and bench/ use it too. Layout, outside the repository:
 *   <root>/kubernetes-<v>/{kube-apiserver,etcd}   an envtest assets folder (KUBEBUILDER_ASSETS), as setup-envtest lays it out
 *   <root>/etcd-<v>/etcd, <root>/controller-gen-<v>/controller-gen, <root>/helm-<v>/helm
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './shared-paths.js';

export interface ToolVersions {
  /** kube-apiserver releases, newest first; the first is the one the tests run. */
  kubernetes: string[];
  etcd: string;
  'controller-gen': string;
  helm: string;
}

export const toolsModulesDir = path.join(repoRoot, 'tools', 'kubernetes');

export function toolVersions(): ToolVersions {
  return JSON.parse(readFileSync(path.join(toolsModulesDir, 'versions.json'), 'utf8')) as ToolVersions;
}

/** $SCAFFOLDER_TOOLS_DIR, else the user's cache folder: a build survives `git clean` and fresh clones. */
export function toolsRoot(): string {
  if (process.env.SCAFFOLDER_TOOLS_DIR) return path.resolve(process.env.SCAFFOLDER_TOOLS_DIR);
  return path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'scaffolder', 'tools');
}

/** The envtest assets folder (kube-apiserver + etcd) of a Kubernetes release, by default the newest pinned. */
export function kubernetesAssetsDir(version = toolVersions().kubernetes[0]): string {
  return path.join(toolsRoot(), `kubernetes-${version}`);
}

export function controllerGenBinary(): string {
  const v = toolVersions()['controller-gen'];
  return path.join(toolsRoot(), `controller-gen-${v}`, 'controller-gen');
}

export function helmBinary(): string {
  const v = toolVersions().helm;
  return path.join(toolsRoot(), `helm-${v}`, 'helm');
}

/** One `go build` of the build script: a main package of a pinned module, and where it goes. */
export interface ToolBuild {
  name: string;
  version: string;
  moduleDir: string;
  pkg: string;
  outDir: string;
  binary: string;
  /** -X settings: kube-apiserver (at /version) and helm (`helm version`) report their release only when told it at link time. */
  ldflags: [string, string][];
  /** [alias, target]: symbolic links made after the build. */
  links: [string, string][];
}

function kubeVersionFlags(version: string): [string, string][] {
  const [major, minor] = version.split('.');
  const flags: [string, string][] = [];
  for (const pkg of ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version']) {
    flags.push([`${pkg}.gitVersion`, `v${version}`], [`${pkg}.gitMajor`, major], [`${pkg}.gitMinor`, minor], [`${pkg}.gitTreeState`, 'clean']);
  }
  return flags;
}

export function toolBuilds(): ToolBuild[] {
  const v = toolVersions();
  const root = toolsRoot();
  const etcdDir = path.join(root, `etcd-${v.etcd}`);
  const builds: ToolBuild[] = [
    { name: 'etcd', version: v.etcd, moduleDir: path.join(toolsModulesDir, 'etcd'), pkg: 'go.etcd.io/etcd/server/v3', outDir: etcdDir, binary: path.join(etcdDir, 'etcd'), ldflags: [], links: [] },
  ];
  for (const release of v.kubernetes) {
    const minor = release.split('.').slice(0, 2).join('.');
    const outDir = kubernetesAssetsDir(release);
    builds.push({
      name: 'kube-apiserver',
      version: release,
      moduleDir: path.join(toolsModulesDir, `kube-apiserver-${minor}`),
      pkg: 'k8s.io/kubernetes/cmd/kube-apiserver',
      outDir,
      binary: path.join(outDir, 'kube-apiserver'),
      ldflags: kubeVersionFlags(release),
      links: [[path.join(outDir, 'etcd'), path.join(etcdDir, 'etcd')]],
    });
  }
  builds.push(
    { name: 'controller-gen', version: v['controller-gen'], moduleDir: path.join(toolsModulesDir, 'controller-gen'), pkg: 'sigs.k8s.io/controller-tools/cmd/controller-gen', outDir: path.dirname(controllerGenBinary()), binary: controllerGenBinary(), ldflags: [], links: [] },
    { name: 'helm', version: v.helm, moduleDir: path.join(toolsModulesDir, 'helm'), pkg: `helm.sh/helm/v${v.helm.split('.')[0]}/cmd/helm`, outDir: path.dirname(helmBinary()), binary: helmBinary(), ldflags: [[`helm.sh/helm/v${v.helm.split('.')[0]}/internal/version.version`, `v${v.helm}`]], links: [] },
  );
  return builds;
}
