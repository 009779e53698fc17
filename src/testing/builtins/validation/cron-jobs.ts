/**
 * CronJobs (validateCronJobSpec and ValidateCronJobCreate in pkg/apis/batch/validation): a
 * schedule robfig/cron's standard parser accepts, without a TZ prefix (the timeZone field
 * replaced it), a time zone Go knows, a supported concurrency policy, a Job template, history
 * limits that are not negative, and a name that leaves room for the Jobs' suffix.
 */
import { isPlainObject, type KubeObject } from '../../model/object.js';
import { invalid, notSupported, required, type FieldCause } from '../../../kube/field-errors.js';
import { cronScheduleError, isTimeZone } from '../../../kube/cron-schedule.js';
import { cronJobTemplateErrors } from './jobs.js';
import { NEGATIVE } from './go-values.js';

type Obj = Record<string, unknown>;

const specOf = (obj: KubeObject | undefined): Obj => (obj && isPlainObject(obj.spec) ? obj.spec : {});
/** validTimeZoneCharacters: what each `/`-separated part of a zone name may hold. */
const ZONE_PART = /^[A-Za-z.\-_0-9+]{1,14}$/;
/** DNS1035LabelMaxLength less the 11 characters of the `-<timestamp>` suffix of each Job's name. */
const MAX_NAME_LENGTH = 52;

function scheduleErrors(schedule: string, allowTZ: boolean, timeZone: unknown): FieldCause[] {
  const errors: FieldCause[] = [];
  const parseError = cronScheduleError(schedule);
  if (parseError !== undefined) errors.push(invalid('spec.schedule', schedule, parseError));
  if (allowTZ && schedule.includes('TZ') && timeZone != null) {
    errors.push(invalid('spec.schedule', schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (!allowTZ && schedule.includes('TZ')) {
    errors.push(invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  return errors;
}

function timeZoneErrors(timeZone: unknown): FieldCause[] {
  if (typeof timeZone !== 'string') return [];
  const field = 'spec.timeZone';
  if (timeZone === '') return [invalid(field, timeZone, 'timeZone must be nil or non-empty string')];
  const badPart = timeZone.split('/').some((part) => part === '.' || part === '..' || part.startsWith('-') || !ZONE_PART.test(part));
  if (badPart) return [invalid(field, timeZone, `unknown time zone ${timeZone}`)];
  const errors: FieldCause[] = [];
  if (timeZone.toLowerCase() === 'local') errors.push(invalid(field, timeZone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  if (!isTimeZone(timeZone)) errors.push(invalid(field, timeZone, `unknown time zone ${timeZone}`));
  return errors;
}

export function cronJobErrors(obj: KubeObject, old: KubeObject | undefined): FieldCause[] {
  const spec = specOf(obj);
  const oldSpec = old ? specOf(old) : undefined;
  const errors: FieldCause[] = [];
  const schedule = typeof spec.schedule === 'string' ? spec.schedule : '';
  if (schedule === '') errors.push(required('spec.schedule', ''));
  else errors.push(...scheduleErrors(schedule, typeof oldSpec?.schedule === 'string' && oldSpec.schedule.includes('TZ'), spec.timeZone));
  if (typeof spec.startingDeadlineSeconds === 'number' && spec.startingDeadlineSeconds < 0) {
    errors.push(invalid('spec.startingDeadlineSeconds', spec.startingDeadlineSeconds, NEGATIVE));
  }
  if (!oldSpec || oldSpec.timeZone !== spec.timeZone) errors.push(...timeZoneErrors(spec.timeZone));
  const policy = typeof spec.concurrencyPolicy === 'string' ? spec.concurrencyPolicy : '';
  if (policy === '') errors.push(required('spec.concurrencyPolicy', ''));
  else if (!['Allow', 'Forbid', 'Replace'].includes(policy)) errors.push(notSupported('spec.concurrencyPolicy', policy, ['Allow', 'Forbid', 'Replace']));
  errors.push(...cronJobTemplateErrors(obj));
  for (const key of ['successfulJobsHistoryLimit', 'failedJobsHistoryLimit']) {
    const limit = spec[key];
    if (typeof limit === 'number' && limit < 0) errors.push(invalid(`spec.${key}`, limit, NEGATIVE));
  }
  const name = obj.metadata?.name ?? '';
  if (!old && name.length > MAX_NAME_LENGTH) errors.push(invalid('metadata.name', name, `must be no more than ${MAX_NAME_LENGTH} characters`));
  return errors;
}
