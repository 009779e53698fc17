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

// The samples a user applies (`kubectl apply -k config/samples/`) pass the webhooks, and v1 and v2
// describe the same schedule.
import { readFileSync } from 'node:fs';
import type { Client } from 'kubescaffolder/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as batchv1 from '../api/v1/index.js';
import * as batchv2 from '../api/v2/index.js';
import { startWebhookEnv, type WebhookEnv } from './webhooks/webhook_env.js';

describe('config/samples', () => {
  let hooks: WebhookEnv;
  let client: Client;

  beforeAll(async () => {
    hooks = await startWebhookEnv();
    client = hooks.mgr.getClient();
  });

  afterAll(async () => {
    await hooks?.stop();
  });

  const sample = <T>(file: string) => ({ ...(parse(readFileSync(`config/samples/${file}`, 'utf8')) as T & { metadata: object }) });

  it('are accepted and defaulted, in both versions', async () => {
    const v1 = sample<batchv1.CronJob>('batch_v1_cronjob.yaml');
    const v2 = sample<batchv2.CronJob>('batch_v2_cronjob.yaml');
    v1.metadata = { ...v1.metadata, namespace: 'default' };
    v2.metadata = { ...v2.metadata, namespace: 'default' };
    const created1 = await client.create(batchv1.CronJob, v1);
    const created2 = await client.create(batchv2.CronJob, v2);
    expect(created1.spec).toMatchObject({ schedule: '*/1 * * * *', successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1, suspend: false });
    expect(created2.spec).toMatchObject({ schedule: { minute: '*/2' }, successfulJobsHistoryLimit: 3 });

    const v2AsV1 = await client.apiReader.get(batchv1.CronJob, { namespace: 'default', name: created2.metadata!.name! });
    expect(v2AsV1.spec.schedule).toBe('*/2 * * * *');
  });
});
