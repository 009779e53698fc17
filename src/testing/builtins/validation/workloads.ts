/**
 * The workloads of apps/v1 and batch/v1 (pkg/apis/apps/validation, pkg/apis/batch/validation):
 * selectors that match their template's labels, and the pod templates they run.
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { forbidden, invalid, notSupported, required, type FieldCause } from '../../../kube/field-errors.js';
import { podTemplateErrors, podTemplateMetadataErrors } from './pod-spec.js';
import { labelSelectorErrors } from '../../../kube/object-meta-rules.js';
import { fromLabelSelectorObject, matchesLabels } from '../../../kube/label-selector.js';
import { labelSelectorJSON, stringMapJSON, immutableField, NEGATIVE, nonnegativeField, semanticEqual } from './go-values.js';

type Obj = Record<string, unknown>;

function specOf(obj: KubeObject | undefined): Obj {
  return obj && isPlainObject(obj.spec) ? obj.spec : {};
}

/** The apps/v1 workloads, by the name their messages give them. */
export type Workload = 'Deployment' | 'ReplicaSet' | 'StatefulSet' | 'DaemonSet';

/**
 * ValidateDeploymentSpec, ValidateReplicaSetSpec, ValidateStatefulSetSpec, ValidateDaemonSetSpec:
 * a selector that is not empty and matches the template's labels; the template's pod spec (but a
 * StatefulSet's, which apps validation leaves to its pods); pods that restart Always and run
 * without a deadline.
 */
export function workloadErrors(obj: KubeObject, kind: Workload): FieldCause[] {
  const spec = specOf(obj);
  const template = isPlainObject(spec.template) ? spec.template : {};
  const errors: FieldCause[] = kind === 'StatefulSet' ? statefulSetStrategyErrors(spec) : [];
  errors.push(...nonnegativeField('spec.replicas', spec.replicas));
  const selector = isPlainObject(spec.selector) ? spec.selector : undefined;
  const size = (v: unknown) => (Array.isArray(v) ? v.length : isPlainObject(v) ? Object.keys(v).length : 0);
  const given = isPlainObject(template.metadata) ? template.metadata.labels : undefined;
  const labels = (isPlainObject(given) ? given : {}) as Record<string, string>;
  const mismatch: FieldCause = { reason: 'FieldValueInvalid', field: 'spec.template.metadata.labels', message: `Invalid value: ${stringMapJSON(given)}: \`selector\` does not match template \`labels\`` };
  const selectorErrors = selector ? labelSelectorErrors(selector, 'spec.selector') : [];
  errors.push(...selectorErrors);
  // A selector LabelSelectorAsSelector cannot convert (what selectorErrors finds) is reported
  // once more, and the template is not matched against it (nor, for the replica kinds, checked).
  const convertible = selectorErrors.length === 0;
  if (!selector) {
    // A DaemonSet's selector is not checked for presence; no selector (labels.Nothing) matches no labels.
    if (kind !== 'DaemonSet') errors.push(required('spec.selector', ''));
  } else if (size(selector.matchLabels) + size(selector.matchExpressions) === 0) {
    // ReplicaSet validation says "deployment" too.
    const noun = kind === 'StatefulSet' ? 'statefulset' : kind === 'DaemonSet' ? 'daemonset' : 'deployment';
    errors.push({ reason: 'FieldValueInvalid', field: 'spec.selector', message: `Invalid value: ${labelSelectorJSON(selector)}: empty selector is invalid for ${noun}` });
  }
  if (!convertible && kind !== 'DaemonSet') {
    const detail = kind === 'StatefulSet' ? '' : ': invalid label selector';
    errors.push({ reason: 'FieldValueInvalid', field: 'spec.selector', message: `Invalid value: ${labelSelectorJSON(selector ?? {})}${detail}` });
  }
  const matches = selector
    ? size(selector.matchLabels) + size(selector.matchExpressions) === 0 || matchesLabels(fromLabelSelectorObject(selector), labels)
    : false;
  if (convertible && !matches) errors.push(mismatch);
  const podSpec = isPlainObject(template.spec) ? template.spec : {};
  if (kind === 'StatefulSet') {
    // apps validation leaves a StatefulSet's pod spec to its pods: only the template's metadata is checked.
    if (convertible) errors.push(...podTemplateMetadataErrors(template, 'spec.template'));
  } else if (convertible || kind === 'DaemonSet') {
    errors.push(...podTemplateErrors({ ...template, spec: podSpec }, 'spec.template'));
  }
  const templateChecked = convertible || kind === 'DaemonSet' || kind === 'StatefulSet';
  const restart = typeof podSpec.restartPolicy === 'string' ? podSpec.restartPolicy : '';
  if (templateChecked && restart !== 'Always') errors.push(notSupported('spec.template.spec.restartPolicy', restart, ['Always']));
  if (templateChecked && podSpec.activeDeadlineSeconds != null) {
    errors.push(forbidden('spec.template.spec.activeDeadlineSeconds', `activeDeadlineSeconds in ${kind === 'Deployment' ? 'ReplicaSet' : kind} is not Supported`));
  }
  if (kind === 'Deployment') errors.push(...deploymentStrategyErrors(spec.strategy));
  if (kind === 'DaemonSet') errors.push(...daemonSetStrategyErrors(spec.updateStrategy));
  errors.push(...nonnegativeField('spec.minReadySeconds', spec.minReadySeconds));
  if (kind === 'Deployment' || kind === 'DaemonSet') errors.push(...nonnegativeField('spec.revisionHistoryLimit', spec.revisionHistoryLimit));
  if (kind === 'Deployment' && typeof spec.progressDeadlineSeconds === 'number') {
    errors.push(...nonnegativeField('spec.progressDeadlineSeconds', spec.progressDeadlineSeconds));
    const minReady = typeof spec.minReadySeconds === 'number' ? spec.minReadySeconds : 0;
    if (spec.progressDeadlineSeconds <= minReady) errors.push(invalid('spec.progressDeadlineSeconds', spec.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
  }
  return errors;
}

/** json.Marshal of an intstr.IntOrString: the int, or the quoted string. */
function intOrStringJSON(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(Number(value ?? 0));
}

const PERCENT = /^[0-9]+%$/;
const PERCENT_ERROR = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/** getIntOrPercentValue: a percent's number, else the int (a string that is neither counts as its digits or 0). */
function intOrPercentValue(value: unknown): number {
  if (typeof value === 'string') return PERCENT.test(value) ? Number(value.slice(0, -1)) : /^[+-]?[0-9]+$/.test(value) ? Number(value) : 0;
  return typeof value === 'number' ? value : 0;
}

/** ValidateStatefulSetSpec's policies: pod management, update strategy, claim retention, ordinals. */
function statefulSetStrategyErrors(spec: Obj): FieldCause[] {
  const errors: FieldCause[] = [];
  const management = typeof spec.podManagementPolicy === 'string' ? spec.podManagementPolicy : '';
  if (management === '') errors.push(required('spec.podManagementPolicy', ''));
  else if (management !== 'OrderedReady' && management !== 'Parallel') errors.push(invalid('spec.podManagementPolicy', management, "must be 'OrderedReady' or 'Parallel'"));
  const strategy = isPlainObject(spec.updateStrategy) ? spec.updateStrategy : {};
  const rolling = isPlainObject(strategy.rollingUpdate) ? strategy.rollingUpdate : undefined;
  // The internal RollingUpdateStatefulSetStrategy, as json.Marshal writes it (Go field names).
  const rollingJSON = (r: Obj) => `{"Partition":${Number(r.partition ?? 0)},"MaxUnavailable":${r.maxUnavailable == null ? 'null' : intOrStringJSON(r.maxUnavailable)}}`;
  const type = typeof strategy.type === 'string' ? strategy.type : '';
  if (type === '') {
    errors.push(required('spec.updateStrategy', ''));
  } else if (type === 'OnDelete') {
    if (rolling) errors.push({ reason: 'FieldValueInvalid', field: 'spec.updateStrategy.rollingUpdate', message: `Invalid value: ${rollingJSON(rolling)}: only allowed for updateStrategy 'RollingUpdate'` });
  } else if (type === 'RollingUpdate') {
    if (rolling) {
      const path = 'spec.updateStrategy.rollingUpdate';
      errors.push(...nonnegativeField(`${path}.partition`, rolling.partition));
      const max = rolling.maxUnavailable;
      if (max != null) {
        const field = `${path}.maxUnavailable`;
        errors.push(...positiveIntOrPercent(field, max));
        if (intOrPercentValue(max) === 0) errors.push(limitInvalid(field, max, 'cannot be 0'));
        errors.push(...notMoreThan100Percent(field, max));
      }
    }
  } else {
    const rollingPart = rolling ? rollingJSON(rolling) : 'null';
    errors.push({ reason: 'FieldValueInvalid', field: 'spec.updateStrategy', message: `Invalid value: {"Type":${JSON.stringify(type)},"RollingUpdate":${rollingPart}}: must be 'RollingUpdate' or 'OnDelete'` });
  }
  const retention = isPlainObject(spec.persistentVolumeClaimRetentionPolicy) ? spec.persistentVolumeClaimRetentionPolicy : undefined;
  if (retention) {
    for (const key of ['whenDeleted', 'whenScaled']) {
      const value = typeof retention[key] === 'string' ? retention[key] : '';
      if (value !== 'Retain' && value !== 'Delete') errors.push(notSupported(`spec.persistentVolumeClaimRetentionPolicy.${key}`, value, ['Retain', 'Delete']));
    }
  }
  if (isPlainObject(spec.ordinals)) errors.push(...nonnegativeField('spec.ordinals.start', spec.ordinals.start));
  return errors;
}

const limitInvalid = (field: string, value: unknown, detail: string): FieldCause => ({ reason: 'FieldValueInvalid', field, message: `Invalid value: ${intOrStringJSON(value)}: ${detail}` });

/** ValidatePositiveIntOrPercent: a well-formed percentage or an int that is not negative. */
function positiveIntOrPercent(field: string, value: unknown): FieldCause[] {
  if (typeof value === 'string' && !PERCENT.test(value)) return [limitInvalid(field, value, PERCENT_ERROR)];
  return typeof value === 'number' && value < 0 ? [invalid(field, value, NEGATIVE)] : [];
}

/** IsNotMoreThan100Percent. */
function notMoreThan100Percent(field: string, value: unknown): FieldCause[] {
  return typeof value === 'string' && PERCENT.test(value) && intOrPercentValue(value) > 100 ? [limitInvalid(field, value, 'must not be greater than 100%')] : [];
}

/** ValidateDaemonSetUpdateStrategy and ValidateRollingUpdateDaemonSet: exactly one of the limits is not zero. */
function daemonSetStrategyErrors(strategy: unknown): FieldCause[] {
  const s = isPlainObject(strategy) ? strategy : {};
  const path = 'spec.updateStrategy';
  if (s.type === 'OnDelete') return [];
  if (s.type !== 'RollingUpdate') {
    const rolling = isPlainObject(s.rollingUpdate)
      ? `{"MaxUnavailable":${s.rollingUpdate.maxUnavailable == null ? 'null' : intOrStringJSON(s.rollingUpdate.maxUnavailable)},"MaxSurge":${s.rollingUpdate.maxSurge == null ? 'null' : intOrStringJSON(s.rollingUpdate.maxSurge)}}`
      : 'null';
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the client's JSON value, quoted as Go prints the string it decodes
    return [{ reason: 'FieldValueNotSupported', field: path, message: `Unsupported value: {"Type":${JSON.stringify(String(s.type ?? ''))},"RollingUpdate":${rolling}}: supported values: "RollingUpdate", "OnDelete"` }];
  }
  if (!isPlainObject(s.rollingUpdate)) return [required(`${path}.rollingUpdate`, '')];
  const { maxUnavailable, maxSurge } = s.rollingUpdate;
  const unavailableField = `${path}.rollingUpdate.maxUnavailable`;
  const surgeField = `${path}.rollingUpdate.maxSurge`;
  const errors = [...positiveIntOrPercent(unavailableField, maxUnavailable), ...positiveIntOrPercent(surgeField, maxSurge)];
  errors.push(...notMoreThan100Percent(unavailableField, maxUnavailable), ...notMoreThan100Percent(surgeField, maxSurge));
  const hasUnavailable = intOrPercentValue(maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(maxSurge) !== 0;
  if (hasUnavailable && hasSurge) {
    errors.push(limitInvalid(surgeField, maxSurge, 'may not be set when maxUnavailable is non-zero'));
  } else if (!hasUnavailable && !hasSurge) {
    errors.push(required(unavailableField, 'cannot be 0 when maxSurge is 0'));
  }
  return errors;
}

/** ValidateDeploymentStrategy and ValidateRollingUpdateDeployment. */
function deploymentStrategyErrors(strategy: unknown): FieldCause[] {
  const s = isPlainObject(strategy) ? strategy : {};
  const errors: FieldCause[] = [];
  if (s.type === 'Recreate') {
    if (s.rollingUpdate != null) errors.push(forbidden('spec.strategy.rollingUpdate', "may not be specified when strategy `type` is 'Recreate'"));
  } else if (s.type === 'RollingUpdate' && isPlainObject(s.rollingUpdate)) {
    const { maxUnavailable, maxSurge } = s.rollingUpdate;
    const unavailableField = 'spec.strategy.rollingUpdate.maxUnavailable';
    errors.push(...positiveIntOrPercent(unavailableField, maxUnavailable), ...positiveIntOrPercent('spec.strategy.rollingUpdate.maxSurge', maxSurge));
    if (intOrPercentValue(maxUnavailable) === 0 && intOrPercentValue(maxSurge) === 0) errors.push(limitInvalid(unavailableField, maxUnavailable, 'may not be 0 when `maxSurge` is 0'));
    errors.push(...notMoreThan100Percent(unavailableField, maxUnavailable));
  }
  return errors;
}

/**
 * apps/v1 refuses a new selector on a Deployment, ReplicaSet or DaemonSet (their registry
 * strategies' ValidateUpdate: ValidateImmutableField on spec.selector).
 */
export function selectorUpdateErrors(obj: KubeObject, old: KubeObject): FieldCause[] {
  const selector = specOf(obj).selector;
  return immutableField('spec.selector', selector, specOf(old).selector, isPlainObject(selector) ? labelSelectorJSON(selector) : undefined);
}

/** The StatefulSet spec fields an update may change (ValidateStatefulSetUpdate). */
const STATEFULSET_MUTABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

/** ValidateStatefulSetUpdate: every other spec field is fixed at creation. */
export function statefulSetUpdateErrors(obj: KubeObject, old: KubeObject): FieldCause[] {
  const rest = (spec: Obj) => Object.fromEntries(Object.entries(spec).filter(([key]) => !STATEFULSET_MUTABLE.includes(key)));
  if (semanticEqual(rest(specOf(obj)), rest(specOf(old)))) return [];
  return [forbidden('spec', "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden")];
}
