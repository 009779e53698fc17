/**
 * Jobs (pkg/apis/batch/validation): what their pods may do, and which of their spec fields an
 * update may change (validateJobSpecUpdate).
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { invalid, notSupported, required, type FieldCause } from '../../../kube/field-errors.js';
import { deepCopy } from '../../../kube/json-values.js';
import { podTemplateErrors } from './pod-spec.js';
import { labelSelectorJSON, immutableField, nonnegativeField, semanticEqual, stringMapJSON } from './go-values.js';
import { labelSelectorErrors } from '../../../kube/object-meta-rules.js';
import { fromLabelSelectorObject, matchesLabels } from '../../../kube/label-selector.js';

type Obj = Record<string, unknown>;

const objectAt = (parent: unknown, key: string): Obj => (isPlainObject(parent) && isPlainObject(parent[key]) ? parent[key] : {});

/**
 * validateJobSpec's pod template: a valid pod spec whose pods end (the restart policy defaults
 * to Always, so Always reads as unset).
 */
function jobSpecErrors(spec: Obj, path: string): FieldCause[] {
  const errors: FieldCause[] = [];
  for (const key of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished']) {
    errors.push(...nonnegativeField(`${path}.${key}`, spec[key]));
  }
  const mode = spec.completionMode;
  if (typeof mode === 'string' && mode !== 'NonIndexed' && mode !== 'Indexed') errors.push(notSupported(`${path}.completionMode`, mode, ['NonIndexed', 'Indexed']));
  if (mode === 'Indexed' && spec.completions == null) errors.push(required(`${path}.completions`, 'when completion mode is Indexed'));
  const template = objectAt(spec, 'template');
  const podSpec = objectAt(template, 'spec');
  errors.push(...podTemplateErrors({ ...template, spec: podSpec }, `${path}.template`));
  const policy = typeof podSpec.restartPolicy === 'string' ? podSpec.restartPolicy : '';
  const field = `${path}.template.spec.restartPolicy`;
  if (policy === 'Always' || policy === '') errors.push(required(field, 'valid values: "OnFailure", "Never"'));
  else if (policy !== 'OnFailure' && policy !== 'Never') errors.push(notSupported(field, policy, ['OnFailure', 'Never']));
  return errors;
}

/** The labels a generated selector puts on a Job's pods, legacy first, as validateGeneratedSelector checks them. */
const GENERATED_LABELS = [
  { key: 'controller-uid', of: 'uid', prefixed: false },
  { key: 'job-name', of: 'name', prefixed: false },
  { key: 'batch.kubernetes.io/controller-uid', of: 'uid', prefixed: true },
  { key: 'batch.kubernetes.io/job-name', of: 'name', prefixed: true },
] as const;

/**
 * validateGeneratedSelector: without spec.manualSelector, the pods' template carries the generated
 * labels (ValidateHasLabel) and the selector selects them. The prefixed labels are required of a
 * new Job, and on update only of one that had them (Jobs made before 1.27 have the legacy ones alone).
 */
function generatedSelectorErrors(o: KubeObject, old: KubeObject | undefined): FieldCause[] {
  const spec = objectAt(o, 'spec');
  if (spec.manualSelector === true || !isPlainObject(spec.selector)) return [];
  const meta = objectAt(o, 'metadata');
  const expected = { uid: typeof meta.uid === 'string' ? meta.uid : '', name: typeof meta.name === 'string' ? meta.name : '' };
  const errors: FieldCause[] = expected.uid === '' ? [required('metadata.uid', '')] : [];
  const oldLabels = objectAt(objectAt(objectAt(old, 'spec'), 'template'), 'metadata').labels;
  const prefixedRequired = !old || (isPlainObject(oldLabels) && 'batch.kubernetes.io/job-name' in oldLabels && 'batch.kubernetes.io/controller-uid' in oldLabels);
  const given = objectAt(objectAt(spec, 'template'), 'metadata').labels;
  const labels = (isPlainObject(given) ? given : {}) as Record<string, string>;
  const wanted: Record<string, string> = {};
  for (const { key, of, prefixed } of GENERATED_LABELS) {
    if (prefixed && !prefixedRequired) continue;
    const value = expected[of];
    wanted[key] = value;
    const field = `spec.template.metadata.labels[${key}]`;
    if (!(key in labels)) errors.push(required(field, `must be '${value}'`));
    else if (labels[key] !== value) errors.push({ reason: 'FieldValueInvalid', field, message: `Invalid value: ${stringMapJSON(labels)}: must be '${value}'` });
  }
  if (!labelSelectorErrors(spec.selector, 'spec.selector').length && !matchesLabels(fromLabelSelectorObject(spec.selector), wanted)) {
    errors.push({ reason: 'FieldValueInvalid', field: 'spec.selector', message: `Invalid value: ${labelSelectorJSON(spec.selector)}: \`selector\` not auto-generated` });
  }
  return errors;
}

/** ValidateJobSpec's selector: required, valid, and selecting the pods the template makes. */
function jobSelectorErrors(spec: Obj): FieldCause[] {
  if (!isPlainObject(spec.selector)) return [required('spec.selector', '')];
  const errors = labelSelectorErrors(spec.selector, 'spec.selector');
  const given = objectAt(objectAt(spec, 'template'), 'metadata').labels;
  if (errors.length === 0 && !matchesLabels(fromLabelSelectorObject(spec.selector), (isPlainObject(given) ? given : {}) as Record<string, string>)) {
    errors.push({ reason: 'FieldValueInvalid', field: 'spec.template.metadata.labels', message: `Invalid value: ${stringMapJSON(given)}: \`selector\` does not match template \`labels\`` });
  }
  return errors;
}

/** ValidateJob: the generated selector, the spec, and its selector. */
export function jobErrors(o: KubeObject, old?: KubeObject): FieldCause[] {
  const spec = objectAt(o, 'spec');
  return [...generatedSelectorErrors(o, old), ...jobSpecErrors(spec, 'spec'), ...jobSelectorErrors(spec)];
}

/** ValidateJobTemplateSpec: a CronJob's Job spec, whose selector the controller generates. */
export function cronJobTemplateErrors(o: KubeObject): FieldCause[] {
  const jobSpec = objectAt(objectAt(objectAt(o, 'spec'), 'jobTemplate'), 'spec');
  const errors = jobSpecErrors(jobSpec, 'spec.jobTemplate.spec');
  if (isPlainObject(jobSpec.selector)) {
    errors.push({ reason: 'FieldValueInvalid', field: 'spec.jobTemplate.spec.selector', message: `Invalid value: ${labelSelectorJSON(jobSpec.selector)}: \`selector\` will be auto-generated` });
  }
  if (jobSpec.manualSelector === true) errors.push(notSupported('spec.jobTemplate.spec.manualSelector', true, ['nil', 'false']));
  return errors;
}

/**
 * The old template as validatePodTemplateUpdate compares it: a Job suspended before it ever
 * started may change where its pods run (node affinity, node selector, tolerations, scheduling
 * gates) and its pods' labels and annotations.
 */
function comparableOldTemplate(template: Obj, oldJob: KubeObject): Obj {
  const oldSpec = objectAt(oldJob, 'spec');
  const oldTemplate = deepCopy(objectAt(oldSpec, 'template'));
  const neverStarted = oldSpec.suspend === true && !objectAt(oldJob, 'status').startTime;
  if (!neverStarted) return oldTemplate;
  const podSpec = objectAt(template, 'spec');
  const oldPodSpec = (oldTemplate.spec = objectAt(oldTemplate, 'spec'));
  const affinity = isPlainObject(podSpec.affinity) ? podSpec.affinity : undefined;
  const oldAffinity = isPlainObject(oldPodSpec.affinity) ? oldPodSpec.affinity : undefined;
  if (!affinity && oldAffinity) {
    delete oldAffinity.nodeAffinity;
    if (Object.keys(oldAffinity).length === 0) delete oldPodSpec.affinity;
  } else if (affinity && !oldAffinity) {
    oldPodSpec.affinity = affinity.nodeAffinity === undefined ? {} : { nodeAffinity: affinity.nodeAffinity };
  } else if (affinity && oldAffinity) {
    oldAffinity.nodeAffinity = affinity.nodeAffinity;
  }
  for (const key of ['nodeSelector', 'tolerations', 'schedulingGates']) oldPodSpec[key] = podSpec[key];
  const meta = objectAt(template, 'metadata');
  const oldMeta = (oldTemplate.metadata = objectAt(oldTemplate, 'metadata'));
  oldMeta.annotations = meta.annotations;
  oldMeta.labels = meta.labels;
  return oldTemplate;
}

/** validateJobSpecUpdate: what an update to a Job may not change. */
export function jobUpdateErrors(obj: KubeObject, old: KubeObject): FieldCause[] {
  const spec = objectAt(obj, 'spec');
  const oldSpec = objectAt(old, 'spec');
  const errors: FieldCause[] = [];
  // validateCompletions: an Indexed Job may change completions together with parallelism (elastic Indexed Jobs, GA).
  if (spec.completionMode !== 'Indexed') {
    errors.push(...immutableField('spec.completions', spec.completions, oldSpec.completions));
  } else if (!semanticEqual(spec.completions, oldSpec.completions) && spec.completions != null && spec.completions !== spec.parallelism) {
    errors.push(invalid('spec.completions', spec.completions, 'can only be modified in tandem with spec.parallelism'));
  }
  const selector = spec.selector;
  errors.push(...immutableField('spec.selector', selector, oldSpec.selector, isPlainObject(selector) ? labelSelectorJSON(selector) : undefined));
  const template = objectAt(spec, 'template');
  // Go prints the internal PodTemplateSpec struct here (with pointer addresses); ours prints its JSON.
  errors.push(...immutableField('spec.template', template, comparableOldTemplate(template, old)));
  for (const key of ['completionMode', 'podFailurePolicy', 'backoffLimitPerIndex', 'managedBy', 'successPolicy']) {
    errors.push(...immutableField(`spec.${key}`, spec[key], oldSpec[key]));
  }
  return errors;
}
