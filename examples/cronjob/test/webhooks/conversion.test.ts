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

// v1 is stored; v2 is served by converting through the project's conversion webhook, which the
// test API server calls for every read and write in v2. The conversion must lose nothing either way.
import type { V1JobTemplateSpec } from '@kubernetes/client-node';
import type { Client, Wire } from 'kubescaffolder/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as batchv1 from '../../api/v1/index.js';
import * as batchv2 from '../../api/v2/index.js';
import { cronJobConversion, joinSchedule, v1ScheduleAnnotation, v2ScheduleAnnotation } from '../../api/v2/index.js';
import { startWebhookEnv, type WebhookEnv } from './webhook_env.js';

const namespace = 'default';
const jobTemplate: Wire<V1JobTemplateSpec> = { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'hello', image: 'busybox' }] } } } };

describe('conversion between v1 (hub) and v2, as functions', () => {
  const meta = { name: 'nightly', namespace, uid: 'u-1', resourceVersion: '5', labels: { team: 'a' } };
  const status = {
    active: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'nightly-1', namespace, uid: 'j-1' }],
    lastScheduleTime: '2026-03-01T10:00:00Z',
    conditions: [{ type: 'Available', status: 'True', reason: 'JobsActive', message: 'ok', lastTransitionTime: '2026-03-01T10:00:01Z' }],
  };
  const v1 = (schedule: string, annotations?: Record<string, string>): batchv1.CronJob => ({
    apiVersion: 'batch.tutorial.kubebuilder.io/v1',
    kind: 'CronJob',
    metadata: { ...meta, ...(annotations ? { annotations } : {}) },
    spec: { schedule, startingDeadlineSeconds: 30, concurrencyPolicy: 'Forbid', suspend: false, jobTemplate, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 },
    status,
  });
  const v2 = (schedule: batchv2.CronSchedule, annotations?: Record<string, string>): batchv2.CronJob => ({
    apiVersion: 'batch.tutorial.kubebuilder.io/v2',
    kind: 'CronJob',
    metadata: { ...meta, ...(annotations ? { annotations } : {}) },
    spec: { schedule, startingDeadlineSeconds: 30, concurrencyPolicy: 'Forbid', suspend: false, jobTemplate, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 },
    status,
  });

  it('splits a five-field schedule into fields, leaving out the `*` ones, and joins it back', () => {
    const spoke = cronJobConversion.convertFrom(v1('*/15 2 * * 1-5', { keep: 'me' }));
    expect(spoke).toEqual(v2({ minute: '*/15', hour: '2', dayOfWeek: '1-5' }, { keep: 'me' }));
    expect(cronJobConversion.convertTo(spoke)).toEqual(v1('*/15 2 * * 1-5', { keep: 'me' }));
  });

  it.each(['0 * * * *', '*/5 1,2 3-4 JAN-MAR sun', '* * * * *', '@hourly', '@daily', '0  3 * * *', ' 5 4 * * * ', 'not a schedule', '1 2 3 4 5 6'])(
    'v1 -> v2 -> v1 gives back the v1 object for %j',
    (schedule) => {
      const hub = v1(schedule);
      const spoke = cronJobConversion.convertFrom(hub);
      expect(cronJobConversion.convertTo(spoke)).toEqual(hub);
    },
  );

  it.each<batchv2.CronSchedule>([{}, { minute: '0' }, { minute: '*' }, { hour: '*', dayOfWeek: '0' }, { minute: '0 5' }, { minute: '', hour: '1' }])(
    'v2 -> v1 -> v2 gives back the v2 object for %j',
    (schedule) => {
      const spoke = v2(schedule);
      const hub = cronJobConversion.convertTo(spoke);
      expect(cronJobConversion.convertFrom(hub)).toEqual(spoke);
    },
  );

  it('shows a descriptor as the fields it stands for, and remembers the text in an annotation', () => {
    const spoke = cronJobConversion.convertFrom(v1('@hourly'));
    expect(spoke.spec.schedule).toEqual({ minute: '0' });
    expect(spoke.metadata?.annotations).toEqual({ [v1ScheduleAnnotation]: '@hourly' });
  });

  it('uses a remembered schedule only while it still agrees with the fields', () => {
    const spoke = cronJobConversion.convertFrom(v1('@hourly'));
    spoke.spec.schedule = { minute: '30' };
    const hub = cronJobConversion.convertTo(spoke);
    expect(hub.spec.schedule).toBe('30 * * * *');
    expect(hub.metadata?.annotations).toBeUndefined();
  });

  it('keeps what the v1 text cannot say (a field set to `*`) in an annotation on v1', () => {
    const hub = cronJobConversion.convertTo(v2({ minute: '*', hour: '3' }));
    expect(hub.spec.schedule).toBe('* 3 * * *');
    expect(hub.metadata?.annotations).toEqual({ [v2ScheduleAnnotation]: '{"minute":"*","hour":"3"}' });
    expect(joinSchedule({ minute: '*', hour: '3' })).toBe(hub.spec.schedule);
  });
});

describe('conversion through the test API server', () => {
  let hooks: WebhookEnv;
  let client: Client;

  beforeAll(async () => {
    hooks = await startWebhookEnv();
    client = hooks.mgr.getClient();
  });

  afterAll(async () => {
    await hooks?.stop();
  });

  const stored = (name: string) => hooks.env.server.getObject({ apiVersion: 'batch.tutorial.kubebuilder.io/v1', kind: 'CronJob', namespace, name });

  it('stores a v2 object as v1 and reads it back in both versions', async () => {
    const created = await client.create(batchv2.CronJob, {
      apiVersion: 'batch.tutorial.kubebuilder.io/v2',
      kind: 'CronJob',
      metadata: { name: 'from-v2', namespace },
      spec: { schedule: { minute: '0', hour: '*/2', dayOfWeek: '1-5' }, startingDeadlineSeconds: 60, jobTemplate },
    });
    // Defaulted by the v2 webhook, answered in v2.
    expect(created).toMatchObject({ apiVersion: 'batch.tutorial.kubebuilder.io/v2', spec: { schedule: { minute: '0', hour: '*/2', dayOfWeek: '1-5' }, concurrencyPolicy: 'Allow' } });

    // The in-process server's store shows the version kept; kube-apiserver keeps it in etcd (KUBEBUILDER_ASSETS).
    if (hooks.env.mode === 'in-process') expect((await stored('from-v2'))?.apiVersion).toBe('batch.tutorial.kubebuilder.io/v1');
    const asV1 = await client.apiReader.get(batchv1.CronJob, { namespace, name: 'from-v2' });
    expect(asV1.apiVersion).toBe('batch.tutorial.kubebuilder.io/v1');
    expect(asV1.spec).toEqual({ ...created.spec, schedule: '0 */2 * * 1-5' });
    expect(asV1.metadata?.annotations).toBeUndefined();

    const asV2 = await client.apiReader.get(batchv2.CronJob, { namespace, name: 'from-v2' });
    expect(asV2.spec).toEqual(created.spec);
    expect(asV2.metadata?.uid).toBe(created.metadata?.uid);
  });

  it('reads a v1 object as v2, status included, and writes it back through v2 without loss', async () => {
    const created = await client.create(batchv1.CronJob, {
      apiVersion: 'batch.tutorial.kubebuilder.io/v1',
      kind: 'CronJob',
      metadata: { name: 'from-v1', namespace },
      spec: { schedule: '@hourly', jobTemplate },
    });
    created.status = {
      lastScheduleTime: '2026-03-01T10:00:00Z',
      conditions: [{ type: 'Available', status: 'True', reason: 'AllJobsCompleted', message: 'done', lastTransitionTime: '2026-03-01T10:00:05Z' }],
    };
    const withStatus = await client.status().update(batchv1.CronJob, created);

    const asV2 = await client.apiReader.get(batchv2.CronJob, { namespace, name: 'from-v1' });
    expect(asV2.spec.schedule).toEqual({ minute: '0' });
    expect(asV2.metadata?.annotations).toEqual({ [v1ScheduleAnnotation]: '@hourly' });
    expect(asV2.status).toEqual(withStatus.status);

    // A v2 client changes something else; the v1 object keeps its schedule text.
    await client.patch(batchv2.CronJob, asV2, { spec: { suspend: true } }, { type: 'merge' });
    const afterV2Write = await client.apiReader.get(batchv1.CronJob, { namespace, name: 'from-v1' });
    expect(afterV2Write.spec).toEqual({ ...withStatus.spec, suspend: true });
    expect(afterV2Write.metadata?.annotations).toBeUndefined();
    expect(afterV2Write.status).toEqual(withStatus.status);
  });

  it('lists in v2 by converting every item', async () => {
    const list = await client.apiReader.list(batchv2.CronJob, { namespace });
    expect(list.map((c) => [c.metadata?.name, joinSchedule(c.spec.schedule)]).sort()).toEqual([
      ['from-v1', '0 * * * *'],
      ['from-v2', '0 */2 * * 1-5'],
    ]);
  });
});
