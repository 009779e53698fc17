/**
 * validateCronJobSpec's schedule and time zone rules (robfig/cron's standard parser, no TZ
 * prefix, zones Go knows) and the name limit, through the real client; valid CronJobs accepted.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnvironment } from '../support/environment.js';
import { invalidStatus, patchAs } from './support.js';

let env: TestEnvironment;
let batch: k8s.BatchV1Api;
const namespace = 'default';

beforeAll(async () => {
  env = await startEnv();
  batch = env.kubeConfig.makeApiClient(k8s.BatchV1Api);
});
afterAll(() => env.stop());

const jobTemplate = { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'tick', image: 'busybox' }] } } } };
const cronJob = (name: string, spec: Partial<k8s.V1CronJobSpec>): k8s.V1CronJob => ({ metadata: { name }, spec: { schedule: '*/5 * * * *', jobTemplate, ...spec } });

async function refusal(call: Promise<unknown>): Promise<string> {
  return (await invalidStatus(call)).message;
}

describe('CronJob schedules', () => {
  it('refuse what robfig/cron\'s standard parser refuses, with its error', async () => {
    const cases: [string, string][] = [
      ['0 0 * * * *', 'expected exactly 5 fields, found 6: [0 0 * * * *]'],
      ['60 * * * *', 'end of range (60) above maximum (59): 60'],
      ['0 0 * * 7', 'end of range (7) above maximum (6): 7'],
      ['0 0 L * *', 'failed to parse int from L: strconv.Atoi: parsing "L": invalid syntax'],
      ['@often', 'unrecognized descriptor: @often'],
      ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
    ];
    for (const [index, [schedule, error]] of cases.entries()) {
      const name = `bad-${index}`;
      expect(await refusal(batch.createNamespacedCronJob({ namespace, body: cronJob(name, { schedule }) }))).toBe(`CronJob.batch "${name}" is invalid: spec.schedule: Invalid value: ${JSON.stringify(schedule)}: ${error}`);
    }
  });

  it('refuse a TZ or CRON_TZ prefix (the timeZone field replaced it), a bad one with the parser\'s error too', async () => {
    expect(await refusal(batch.createNamespacedCronJob({ namespace, body: cronJob('tz', { schedule: 'TZ=UTC 0 * * * *' }) }))).toBe(
      'CronJob.batch "tz" is invalid: spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    );
    expect(await refusal(batch.createNamespacedCronJob({ namespace, body: cronJob('crontz', { schedule: 'CRON_TZ=Mars/Base 0 * * * *' }) }))).toBe(
      'CronJob.batch "crontz" is invalid: [spec.schedule: Invalid value: "CRON_TZ=Mars/Base 0 * * * *": provided bad location Mars/Base: unknown time zone Mars/Base, spec.schedule: Invalid value: "CRON_TZ=Mars/Base 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead]',
    );
  });

  it('keep a TZ prefix a stored CronJob already has (one made before the timeZone field), but not beside a timeZone', async () => {
    await batch.createNamespacedCronJob({ namespace, body: cronJob('legacy', {}) });
    // Written straight to storage, as an object an older release accepted.
    const stored = env.server.store.get('cronjobs.batch', namespace, 'legacy')!;
    env.server.store.update('cronjobs.batch', { ...stored, spec: { ...(stored.spec as object), schedule: 'TZ=UTC 0 * * * *' } });
    const suspended = await batch.patchNamespacedCronJob({ namespace, name: 'legacy', body: { spec: { suspend: true } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect([suspended.spec?.schedule, suspended.spec?.suspend]).toEqual(['TZ=UTC 0 * * * *', true]);
    expect(await refusal(batch.patchNamespacedCronJob({ namespace, name: 'legacy', body: { spec: { timeZone: 'UTC' } } }, patchAs(k8s.PatchStrategy.MergePatch)))).toBe(
      'CronJob.batch "legacy" is invalid: spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule',
    );
  });

  it('accept five fields with names, steps and ranges, and the descriptors', async () => {
    for (const [index, schedule] of ['0 9-17/2 * jan-jun mon-fri', '*/15 0,12 1 * ?', '@hourly', '@midnight', '@every 1h30m'].entries()) {
      const created = await batch.createNamespacedCronJob({ namespace, body: cronJob(`good-${index}`, { schedule }) });
      expect(created.spec?.schedule).toBe(schedule);
    }
  });
});

describe('CronJob time zones, policies and names', () => {
  it('refuse a time zone Go does not know, an empty one and Local; accept IANA names and links', async () => {
    expect(await refusal(batch.createNamespacedCronJob({ namespace, body: cronJob('mars', { timeZone: 'Mars/Olympus' }) }))).toBe(
      'CronJob.batch "mars" is invalid: spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus',
    );
    expect(await refusal(batch.createNamespacedCronJob({ namespace, body: cronJob('empty-zone', { timeZone: '' }) }))).toBe(
      'CronJob.batch "empty-zone" is invalid: spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string',
    );
    expect(await refusal(batch.createNamespacedCronJob({ namespace, body: cronJob('local', { timeZone: 'Local' }) }))).toBe(
      'CronJob.batch "local" is invalid: spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones',
    );
    const paris = await batch.createNamespacedCronJob({ namespace, body: cronJob('paris', { timeZone: 'Europe/Paris' }) });
    expect(paris.spec?.timeZone).toBe('Europe/Paris');
    const eastern = await batch.patchNamespacedCronJob({ namespace, name: 'paris', body: { spec: { timeZone: 'US/Eastern', schedule: '0 6 * * *' } } }, patchAs(k8s.PatchStrategy.MergePatch));
    expect(eastern.spec?.timeZone).toBe('US/Eastern');
  });

  it('refuse an unknown concurrency policy, negative history limits and a name too long for its Jobs\' names', async () => {
    const body = cronJob('limits', { concurrencyPolicy: 'Sometimes', successfulJobsHistoryLimit: -1 });
    expect(await refusal(batch.createNamespacedCronJob({ namespace, body }))).toBe(
      'CronJob.batch "limits" is invalid: [spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace", spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0]',
    );
    const long = 'x'.repeat(53);
    expect(await refusal(batch.createNamespacedCronJob({ namespace, body: cronJob(long, {}) }))).toBe(`CronJob.batch "${long}" is invalid: metadata.name: Invalid value: "${long}": must be no more than 52 characters`);
    const longest = await batch.createNamespacedCronJob({ namespace, body: cronJob('y'.repeat(52), {}) });
    expect(longest.metadata?.name).toHaveLength(52);
  });
});
