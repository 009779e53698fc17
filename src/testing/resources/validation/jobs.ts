/**
 * Jobs (pkg/apis/batch/validation): what their pods may do, and which of their spec fields an
 * update may change (validateJobSpecUpdate).
 */
import { isPlainObject, type KubeObject } from '../object.js';
import { invalidField, notSupportedField, requiredField } from '../status.js';
import type { FieldCause } from '../../../kube/field-errors.js';
import { deepCopy } from '../../../kube/json-values.js';
import { podTemplateErrors } from './pod-spec.js';
import { labelSelectorJSON, immutableField, nonnegativeField, semanticEqual } from './go-values.js';

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
  if (typeof mode === 'string' && mode !== 'NonIndexed' && mode !== 'Indexed') errors.push(notSupportedField(`${path}.completionMode`, mode, ['NonIndexed', 'Indexed']));
  if (mode === 'Indexed' && spec.completions == null) errors.push(requiredField(`${path}.completions`, 'when completion mode is Indexed'));
  const template = objectAt(spec, 'template');
  const podSpec = objectAt(template, 'spec');
  errors.push(...podTemplateErrors({ ...template, spec: podSpec }, `${path}.template`));
  const policy = typeof podSpec.restartPolicy === 'string' ? podSpec.restartPolicy : '';
  const field = `${path}.template.spec.restartPolicy`;
  if (policy === 'Always' || policy === '') errors.push(requiredField(field, 'valid values: "OnFailure", "Never"'));
  else if (policy !== 'OnFailure' && policy !== 'Never') errors.push(notSupportedField(field, policy, ['OnFailure', 'Never']));
  return errors;
}

export function jobErrors(o: KubeObject): FieldCause[] {
  return jobSpecErrors(objectAt(o, 'spec'), 'spec');
}

/** ValidateJobTemplateSpec: a CronJob's Job spec, whose selector the controller generates. */
export function cronJobTemplateErrors(o: KubeObject): FieldCause[] {
  const jobSpec = objectAt(objectAt(objectAt(o, 'spec'), 'jobTemplate'), 'spec');
  const errors = jobSpecErrors(jobSpec, 'spec.jobTemplate.spec');
  if (isPlainObject(jobSpec.selector)) {
    errors.push({ reason: 'FieldValueInvalid', field: 'spec.jobTemplate.spec.selector', message: `Invalid value: ${labelSelectorJSON(jobSpec.selector)}: \`selector\` will be auto-generated` });
  }
  if (jobSpec.manualSelector === true) errors.push(notSupportedField('spec.jobTemplate.spec.manualSelector', true, ['nil', 'false']));
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
    errors.push(invalidField('spec.completions', spec.completions, 'can only be modified in tandem with spec.parallelism'));
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
