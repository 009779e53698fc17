/** Printers of the apps group. */
import { AGE, at, col, containerCells, CONTAINERS, controllerText, formatLabels, formatLabelSelector, IMAGES, int, NAME, obj, selectorString, since, type TablePrinter } from './cells.js';

export const APPS_PRINTERS: Record<string, TablePrinter> = {
  'apps/Deployment': {
    columns: [NAME, col('Ready', 'string', 'Number of the pod with ready state'), col('Up-to-date', 'string', 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.'),
      col('Available', 'string', 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', `${int(status.readyReplicas)}/${int(spec.replicas)}`, int(status.updatedReplicas), int(status.availableReplicas), since(o.metadata?.creationTimestamp, now),
        ...containerCells(at(spec, 'template', 'spec')), selectorString(spec.selector)];
    },
  },
  'apps/ReplicaSet': {
    columns: [NAME, col('Desired', 'integer', 'Replicas is the number of desired pods.'), col('Current', 'integer', 'Replicas is the most recently observed number of non-terminating pods.'),
      col('Ready', 'integer', 'The number of non-terminating pods targeted by this ReplicaSet with a Ready Condition.'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 'Selector is a label query over pods that should match the replica count.', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', int(spec.replicas), int(status.replicas), int(status.readyReplicas), since(o.metadata?.creationTimestamp, now),
        ...containerCells(at(spec, 'template', 'spec')), formatLabelSelector(spec.selector)];
    },
  },
  'apps/StatefulSet': {
    columns: [NAME, col('Ready', 'string', 'Number of the pod with ready state'), AGE, CONTAINERS, IMAGES],
    row: (o, now) => {
      const spec = obj(o.spec);
      return [o.metadata?.name ?? '', `${int(at(o.status, 'readyReplicas'))}/${int(spec.replicas)}`, since(o.metadata?.creationTimestamp, now), ...containerCells(at(spec, 'template', 'spec'))];
    },
  },
  'apps/DaemonSet': {
    columns: [NAME, col('Desired', 'integer', 'The total number of nodes that should be running the daemon pod.'), col('Current', 'integer', 'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.'),
      col('Ready', 'integer', 'numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.'),
      col('Up-to-date', 'integer', 'The total number of nodes that are running updated daemon pod'),
      col('Available', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)'),
      col('Node Selector', 'string', 'NodeSelector is a selector which must be true for the pod to fit on a node.'), AGE, CONTAINERS, IMAGES,
      col('Selector', 'string', 'A label query over pods that are managed by the daemon set.', 1)],
    row: (o, now) => {
      const spec = obj(o.spec);
      const status = obj(o.status);
      return [o.metadata?.name ?? '', int(status.desiredNumberScheduled), int(status.currentNumberScheduled), int(status.numberReady), int(status.updatedNumberScheduled), int(status.numberAvailable),
        formatLabels(at(spec, 'template', 'spec', 'nodeSelector')), since(o.metadata?.creationTimestamp, now), ...containerCells(at(spec, 'template', 'spec')), formatLabelSelector(spec.selector)];
    },
  },
  'apps/ControllerRevision': {
    columns: [NAME, col('Controller', 'string', 'Controller of the object'), col('Revision', 'string', 'Revision indicates the revision of the state represented by Data.'), AGE],
    row: (o, now) => [o.metadata?.name ?? '', controllerText(o), int(o.revision), since(o.metadata?.creationTimestamp, now)],
  },
};
