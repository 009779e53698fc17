/** Printers of the apps group. */
import { AGE, at, col, containerCells, CONTAINERS, controllerText, formatLabels, formatLabelSelector, IMAGES, int, NAME, obj, selectorString, since, type TablePrinter } from './cells.js';

export const APPS_PRINTERS: Record<string, TablePrinter> = {
  'apps/Deployment': {
    columns: [NAME, col('Ready', 'string'), col('Up-to-date', 'string'),
      col('Available', 'string'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', `${int(status.readyReplicas)}/${int(spec.replicas)}`, int(status.updatedReplicas), int(status.availableReplicas), since(o.metadata?.creationTimestamp, now),
        ...containerCells(at(spec, 'template', 'spec')), selectorString(spec.selector)];
    },
  },
  'apps/ReplicaSet': {
    columns: [NAME, col('Desired', 'integer'), col('Current', 'integer'),
      col('Ready', 'integer'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', int(spec.replicas), int(status.replicas), int(status.readyReplicas), since(o.metadata?.creationTimestamp, now),
        ...containerCells(at(spec, 'template', 'spec')), formatLabelSelector(spec.selector)];
    },
  },
  'apps/StatefulSet': {
    columns: [NAME, col('Ready', 'string'), AGE, CONTAINERS, IMAGES],
    row: (o, now) => {
      const spec = obj(o.spec);
      return [o.metadata?.name ?? '', `${int(at(o.status, 'readyReplicas'))}/${int(spec.replicas)}`, since(o.metadata?.creationTimestamp, now), ...containerCells(at(spec, 'template', 'spec'))];
    },
  },
  'apps/DaemonSet': {
    columns: [NAME, col('Desired', 'integer'), col('Current', 'integer'),
      col('Ready', 'integer'),
      col('Up-to-date', 'integer'),
      col('Available', 'integer'),
      col('Node Selector', 'string'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', int(status.desiredNumberScheduled), int(status.currentNumberScheduled), int(status.numberReady), int(status.updatedNumberScheduled), int(status.numberAvailable),
        formatLabels(at(spec, 'template', 'spec', 'nodeSelector')), since(o.metadata?.creationTimestamp, now), ...containerCells(at(spec, 'template', 'spec')), formatLabelSelector(spec.selector)];
    },
  },
  'apps/ControllerRevision': {
    columns: [NAME, col('Controller', 'string'), col('Revision', 'string'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', controllerText(o), int(o.revision), since(o.metadata?.creationTimestamp, now)],
  },
};
