/** Printers of the autoscaling group (HorizontalPodAutoscaler, served as autoscaling/v2). */
import type { KubeObject } from '../../model/object.js';
import { AGE, ageOf, at, col, int, isSet, list, NAME, nameOf, obj, quantityText, str, type Obj, type TablePrinter } from './cells.js';

const UNKNOWN = '<unknown>';

/** A target or current value with a quantity: `current/target`, `(avg)` for an average value. */
function valueMetric(target: Obj, current: Obj | undefined): string {
  if (isSet(target.averageValue)) {
    const now = current && isSet(current.averageValue) ? quantityText(current.averageValue, '<nil>') : UNKNOWN;
    return `${now}/${quantityText(target.averageValue, '<nil>')} (avg)`;
  }
  return `${current ? quantityText(current.value, '<nil>') : UNKNOWN}/${quantityText(target.value, '<nil>')}`;
}

/** A resource metric: `name: current/target`, utilization in percent, `<auto>` when no target is given. */
function resourceMetric(source: Obj, current: Obj | undefined, currentSource: boolean): string {
  const target = obj(source.target);
  const name = str(source.name);
  if (isSet(target.averageValue)) {
    return `${name}: ${currentSource ? quantityText(current?.averageValue, '<nil>') : UNKNOWN}/${quantityText(target.averageValue, '<nil>')}`;
  }
  const now = current && typeof current.averageUtilization === 'number' ? `${int(current.averageUtilization)}%` : UNKNOWN;
  const wanted = typeof target.averageUtilization === 'number' ? `${int(target.averageUtilization)}%` : '<auto>';
  return `${name}: ${now}/${wanted}`;
}

/**
 * formatHPAMetrics: each metric's current and target values, the i-th status read for the i-th
 * metric; the first two, then `+ N more...`; `<none>` without metrics.
 */
function metricsText(hpa: KubeObject): string {
  const specs = list(at(hpa.spec, 'metrics'));
  if (specs.length === 0) return '<none>';
  const statuses = list(at(hpa.status, 'currentMetrics'));
  const texts = specs.map((spec, i) => {
    const status = statuses[i] ?? {};
    const sourceOf = (key: string) => (isSet(status[key]) ? obj(status[key]) : undefined);
    switch (spec.type) {
      case 'External':
      case 'Object': {
        const key = spec.type === 'External' ? 'external' : 'object';
        const current = sourceOf(key);
        return valueMetric(obj(at(spec, key, 'target')), current ? obj(current.current) : undefined);
      }
      case 'Pods': {
        const current = sourceOf('pods');
        return `${current ? quantityText(at(current, 'current', 'averageValue'), '<nil>') : UNKNOWN}/${quantityText(at(spec, 'pods', 'target', 'averageValue'), '<nil>')}`;
      }
      case 'Resource':
      case 'ContainerResource': {
        const key = spec.type === 'Resource' ? 'resource' : 'containerResource';
        const current = sourceOf(key);
        return resourceMetric(obj(spec[key]), current ? obj(current.current) : undefined, current !== undefined);
      }
      default:
        return '<unknown type>';
    }
  });
  return texts.length > 2 ? `${texts.slice(0, 2).join(', ')} + ${texts.length - 2} more...` : texts.join(', ');
}

export const AUTOSCALING_PRINTERS: Record<string, TablePrinter> = {
  'autoscaling/HorizontalPodAutoscaler': {
    columns: [NAME, col('Reference', 'string'),
      col('Targets', 'string'),
      col('MinPods', 'string'),
      col('MaxPods', 'string'),
      col('Replicas', 'string'), AGE],
    row: (o, now) => {
      const spec = obj(o.spec);
      const ref = obj(spec.scaleTargetRef);
      return [nameOf(o), `${str(ref.kind)}/${str(ref.name)}`, metricsText(o), typeof spec.minReplicas === 'number' ? String(int(spec.minReplicas)) : '<unset>',
        int(spec.maxReplicas), int(at(o.status, 'currentReplicas')), ageOf(o, now)];
    },
  },
};
