/**
 * HorizontalPodAutoscaler in autoscaling/v1, a view of the object stored at autoscaling/v2, as
 * kube-apiserver converts it (pkg/apis/autoscaling/v1/conversion.go, defaults.go). v1 has only
 * `targetCPUUtilizationPercentage` and `currentCPUUtilizationPercentage`; what else v2 holds
 * travels in annotations, so that a v1 client that writes back what it read loses nothing:
 *   autoscaling.alpha.kubernetes.io/metrics          the other metrics, as v1's MetricSpec JSON
 *   autoscaling.alpha.kubernetes.io/current-metrics  every current metric, as v1's MetricStatus JSON
 *   autoscaling.alpha.kubernetes.io/conditions       the status conditions
 *   autoscaling.alpha.kubernetes.io/behavior         the behavior, as Go marshals the internal type
 *                                                    (no json tags: `ScaleUp`, `Policies`, ...)
 * The JSON in an annotation is read as Go's encoding/json reads it: keys match ignoring case, and
 * an annotation that does not decode is ignored.
 */
import { isPlainObject, type KubeObject } from '../model/object.js';

type Obj = Record<string, unknown>;

const METRICS = 'autoscaling.alpha.kubernetes.io/metrics';
const CURRENT_METRICS = 'autoscaling.alpha.kubernetes.io/current-metrics';
const CONDITIONS = 'autoscaling.alpha.kubernetes.io/conditions';
const BEHAVIOR = 'autoscaling.alpha.kubernetes.io/behavior';

/** DropRoundTripHorizontalPodAutoscalerAnnotations: the annotations no stored object keeps (v2beta2's tolerances too). */
const ROUND_TRIP = [METRICS, BEHAVIOR, CURRENT_METRICS, CONDITIONS,
  'autoscaling.alpha.kubernetes.io/scale-down-tolerance', 'autoscaling.alpha.kubernetes.io/scale-up-tolerance'];

/** The annotations that hold part of the status (they go with it in updates). */
export const HPA_V1_STATUS_ANNOTATIONS = [CURRENT_METRICS, CONDITIONS] as const;

/** autoscaling.DefaultCPUUtilization: v1's implicit target when it names no metric. */
const DEFAULT_CPU_UTILIZATION = 80;

const asObj = (value: unknown): Obj => (isPlainObject(value) ? value : {});
const given = (value: unknown): boolean => value !== undefined && value !== null;

/** Sets `key` only when `value` is given (Go's omitempty on a pointer). */
function put(target: Obj, key: string, value: unknown): void {
  if (given(value)) target[key] = value;
}

/** A field of annotation JSON, matched as encoding/json matches struct fields: exactly, else ignoring case. */
function field(o: unknown, name: string): unknown {
  if (!isPlainObject(o)) return undefined;
  if (name in o) return o[name];
  const lower = name.toLowerCase();
  const key = Object.keys(o).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : o[key];
}

/** A non-pointer resource.Quantity: its zero value marshals as "0". */
const quantity = (value: unknown): unknown => (given(value) ? value : '0');

function reference(ref: unknown, read: (o: unknown, name: string) => unknown = field): Obj {
  const out: Obj = { kind: read(ref, 'kind') ?? '', name: read(ref, 'name') ?? '' };
  put(out, 'apiVersion', read(ref, 'apiVersion'));
  return out;
}

const own = (o: unknown, name: string): unknown => asObj(o)[name];

/** Whether a v2 metric is the CPU utilization target v1 has a field for. */
function isCPUUtilization(metric: Obj): boolean {
  const resource = asObj(metric.resource);
  return metric.type === 'Resource' && isPlainObject(metric.resource) && resource.name === 'cpu' && given(asObj(resource.target).averageUtilization);
}

// ---- metrics: v2 <-> v1's MetricSpec and MetricStatus (the annotation JSON) ------------------

function metricSpecToV1(m: Obj): Obj {
  const out: Obj = { type: m.type ?? '' };
  if (isPlainObject(m.object)) {
    const { describedObject, target, metric } = m.object;
    const o: Obj = { target: reference(describedObject, own), metricName: own(metric, 'name') ?? '', targetValue: quantity(own(target, 'value')) };
    put(o, 'selector', own(metric, 'selector'));
    put(o, 'averageValue', own(target, 'averageValue'));
    out.object = o;
  }
  if (isPlainObject(m.pods)) {
    const { target, metric } = m.pods;
    const o: Obj = { metricName: own(metric, 'name') ?? '', targetAverageValue: quantity(own(target, 'averageValue')) };
    put(o, 'selector', own(metric, 'selector'));
    out.pods = o;
  }
  for (const key of ['resource', 'containerResource']) {
    const source = m[key];
    if (!isPlainObject(source)) continue;
    const o: Obj = { name: source.name ?? '' };
    put(o, 'targetAverageUtilization', own(source.target, 'averageUtilization'));
    put(o, 'targetAverageValue', own(source.target, 'averageValue'));
    if (key === 'containerResource') o.container = source.container ?? '';
    out[key] = o;
  }
  if (isPlainObject(m.external)) {
    const { target, metric } = m.external;
    const o: Obj = { metricName: own(metric, 'name') ?? '' };
    put(o, 'metricSelector', own(metric, 'selector'));
    put(o, 'targetValue', own(target, 'value'));
    put(o, 'targetAverageValue', own(target, 'averageValue'));
    out.external = o;
  }
  return out;
}

function identifier(source: unknown, selectorKey: string): Obj {
  const out: Obj = { name: field(source, 'metricName') ?? '' };
  put(out, 'selector', field(source, selectorKey));
  return out;
}

function metricSpecFromV1(m: unknown): Obj {
  const out: Obj = { type: field(m, 'type') ?? '' };
  const object = field(m, 'object');
  if (isPlainObject(object)) {
    const averageValue = field(object, 'averageValue');
    const target: Obj = { type: given(averageValue) ? 'AverageValue' : 'Value', value: quantity(field(object, 'targetValue')) };
    put(target, 'averageValue', averageValue);
    out.object = { describedObject: reference(field(object, 'target')), target, metric: identifier(object, 'selector') };
  }
  const pods = field(m, 'pods');
  if (isPlainObject(pods)) {
    out.pods = { metric: identifier(pods, 'selector'), target: { type: 'AverageValue', averageValue: quantity(field(pods, 'targetAverageValue')) } };
  }
  for (const key of ['resource', 'containerResource']) {
    const source = field(m, key);
    if (!isPlainObject(source)) continue;
    const utilization = field(source, 'targetAverageUtilization');
    const target: Obj = { type: given(utilization) ? 'Utilization' : 'AverageValue' };
    put(target, 'averageValue', field(source, 'targetAverageValue'));
    put(target, 'averageUtilization', utilization);
    out[key] = key === 'resource' ? { name: field(source, 'name') ?? '', target } : { name: field(source, 'name') ?? '', target, container: field(source, 'container') ?? '' };
  }
  const external = field(m, 'external');
  if (isPlainObject(external)) {
    const value = field(external, 'targetValue');
    const target: Obj = { type: given(value) ? 'Value' : 'AverageValue' };
    put(target, 'value', value);
    put(target, 'averageValue', field(external, 'targetAverageValue'));
    out.external = { metric: identifier(external, 'metricSelector'), target };
  }
  return out;
}

function metricStatusToV1(m: Obj): Obj {
  const out: Obj = { type: m.type ?? '' };
  if (isPlainObject(m.object)) {
    const { describedObject, current, metric } = m.object;
    const o: Obj = { target: reference(describedObject, own), metricName: own(metric, 'name') ?? '', currentValue: quantity(own(current, 'value')) };
    put(o, 'selector', own(metric, 'selector'));
    put(o, 'averageValue', own(current, 'averageValue'));
    out.object = o;
  }
  if (isPlainObject(m.pods)) {
    const { current, metric } = m.pods;
    const o: Obj = { metricName: own(metric, 'name') ?? '', currentAverageValue: quantity(own(current, 'averageValue')) };
    put(o, 'selector', own(metric, 'selector'));
    out.pods = o;
  }
  for (const key of ['resource', 'containerResource']) {
    const source = m[key];
    if (!isPlainObject(source)) continue;
    const o: Obj = { name: source.name ?? '' };
    put(o, 'currentAverageUtilization', own(source.current, 'averageUtilization'));
    o.currentAverageValue = quantity(own(source.current, 'averageValue'));
    if (key === 'containerResource') o.container = source.container ?? '';
    out[key] = o;
  }
  if (isPlainObject(m.external)) {
    const { current, metric } = m.external;
    const o: Obj = { metricName: own(metric, 'name') ?? '' };
    put(o, 'metricSelector', own(metric, 'selector'));
    o.currentValue = quantity(own(current, 'value'));
    put(o, 'currentAverageValue', own(current, 'averageValue'));
    out.external = o;
  }
  return out;
}

function metricStatusFromV1(m: unknown): Obj {
  const out: Obj = { type: field(m, 'type') ?? '' };
  const object = field(m, 'object');
  if (isPlainObject(object)) {
    const current: Obj = { value: quantity(field(object, 'currentValue')) };
    put(current, 'averageValue', field(object, 'averageValue'));
    out.object = { metric: identifier(object, 'selector'), current, describedObject: reference(field(object, 'target')) };
  }
  const pods = field(m, 'pods');
  if (isPlainObject(pods)) out.pods = { metric: identifier(pods, 'selector'), current: { averageValue: quantity(field(pods, 'currentAverageValue')) } };
  for (const key of ['resource', 'containerResource']) {
    const source = field(m, key);
    if (!isPlainObject(source)) continue;
    const current: Obj = { averageValue: quantity(field(source, 'currentAverageValue')) };
    put(current, 'averageUtilization', field(source, 'currentAverageUtilization'));
    out[key] = key === 'resource' ? { name: field(source, 'name') ?? '', current } : { name: field(source, 'name') ?? '', current, container: field(source, 'container') ?? '' };
  }
  const external = field(m, 'external');
  if (isPlainObject(external)) {
    const current: Obj = { value: quantity(field(external, 'currentValue')) };
    put(current, 'averageValue', field(external, 'currentAverageValue'));
    out.external = { metric: identifier(external, 'metricSelector'), current };
  }
  return out;
}

// ---- conditions and behavior ----------------------------------------------------------------

function conditionToV1(c: Obj): Obj {
  // A zero metav1.Time marshals as null, omitempty or not.
  const out: Obj = { type: c.type ?? '', status: c.status ?? '', lastTransitionTime: c.lastTransitionTime ?? null };
  if (c.reason) out.reason = c.reason;
  if (c.message) out.message = c.message;
  return out;
}

function conditionFromV1(c: unknown): Obj {
  const out: Obj = { type: field(c, 'type') ?? '', status: field(c, 'status') ?? '' };
  for (const key of ['lastTransitionTime', 'reason', 'message']) {
    const value = field(c, key);
    if (given(value) && value !== '') out[key] = value;
  }
  return out;
}

/** The internal HPAScalingRules as Go marshals it: field names, nil pointers and slices as null. */
function rulesToGo(rules: unknown): unknown {
  if (!isPlainObject(rules)) return null;
  const policies = Array.isArray(rules.policies)
    ? rules.policies.map((p) => ({ Type: own(p, 'type') ?? '', Value: own(p, 'value') ?? 0, PeriodSeconds: own(p, 'periodSeconds') ?? 0 }))
    : null;
  return {
    StabilizationWindowSeconds: rules.stabilizationWindowSeconds ?? null,
    SelectPolicy: rules.selectPolicy ?? null,
    Policies: policies,
    Tolerance: rules.tolerance ?? null,
  };
}

function rulesFromGo(rules: unknown): Obj | undefined {
  if (!isPlainObject(rules)) return undefined;
  const out: Obj = {};
  put(out, 'stabilizationWindowSeconds', field(rules, 'StabilizationWindowSeconds'));
  put(out, 'selectPolicy', field(rules, 'SelectPolicy'));
  const policies = field(rules, 'Policies');
  if (Array.isArray(policies)) {
    out.policies = policies.map((p) => ({ type: field(p, 'Type') ?? '', value: field(p, 'Value') ?? 0, periodSeconds: field(p, 'PeriodSeconds') ?? 0 }));
  }
  put(out, 'tolerance', field(rules, 'Tolerance'));
  return out;
}

/** The behavior of the annotation, or undefined when it does not decode or is empty (both rules nil). */
function behaviorFromGo(raw: unknown): Obj | undefined {
  if (!isPlainObject(raw)) return undefined;
  const out: Obj = {};
  put(out, 'scaleUp', rulesFromGo(field(raw, 'ScaleUp')));
  put(out, 'scaleDown', rulesFromGo(field(raw, 'ScaleDown')));
  return Object.keys(out).length > 0 ? out : undefined;
}

// ---- annotations ------------------------------------------------------------------------------

/** Parses annotation JSON; undefined when it does not decode (the conversion then ignores it). */
function decoded(annotations: Record<string, string>, key: string): unknown {
  const text = annotations[key];
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `obj` with a copy of its metadata whose annotations have the round-trip ones dropped and `added` set (none left: no map). */
function withAnnotations(obj: KubeObject, added: Record<string, string>): KubeObject {
  const annotations: Record<string, string> = { ...(obj.metadata?.annotations ?? {}) };
  for (const key of ROUND_TRIP) delete annotations[key];
  Object.assign(annotations, added);
  const { annotations: _dropped, ...metadata } = obj.metadata ?? {};
  return { ...obj, metadata: Object.keys(annotations).length > 0 ? { ...metadata, annotations } : metadata };
}

// ---- the kind ---------------------------------------------------------------------------------

/** SetDefaults_HorizontalPodAutoscaler of autoscaling/v1 (its CPU default is set by the conversion). */
export function defaultHPAv1(obj: KubeObject): void {
  if (!isPlainObject(obj.spec)) obj.spec = {};
  const spec = obj.spec as Obj;
  if (!given(spec.minReplicas)) spec.minReplicas = 1;
}

/** A stored autoscaling/v2 HorizontalPodAutoscaler as autoscaling/v1 shows it. */
export function hpaV2ToV1(obj: KubeObject): KubeObject {
  const spec = asObj(obj.spec);
  const metrics = (Array.isArray(spec.metrics) ? spec.metrics : []).map(asObj);
  const v1Spec: Obj = { scaleTargetRef: reference(spec.scaleTargetRef, own) };
  put(v1Spec, 'minReplicas', spec.minReplicas);
  v1Spec.maxReplicas = spec.maxReplicas ?? 0;
  const cpu = metrics.find(isCPUUtilization);
  if (cpu) v1Spec.targetCPUUtilizationPercentage = asObj(asObj(cpu.resource).target).averageUtilization;

  const added: Record<string, string> = {};
  const others = metrics.filter((m) => !isCPUUtilization(m));
  if (others.length > 0) added[METRICS] = JSON.stringify(others.map(metricSpecToV1));
  const out: KubeObject = { ...obj, spec: v1Spec };
  if (isPlainObject(obj.status)) {
    const status = obj.status;
    const current = (Array.isArray(status.currentMetrics) ? status.currentMetrics : []).map(asObj);
    const conditions = (Array.isArray(status.conditions) ? status.conditions : []).map(asObj);
    const v1Status: Obj = {};
    put(v1Status, 'observedGeneration', status.observedGeneration);
    put(v1Status, 'lastScaleTime', status.lastScaleTime);
    v1Status.currentReplicas = status.currentReplicas ?? 0;
    v1Status.desiredReplicas = status.desiredReplicas ?? 0;
    // The last CPU utilization the status reports (the loop has no break).
    for (const m of current) {
      const utilization = m.type === 'Resource' && own(m.resource, 'name') === 'cpu' ? own(own(m.resource, 'current'), 'averageUtilization') : undefined;
      if (given(utilization)) v1Status.currentCPUUtilizationPercentage = utilization;
    }
    if (current.length > 0) added[CURRENT_METRICS] = JSON.stringify(current.map(metricStatusToV1));
    if (conditions.length > 0) added[CONDITIONS] = JSON.stringify(conditions.map(conditionToV1));
    out.status = v1Status;
  }
  if (isPlainObject(spec.behavior)) {
    added[BEHAVIOR] = JSON.stringify({ ScaleUp: rulesToGo(spec.behavior.scaleUp), ScaleDown: rulesToGo(spec.behavior.scaleDown) });
  }
  return withAnnotations(out, added);
}

/** An autoscaling/v1 HorizontalPodAutoscaler as autoscaling/v2 stores it. */
export function hpaV1ToV2(obj: KubeObject): KubeObject {
  const spec = asObj(obj.spec);
  const annotations = obj.metadata?.annotations ?? {};
  const v2Spec: Obj = { scaleTargetRef: reference(spec.scaleTargetRef, own) };
  put(v2Spec, 'minReplicas', spec.minReplicas);
  v2Spec.maxReplicas = spec.maxReplicas ?? 0;
  const cpu = given(spec.targetCPUUtilizationPercentage)
    ? [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } }]
    : [];
  const others = decoded(annotations, METRICS);
  // The metrics of the annotation come first, then the CPU target; none at all is v1's implicit 80% CPU.
  const metrics: Obj[] = [...(Array.isArray(others) ? others.map(metricSpecFromV1) : []), ...cpu];
  v2Spec.metrics = metrics.length > 0 ? metrics : [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  put(v2Spec, 'behavior', behaviorFromGo(decoded(annotations, BEHAVIOR)));
  const out: KubeObject = { ...obj, spec: v2Spec };
  if (isPlainObject(obj.status)) {
    const status = obj.status;
    const v2Status: Obj = {};
    put(v2Status, 'observedGeneration', status.observedGeneration);
    put(v2Status, 'lastScaleTime', status.lastScaleTime);
    put(v2Status, 'currentReplicas', status.currentReplicas);
    put(v2Status, 'desiredReplicas', status.desiredReplicas);
    // The annotation's statuses say more than the CPU percentage: they win.
    const current = decoded(annotations, CURRENT_METRICS);
    if (Array.isArray(current)) v2Status.currentMetrics = current.map(metricStatusFromV1);
    else if (given(status.currentCPUUtilizationPercentage)) {
      v2Status.currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }];
    }
    const conditions = decoded(annotations, CONDITIONS);
    if (Array.isArray(conditions)) v2Status.conditions = conditions.map(conditionFromV1);
    out.status = v2Status;
  }
  return withAnnotations(out, {});
}
