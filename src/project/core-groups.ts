// Kubernetes' own API groups. A resource in one of these groups that the project does not define
// is a built-in kind (PROJECT `core: true`): `apps` stays `apps`, `networking` becomes
// `networking.k8s.io`, and `core` is the empty (legacy) group.

import { CLUSTER_SCOPED_BUILTIN_KINDS } from '../kube/cluster-scoped-kinds.js';
import * as runtimeBuiltins from '../runtime/scheme/builtins.js';

const k8sIo = 'k8s.io';

const builtinGroupDomains: ReadonlyMap<string, string> = new Map([
  ['admission', k8sIo], ['admissionregistration', k8sIo], ['apps', ''], ['auditregistration', k8sIo],
  ['apiextensions', k8sIo], ['authentication', k8sIo], ['authorization', k8sIo], ['autoscaling', ''],
  ['batch', ''], ['certificates', k8sIo], ['coordination', k8sIo], ['core', ''], ['events', k8sIo],
  ['extensions', ''], ['imagepolicy', k8sIo], ['networking', k8sIo], ['node', k8sIo], ['metrics', k8sIo],
  ['policy', ''], ['rbac.authorization', k8sIo], ['scheduling', k8sIo], ['setting', k8sIo], ['storage', k8sIo],
]);

export function isBuiltinGroup(group: string): boolean {
  return builtinGroupDomains.has(group);
}

/** The domain appended to a built-in group ('' or 'k8s.io'); undefined when the group is not built in. */
export function builtinGroupDomain(group: string): string | undefined {
  return builtinGroupDomains.get(group);
}

/** PROJECT's name of a built-in API group: `core` for the legacy group, `coordination` for coordination.k8s.io. */
function projectGroup(apiGroup: string): string {
  return apiGroup === '' ? 'core' : apiGroup.replace(/\.k8s\.io$/, '');
}

/**
 * Built-in kinds for which kubescaffolder/runtime exports a kind descriptor (src/runtime/scheme/builtins.ts),
 * keyed by `group/version/Kind` (group as PROJECT names it), with the descriptor's export name
 * (`CronJobV1` for batch/v1 CronJob). Other built-in kinds get a descriptor made with defineKind.
 */
export const runtimeBuiltinKinds: ReadonlyMap<string, string> = new Map(
  Object.entries(runtimeBuiltins)
    .filter(([, value]) => (runtimeBuiltins.builtinKinds as readonly unknown[]).includes(value))
    .map(([name, value]) => {
      const kind = value as (typeof runtimeBuiltins.builtinKinds)[number];
      return [`${projectGroup(kind.group)}/${kind.version}/${kind.kind}`, name];
    }),
);

/** Built-in kinds that exist only at cluster scope (src/kube/cluster-scoped-kinds.ts). */
export const clusterScopedBuiltinKinds = CLUSTER_SCOPED_BUILTIN_KINDS;
