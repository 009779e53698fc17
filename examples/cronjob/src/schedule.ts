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

// Cron schedules as the book's controller reads them (robfig/cron's ParseStandard): five fields
// (minute hour day-of-month month day-of-week) or a descriptor such as @hourly, evaluated in UTC.
// cron-parser does the arithmetic; this module keeps it to what ParseStandard accepts, so that
// the validating webhook and the controller agree on what a valid schedule is.
import { CronExpressionParser } from 'cron-parser';

/** A parsed schedule. */
export interface Schedule {
  /** The first activation strictly after `after`. */
  next(after: Date): Date;
}

// ParseStandard's descriptors; @midnight is @daily. (@every <duration> is not supported.)
const descriptors: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** The five fields a descriptor stands for (`@hourly` -> `0 * * * *`); other schedules as they are. */
export function expandDescriptor(schedule: string): string {
  return descriptors[schedule.trim()] ?? schedule;
}

/** Parses a standard schedule; throws an Error saying what is wrong with it. */
export function parseStandardSchedule(schedule: string): Schedule {
  const spec = schedule.trim();
  if (spec === '') throw new Error('empty spec string');
  let fields: string;
  if (spec.startsWith('@')) {
    const expanded = descriptors[spec];
    if (!expanded) throw new Error(`unrecognized descriptor: ${spec}`);
    fields = expanded;
  } else {
    const parts = spec.split(/\s+/);
    if (parts.length !== 5) throw new Error(`expected exactly 5 fields, found ${parts.length}: [${parts.join(' ')}]`);
    fields = parts.join(' ');
  }
  // Parse once now so that errors surface here, not on first use.
  CronExpressionParser.parse(fields, { tz: 'UTC' });
  return {
    next(after: Date): Date {
      return CronExpressionParser.parse(fields, { currentDate: after, tz: 'UTC' }).next().toDate();
    },
  };
}
