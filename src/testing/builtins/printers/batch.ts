/** Printers of the batch group. */
import type { KubeObject } from '../../model/object.js';
import { AGE, at, boolText, col, containerCells, CONTAINERS, formatLabelSelector, hasCondition, humanDuration, IMAGES, int, list, NAME, obj, since, str, type TablePrinter } from './cells.js';

/** printJob's STATUS: Complete or Failed first (a finished Job stays so while it is deleted), then Terminating, then Suspended, FailureTarget, SuccessCriteriaMet, else Running. */
function jobStatus(job: KubeObject): string {
  const conditions = obj(job.status).conditions;
  if (hasCondition(conditions, 'Complete')) return 'Complete';
  if (hasCondition(conditions, 'Failed')) return 'Failed';
  if (job.metadata?.deletionTimestamp) return 'Terminating';
  if (hasCondition(conditions, 'Suspended')) return 'Suspended';
  if (hasCondition(conditions, 'FailureTarget')) return 'FailureTarget';
  if (hasCondition(conditions, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

function jobRow(job: KubeObject, nowMs: number): unknown[] {
  const spec = obj(job.spec);
  const status = obj(job.status);
  const succeeded = int(status.succeeded);
  let completions: string;
  if (typeof spec.completions === 'number') completions = `${succeeded}/${spec.completions}`;
  else completions = int(spec.parallelism) > 1 ? `${succeeded}/1 of ${int(spec.parallelism)}` : `${succeeded}/1`;
  const start = Date.parse(str(status.startTime));
  const end = Date.parse(str(status.completionTime));
  const duration = Number.isNaN(start) ? '' : humanDuration((Number.isNaN(end) ? nowMs : end) - start);
  return [job.metadata?.name ?? '', jobStatus(job), completions, duration, since(job.metadata?.creationTimestamp, nowMs),
    ...containerCells(at(spec, 'template', 'spec')), formatLabelSelector(spec.selector)];
}

function cronJobRow(cj: KubeObject, nowMs: number): unknown[] {
  const spec = obj(cj.spec);
  const status = obj(cj.status);
  const jobSpec = at(spec, 'jobTemplate', 'spec');
  return [cj.metadata?.name ?? '', str(spec.schedule), typeof spec.timeZone === 'string' ? spec.timeZone : '<none>', boolText(spec.suspend),
    list(status.active).length, status.lastScheduleTime ? since(status.lastScheduleTime, nowMs) : '<none>', since(cj.metadata?.creationTimestamp, nowMs),
    ...containerCells(at(jobSpec, 'template', 'spec')), formatLabelSelector(obj(jobSpec).selector)];
}

export const BATCH_PRINTERS: Record<string, TablePrinter> = {
  'batch/Job': {
    columns: [NAME, col('Status', 'string'), col('Completions', 'string'), col('Duration', 'string'), AGE,
      CONTAINERS, IMAGES, col('Selector', 'string', 1)],
    row: jobRow,
  },
  'batch/CronJob': {
    columns: [NAME, col('Schedule', 'string'), col('Timezone', 'string'),
      col('Suspend', 'boolean'),
      col('Active', 'integer'), col('Last Schedule', 'string'), AGE,
      CONTAINERS, IMAGES, col('Selector', 'string', 1)],
    row: cronJobRow,
  },
};
