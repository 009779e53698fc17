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

// The v2 webhooks through the test API server: the same defaults and checks, on the structured schedule.
import type { V1JobTemplateSpec } from '@kubernetes/client-node';
import { type ApiError, type Client, isInvalid, type Wire } from 'kubescaffolder/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConcurrencyPolicy, CronJob, type CronJobSpec } from '../../../api/v2/index.js';
import { startWebhookEnv, type WebhookEnv } from '../webhook_env.js';

const jobTemplate: Wire<V1JobTemplateSpec> = { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'hello', image: 'busybox' }] } } } };

describe('CronJob v2 webhooks', () => {
  let hooks: WebhookEnv;
  let client: Client;

  beforeAll(async () => {
    hooks = await startWebhookEnv();
    client = hooks.mgr.getClient();
  });

  afterAll(async () => {
    await hooks?.stop();
  });

  function create(name: string, spec: Partial<CronJobSpec>): Promise<CronJob> {
    return client.create(CronJob, { apiVersion: 'batch.tutorial.kubebuilder.io/v2', kind: 'CronJob', metadata: { name, namespace: 'default' }, spec: { schedule: { minute: '*/5' }, jobTemplate, ...spec } });
  }

  it('defaults what was left out, an empty policy included', async () => {
    const created = await create('defaults', { concurrencyPolicy: '' as ConcurrencyPolicy });
    expect(created.apiVersion).toBe('batch.tutorial.kubebuilder.io/v2');
    expect(created.spec).toMatchObject({ schedule: { minute: '*/5' }, concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
  });

  it('rejects a schedule whose fields do not make a valid one, naming the schedule they make', async () => {
    const err = await create('bad-hour', { schedule: { minute: '0', hour: '25' } }).then(() => undefined, (e: unknown) => e);
    expect(isInvalid(err), String(err)).toBe(true);
    expect((err as ApiError).message).toContain('CronJob.batch.tutorial.kubebuilder.io "bad-hour" is invalid: spec.schedule: Invalid value: "0 25 * * *"');
  });

  it('rejects names longer than 52 characters', async () => {
    const err = await create('v'.repeat(53), {}).then(() => undefined, (e: unknown) => e);
    expect((err as ApiError).message).toContain('metadata.name: Invalid value');
  });
});
