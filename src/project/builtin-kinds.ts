// A command on a kind of a built-in group (`create webhook --group batch`, `create api --group core
// --resource=false`) scaffolds for a kind Kubernetes serves: the kind is checked against the API data
// the package ships (data/kubernetes-api), so that a typo (`Nope`, `Cronjob`, `Pods`) is refused with
// the nearest names instead of written into PROJECT as `core: true`. A project may name one of its own
// groups as a built-in one (the kubebuilder book's `batch`); the command then says which it means.
import { distance } from 'fastest-levenshtein';
import { KUBERNETES_API_VERSIONS, loadKubernetesApi } from '../kube/kubernetes-api.js';
import { UsageError } from './usage-error.js';
import { builtinGroupDomain } from './core-groups.js';
import type { ProjectConfig } from './project-file.js';
import { qualifiedGroup } from './resource.js';

interface Gvk {
  group: string;
  version: string;
  kind: string;
}

/** The API server's name of a built-in group as PROJECT names it: '' for core, networking.k8s.io for networking. */
function apiGroupOf(group: string): string {
  if (group === 'core') return '';
  const domain = builtinGroupDomain(group) ?? '';
  return domain === '' ? group : `${group}.${domain}`;
}

/** The kinds of built-in group `group` by version, over every shipped release (none: the data does not know the group). */
function builtinKinds(group: string): Map<string, Set<string>> {
  const apiGroup = apiGroupOf(group);
  const byVersion = new Map<string, Set<string>>();
  for (const release of KUBERNETES_API_VERSIONS) {
    for (const k of loadKubernetesApi(release).allKinds()) {
      // Lists and apimachinery's own kinds (Status, APIGroup) are not resources a webhook or controller is for.
      if (k.group !== apiGroup || k.component.startsWith('io.k8s.apimachinery.') || (k.kind.endsWith('List') && k.kind !== 'List')) continue;
      const kinds = byVersion.get(k.version) ?? new Set<string>();
      kinds.add(k.kind);
      byVersion.set(k.version, kinds);
    }
  }
  return byVersion;
}

/** `names` near `typed` (a different case, or a few edits away), nearest first. */
function nearest(typed: string, names: Iterable<string>): string[] {
  const lower = typed.toLowerCase();
  const scored = [...new Set(names)].map((n) => ({ n, d: distance(lower, n.toLowerCase()) })).filter(({ d }) => d <= Math.max(1, Math.floor(typed.length / 3)));
  return scored.sort((a, b) => a.d - b.d || a.n.localeCompare(b.n)).map(({ n }) => n);
}

const list = (names: Iterable<string>) => [...names].sort().join(', ');

/**
 * Checks that `gvk`, which a command takes for a built-in kind (the project has no API of that
 * group, version and kind), is one Kubernetes serves; throws a UsageError naming the nearest kinds
 * otherwise. Returns a note when the project also has a group of that name, saying that the command
 * is for the built-in kind. A group the data does not know (metrics, served by an aggregated API) is
 * not checked.
 */
export function checkBuiltinKind(cfg: ProjectConfig, gvk: Gvk): string | undefined {
  const byVersion = builtinKinds(gvk.group);
  const own = cfg.resources.filter((r) => r.api && !r.core && !r.external && r.group === gvk.group);
  const ownText = own.length > 0 ? `this project's group ${qualifiedGroup(own[0])} (kinds: ${list(new Set(own.map((r) => `${r.version} ${r.kind}`)))})` : '';
  const builtinText = `Kubernetes' ${apiGroupOf(gvk.group) || 'core'} group`;
  if (byVersion.size === 0) return undefined;
  const kinds = byVersion.get(gvk.version);
  if (kinds?.has(gvk.kind)) {
    return own.length > 0
      ? `"${gvk.group}" is both ${ownText} and ${builtinText}; ${gvk.kind} is not one of the project's kinds, so this is for the built-in ${gvk.group}/${gvk.version} ${gvk.kind}`
      : undefined;
  }

  const where = `${gvk.group}/${gvk.version}`;
  const also = own.length > 0 ? `; "${gvk.group}" is also ${ownText}, which has no ${gvk.version} ${gvk.kind} either` : '';
  const versionsOfKind = [...byVersion].filter(([, k]) => k.has(gvk.kind)).map(([v]) => v);
  if (versionsOfKind.length > 0) {
    throw new UsageError(`${where} has no kind ${gvk.kind}: ${builtinText} serves ${gvk.kind} in ${list(versionsOfKind)}${also}; pass --version ${versionsOfKind.sort().at(-1)}`);
  }
  const near = nearest(gvk.kind, [...(kinds ?? []), ...own.map((r) => r.kind)]);
  const builtinNear = near.filter((n) => kinds?.has(n));
  const ownNear = near.filter((n) => own.some((r) => r.kind === n));
  const hints = [
    ...(builtinNear.length > 0 ? [`the built-in ${builtinNear.join(', ')}`] : []),
    ...(ownNear.length > 0 ? [`the project's ${ownNear.join(', ')}`] : []),
  ];
  const known = kinds ? `the built-in ${where} kinds are ${list(kinds)}` : `${builtinText} serves versions ${list(byVersion.keys())}`;
  const hint = hints.length > 0 ? `did you mean ${hints.join(', or ')}?` : known;
  throw new UsageError(`${where} has no kind ${gvk.kind} in ${builtinText} (Kubernetes ${KUBERNETES_API_VERSIONS[0]}-${KUBERNETES_API_VERSIONS.at(-1)})${also}: ${hint}`);
}
