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

// The v1 ↔ v2 conversion against random objects of both versions' schemas (from the generated CRD):
// whatever a client writes in one version must come back unchanged through the other.
import { fuzzConversion, type SpokeConversion } from 'kubescaffolder/testing';
import { describe, expect, it } from 'vitest';
import type * as batchv1 from '../../api/v1/index.js';
import type * as batchv2 from '../../api/v2/index.js';
import { cronJobConversion, v1ScheduleAnnotation } from '../../api/v2/index.js';

const crd = 'cronjobs.batch.tutorial.kubebuilder.io';

describe('conversion between v1 (hub) and v2, fuzzed', () => {
  it('round-trips random objects of both versions without loss', async () => {
    const result = await fuzzConversion({ crd, hub: 'v1', spokes: { v2: cronJobConversion }, seed: 29, count: 300 });
    expect(result.loss?.message).toBeUndefined();
    expect(result.checked).toBe(600);
  });

  it('finds a planted loss: a convertFrom that forgets the v1 schedule text v2 cannot spell', async () => {
    const lossy: SpokeConversion = {
      convertTo: (spoke: batchv2.CronJob) => cronJobConversion.convertTo(spoke),
      convertFrom: (hub: batchv1.CronJob) => {
        const spoke = cronJobConversion.convertFrom(hub);
        delete spoke.metadata?.annotations?.[v1ScheduleAnnotation];
        return spoke;
      },
    };
    const { loss } = await fuzzConversion({ crd, hub: 'v1', spokes: { v2: lossy }, seed: 29, count: 300 });
    expect(loss?.roundTrip).toBe('v1 → v2 → v1');
    expect(loss?.path).toBe('.spec.schedule');
    // The object that shows it: a schedule text that is not five cron fields joined by single spaces.
    const schedule = (loss?.object as batchv1.CronJob).spec.schedule;
    expect(loss?.expected).toBe(schedule);
    expect(schedule.split(' ').length === 5 && !schedule.split(' ').includes('')).toBe(false);
  });
});
