/** Printers of the storage.k8s.io group. */
import type { KubeObject } from '../object.js';
import { AGE, ageOf, at, col, isSet, list, NAME, nameOf, obj, quantityText, str, type TablePrinter } from './cells.js';

/** storageutil.IsDefaultAnnotation: the GA or the beta default-class annotation is "true". */
function isDefaultStorageClass(o: KubeObject): boolean {
  const annotations = o.metadata?.annotations ?? {};
  return annotations['storageclass.kubernetes.io/is-default-class'] === 'true' || annotations['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
}

/** A *bool field: its value, else the default the printer assumes. */
function flag(value: unknown, unset: boolean): boolean {
  return typeof value === 'boolean' ? value : unset;
}

function csiDriverRow(o: KubeObject, nowMs: number): unknown[] {
  const spec = obj(o.spec);
  const modes = Array.isArray(spec.volumeLifecycleModes) ? spec.volumeLifecycleModes.map(str).join(',') : '';
  const tokenRequests = isSet(spec.tokenRequests) ? list(spec.tokenRequests).map((t) => str(t.audience)).join(',') : '<unset>';
  return [nameOf(o), flag(spec.attachRequired, true), flag(spec.podInfoOnMount, false), flag(spec.storageCapacity, false),
    tokenRequests, flag(spec.requiresRepublish, false), modes || '<none>', ageOf(o, nowMs)];
}

export const STORAGE_PRINTERS: Record<string, TablePrinter> = {
  'storage.k8s.io/StorageClass': {
    columns: [NAME, col('Provisioner', 'string', 'provisioner indicates the type of the provisioner.'),
      col('ReclaimPolicy', 'string', 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class.'),
      col('VolumeBindingMode', 'string', 'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.'),
      col('AllowVolumeExpansion', 'string', 'allowVolumeExpansion shows whether the storage class allow volume expand.'), AGE],
    row: (o, now) => [isDefaultStorageClass(o) ? `${nameOf(o)} (default)` : nameOf(o), str(o.provisioner), str(o.reclaimPolicy) || 'Delete',
      str(o.volumeBindingMode) || 'Immediate', flag(o.allowVolumeExpansion, false), ageOf(o, now)],
  },
  'storage.k8s.io/VolumeAttributesClass': {
    columns: [NAME, col('DriverName', 'string', 'Name of the CSI driver This field is immutable.'), AGE],
    row: (o, now) => [nameOf(o), str(o.driverName), ageOf(o, now)],
  },
  'storage.k8s.io/VolumeAttachment': {
    columns: [NAME, { ...col('Attacher', 'string', 'attacher indicates the name of the volume driver that MUST handle this request.'), format: 'name' },
      col('PV', 'string', 'persistentVolumeName represents the name of the persistent volume to attach.'),
      col('Node', 'string', 'nodeName represents the node that the volume should be attached to.'),
      col('Attached', 'boolean', 'attached indicates the volume is successfully attached.'), AGE],
    row: (o, now) => [nameOf(o), str(at(o.spec, 'attacher')), str(at(o.spec, 'source', 'persistentVolumeName')), str(at(o.spec, 'nodeName')),
      at(o.status, 'attached') === true, ageOf(o, now)],
  },
  'storage.k8s.io/CSIDriver': {
    columns: [NAME, col('AttachRequired', 'boolean', 'attachRequired indicates this CSI volume driver requires an attach operation.'),
      col('PodInfoOnMount', 'boolean', 'podInfoOnMount indicates this CSI volume driver requires additional pod information (like podName, podUID, etc.) during mount operations, if set to true.'),
      col('StorageCapacity', 'boolean', 'storageCapacity indicates that the CSI volume driver wants pod scheduling to consider the storage capacity that the driver deployment will report.'),
      col('TokenRequests', 'string', "tokenRequests indicates the CSI driver needs pods' service account tokens it is mounting volume for to do necessary authentication."),
      col('RequiresRepublish', 'boolean', 'requiresRepublish indicates the CSI driver wants `NodePublishVolume` being periodically called to reflect any possible change in the mounted volume.'),
      col('Modes', 'string', 'volumeLifecycleModes defines what kind of volumes this CSI volume driver supports.'), AGE],
    row: csiDriverRow,
  },
  'storage.k8s.io/CSINode': {
    columns: [NAME, col('Drivers', 'integer', 'Drivers indicates the number of CSI drivers registered on the node'), AGE],
    row: (o, now) => [nameOf(o), list(at(o.spec, 'drivers')).length, ageOf(o, now)],
  },
  'storage.k8s.io/CSIStorageCapacity': {
    columns: [NAME, col('StorageClassName', 'string', 'storageClassName represents the name of the StorageClass that the reported capacity applies to.'),
      col('Capacity', 'string', 'capacity is the value reported by the CSI driver in its GetCapacityResponse for a GetCapacityRequest with topology and parameters that match the previous fields.')],
    row: (o) => [nameOf(o), str(o.storageClassName), quantityText(o.capacity, '<unset>')],
  },
};
