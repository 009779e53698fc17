/** Printers of the storage.k8s.io group. */
import type { KubeObject } from '../../model/object.js';
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
    columns: [NAME, col('Provisioner', 'string'),
      col('ReclaimPolicy', 'string'),
      col('VolumeBindingMode', 'string'),
      col('AllowVolumeExpansion', 'string'), AGE],
    row: (o, now) => [isDefaultStorageClass(o) ? `${nameOf(o)} (default)` : nameOf(o), str(o.provisioner), str(o.reclaimPolicy) || 'Delete',
      str(o.volumeBindingMode) || 'Immediate', flag(o.allowVolumeExpansion, false), ageOf(o, now)],
  },
  'storage.k8s.io/VolumeAttributesClass': {
    columns: [NAME, col('DriverName', 'string'), AGE],
    row: (o, now) => [nameOf(o), str(o.driverName), ageOf(o, now)],
  },
  'storage.k8s.io/VolumeAttachment': {
    columns: [NAME, col('Attacher', 'string', 0, 'name'),
      col('PV', 'string'),
      col('Node', 'string'),
      col('Attached', 'boolean'), AGE],
    row: (o, now) => [nameOf(o), str(at(o.spec, 'attacher')), str(at(o.spec, 'source', 'persistentVolumeName')), str(at(o.spec, 'nodeName')),
      at(o.status, 'attached') === true, ageOf(o, now)],
  },
  'storage.k8s.io/CSIDriver': {
    columns: [NAME, col('AttachRequired', 'boolean'),
      col('PodInfoOnMount', 'boolean'),
      col('StorageCapacity', 'boolean'),
      col('TokenRequests', 'string'),
      col('RequiresRepublish', 'boolean'),
      col('Modes', 'string'), AGE],
    row: csiDriverRow,
  },
  'storage.k8s.io/CSINode': {
    columns: [NAME, col('Drivers', 'integer'), AGE],
    row: (o, now) => [nameOf(o), list(at(o.spec, 'drivers')).length, ageOf(o, now)],
  },
  'storage.k8s.io/CSIStorageCapacity': {
    columns: [NAME, col('StorageClassName', 'string'),
      col('Capacity', 'string')],
    row: (o) => [nameOf(o), str(o.storageClassName), quantityText(o.capacity, '<unset>')],
  },
};
