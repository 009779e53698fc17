/**
 * The JSON fields of apimachinery's metav1 structs in their Go declaration order: the order Go's
 * encoder writes them in, which kube-apiserver's messages keep where they quote a stored object
 * as it was encoded (a patched object's untouched metadata).
 */

/** metav1.ObjectMeta. */
export const OBJECT_META_FIELD_ORDER = [
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
] as const;

/** metav1.ManagedFieldsEntry. */
export const MANAGED_FIELDS_ENTRY_FIELD_ORDER = ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource'] as const;

/** metav1.OwnerReference. */
export const OWNER_REFERENCE_FIELD_ORDER = ['apiVersion', 'kind', 'name', 'uid', 'controller', 'blockOwnerDeletion'] as const;
