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

// The v1 webhooks as a client meets them: through the test API server, which calls them over
// HTTPS as configured in config/webhook.
import type { V1JobTemplateSpec } from '@kubernetes/client-node';
import { type ApiError, type Client, isInvalid, type Wire } from 'kubescaffolder/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConcurrencyPolicy, CronJob, type CronJobSpec } from '../../../api/v1/index.js';
import { startWebhookEnv, type WebhookEnv } from '../webhook_env.js';

const jobTemplate: Wire<V1JobTemplateSpec> = { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'hello', image: 'busybox' }] } } } };

describe('CronJob v1 webhooks', () => {
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
    return client.create(CronJob, { apiVersion: 'batch.tutorial.kubebuilder.io/v1', kind: 'CronJob', metadata: { name, namespace: 'default' }, spec: { schedule: '*/1 * * * *', jobTemplate, ...spec } });
  }

  async function rejection(write: Promise<unknown>): Promise<string> {
    const err = await write.then(() => undefined, (e: unknown) => e);
    expect(err, 'the write should have been denied').toBeDefined();
    expect(isInvalid(err), String(err)).toBe(true);
    return (err as ApiError).message;
  }

  it('defaults what was left out: policy Allow, not suspended, history limits 3 and 1', async () => {
    const created = await create('defaults', {});
    expect(created.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
  });

  it('defaults an empty concurrency policy, which the schema alone would refuse', async () => {
    const created = await create('empty-policy', { concurrencyPolicy: '' as ConcurrencyPolicy });
    expect(created.spec.concurrencyPolicy).toBe('Allow');
  });

  it('keeps what was set', async () => {
    const created = await create('explicit', { concurrencyPolicy: 'Forbid', suspend: true, successfulJobsHistoryLimit: 0, failedJobsHistoryLimit: 5 });
    expect(created.spec).toMatchObject({ concurrencyPolicy: 'Forbid', suspend: true, successfulJobsHistoryLimit: 0, failedJobsHistoryLimit: 5 });
  });

  it('rejects a schedule that does not parse, with the validator\'s message', async () => {
    const message = await rejection(create('bad-schedule', { schedule: 'every five minutes' }));
    expect(message).toContain('CronJob.batch.tutorial.kubebuilder.io "bad-schedule" is invalid: spec.schedule: Invalid value: "every five minutes": expected exactly 5 fields, found 3: [every five minutes]');
    expect(await rejection(create('bad-minute', { schedule: '61 * * * *' }))).toContain('spec.schedule: Invalid value: "61 * * * *"');
  });

  it('rejects names longer than 52 characters, which leave no room for the Job suffix', async () => {
    expect(await create('n'.repeat(52), {})).toBeDefined();
    const message = await rejection(create('n'.repeat(53), {}));
    expect(message).toContain(`metadata.name: Invalid value: "${'n'.repeat(53)}": must be no more than 52 characters`);
  });

  it('reports every problem at once, and checks updates too', async () => {
    const both = await rejection(create('b'.repeat(53), { schedule: '* *' }));
    expect(both).toMatch(/\[metadata\.name: Invalid value: .*, spec\.schedule: Invalid value: "\* \*": expected exactly 5 fields, found 2: \[\* \*\]\]/);

    const good = await create('update-me', {});
    const message = await rejection(client.patch(CronJob, good, { spec: { schedule: '@fortnightly' } }, { type: 'merge' }));
    expect(message).toContain('spec.schedule: Invalid value: "@fortnightly": unrecognized descriptor: @fortnightly');
  });
});
