// Kubernetes' own API groups. A resource in one of these groups that the project does not define
// is a built-in kind (PROJECT `core: true`): `apps` stays `apps`, `networking` becomes
// `networking.k8s.io`, and `core` is the empty (legacy) group.

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

/**
 * Built-in kinds for which scaffolder/runtime exports a kind descriptor, keyed by `group/version/Kind`
 * (group `core` for the legacy group). Other built-in kinds get a descriptor made with defineKind.
 */
export const runtimeBuiltinKinds: ReadonlyMap<string, string> = new Map([
  ['core/v1/Pod', 'Pod'], ['core/v1/Service', 'Service'], ['core/v1/ConfigMap', 'ConfigMap'],
  ['core/v1/Secret', 'Secret'], ['core/v1/Event', 'Event'], ['core/v1/Namespace', 'Namespace'],
  ['core/v1/ServiceAccount', 'ServiceAccount'], ['apps/v1/Deployment', 'Deployment'],
  ['apps/v1/ReplicaSet', 'ReplicaSet'], ['apps/v1/StatefulSet', 'StatefulSet'], ['apps/v1/DaemonSet', 'DaemonSet'],
  ['batch/v1/Job', 'Job'], ['batch/v1/CronJob', 'CronJobV1'], ['coordination/v1/Lease', 'Lease'],
]);

/** Built-in kinds that exist only at cluster scope (everything else is namespaced). */
export const clusterScopedBuiltinKinds: ReadonlySet<string> = new Set([
  'Namespace', 'Node', 'PersistentVolume', 'ClusterRole', 'ClusterRoleBinding', 'StorageClass',
  'CustomResourceDefinition', 'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration',
  'PriorityClass', 'CSIDriver', 'CSINode', 'VolumeAttachment', 'IngressClass', 'RuntimeClass',
  'CertificateSigningRequest', 'APIService',
]);
