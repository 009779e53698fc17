/**
 * Built-in kinds that exist only at cluster scope; every other built-in kind is namespaced. The
 * scaffolded code of a built-in kind and the runtime's kind descriptors follow it. A list here, not
 * read from data/kubernetes-api, because scaffolding a kind needs it without loading a release's
 * schemas; a test holds it to the GA resources of every release the package has data for.
 */
export const CLUSTER_SCOPED_BUILTIN_KINDS: ReadonlySet<string> = new Set([
  'Namespace', 'Node', 'PersistentVolume', 'ComponentStatus', 'ClusterRole', 'ClusterRoleBinding',
  'StorageClass', 'CSIDriver', 'CSINode', 'VolumeAttachment', 'VolumeAttributesClass',
  'CustomResourceDefinition', 'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration',
  'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'MutatingAdmissionPolicy',
  'MutatingAdmissionPolicyBinding', 'PriorityClass', 'IngressClass', 'IPAddress', 'ServiceCIDR',
  'RuntimeClass', 'CertificateSigningRequest', 'APIService', 'FlowSchema',
  'PriorityLevelConfiguration', 'DeviceClass', 'ResourceSlice',
]);
