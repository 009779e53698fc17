/**
 * Built-in kinds that exist only at cluster scope; every other built-in kind is namespaced. The
 * scaffolded code of a built-in kind and the test API server's built-in resources follow it.
 */
export const CLUSTER_SCOPED_BUILTIN_KINDS: ReadonlySet<string> = new Set([
  'Namespace', 'Node', 'PersistentVolume', 'ClusterRole', 'ClusterRoleBinding', 'StorageClass',
  'CustomResourceDefinition', 'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration',
  'PriorityClass', 'CSIDriver', 'CSINode', 'VolumeAttachment', 'IngressClass', 'RuntimeClass',
  'CertificateSigningRequest', 'APIService',
]);
