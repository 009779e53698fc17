/*
Copyright 2026 The cronjob Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// CronJob v2 is a spoke: the API server stores v1 (the hub) and converts through it. The only
// field that differs is the schedule: v1 has the cron text, v2 one field per cron field. The
// conversion has to be lossless both ways, so what one version cannot express rides along in an
// annotation on the other (as Cluster API does) and is used again only while it still agrees with
// the schedule (a client of the other version may have changed it since).
import type { ObjectMeta } from 'kubescaffolder/runtime';
import type { CronJob as HubCronJob } from '../v1/cronjob_types.js';
import { expandDescriptor } from '../../src/schedule.js';
import type { CronJob, CronSchedule } from './cronjob_types.js';

/** On a v2 object: the v1 schedule text, when the fields do not spell it (`@hourly`, extra spaces, not five fields). */
export const v1ScheduleAnnotation = 'batch.tutorial.kubebuilder.io/v1-schedule';
/** On a v1 object: the v2 schedule fields as JSON, when the text loses something (a field set to `*`, spaces inside a field). */
export const v2ScheduleAnnotation = 'batch.tutorial.kubebuilder.io/v2-schedule';

const cronFields = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;

/** The cron text of structured fields; a field left out is `*`. */
export function joinSchedule(schedule: CronSchedule): string {
  return cronFields.map((f) => schedule[f] ?? '*').join(' ');
}

/** The structured fields of a cron text; `*` fields are left out. Nothing when it has no five fields. */
export function splitSchedule(text: string): CronSchedule {
  const parts = expandDescriptor(text).trim().split(/\s+/);
  if (parts.length !== cronFields.length) return {};
  const schedule: CronSchedule = {};
  cronFields.forEach((f, i) => {
    if (parts[i] !== '*') schedule[f] = parts[i];
  });
  return schedule;
}

function sameSchedule(a: CronSchedule, b: CronSchedule): boolean {
  return cronFields.every((f) => a[f] === b[f]);
}

/** A copy of `meta` whose annotations `edit` changed; no annotations field when none are left. */
function editAnnotations(meta: ObjectMeta | undefined, edit: (annotations: Record<string, string>) => void): ObjectMeta {
  const copy: ObjectMeta = structuredClone(meta ?? {});
  const annotations = { ...copy.annotations };
  edit(annotations);
  if (Object.keys(annotations).length > 0) copy.annotations = annotations;
  else delete copy.annotations;
  return copy;
}

function recordedFields(json: string | undefined): CronSchedule | undefined {
  if (json === undefined) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value) : undefined;
  } catch {
    return undefined;
  }
}

export const cronJobConversion = {
  /** convertTo converts this v2 object to the hub version (v1). */
  convertTo(spoke: CronJob): HubCronJob {
    const { schedule: fields, ...rest } = spoke.spec;
    let schedule = joinSchedule(fields);
    const metadata = editAnnotations(spoke.metadata, (annotations) => {
      const recorded = annotations[v1ScheduleAnnotation];
      delete annotations[v1ScheduleAnnotation];
      if (recorded !== undefined && sameSchedule(splitSchedule(recorded), fields)) schedule = recorded;
      if (!sameSchedule(splitSchedule(schedule), fields)) annotations[v2ScheduleAnnotation] = JSON.stringify(fields);
    });
    return {
      apiVersion: 'batch.tutorial.kubebuilder.io/v1',
      kind: 'CronJob',
      metadata,
      spec: { ...structuredClone(rest), schedule },
      ...(spoke.status !== undefined ? { status: structuredClone(spoke.status) } : {}),
    };
  },

  /** convertFrom converts the hub version (v1) to this v2 object. */
  convertFrom(hub: HubCronJob): CronJob {
    const { schedule: text, ...rest } = hub.spec;
    let fields = splitSchedule(text);
    const metadata = editAnnotations(hub.metadata, (annotations) => {
      const recorded = recordedFields(annotations[v2ScheduleAnnotation]);
      delete annotations[v2ScheduleAnnotation];
      if (recorded !== undefined && joinSchedule(recorded) === text) fields = recorded;
      if (joinSchedule(fields) !== text) annotations[v1ScheduleAnnotation] = text;
    });
    return {
      apiVersion: 'batch.tutorial.kubebuilder.io/v2',
      kind: 'CronJob',
      metadata,
      spec: { ...structuredClone(rest), schedule: fields },
      ...(hub.status !== undefined ? { status: structuredClone(hub.status) } : {}),
    };
  },
};
