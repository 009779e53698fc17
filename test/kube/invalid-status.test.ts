import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/apiextensions/schema/index.js';
import { invalidStatus } from '../../src/kube/status.js';

describe('invalidStatus', () => {
  it('builds the 422 Status of one cause as kube-apiserver does', () => {
    const schema = compileSchema({ type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer', maximum: 3 } } } } });
    const causes = schema.validate({ spec: { replicas: 5 } });
    expect(invalidStatus('CronJob', 'batch.tutorial.kubebuilder.io', 'my-job', causes)).toEqual({
      apiVersion: 'v1',
      kind: 'Status',
      metadata: {},
      status: 'Failure',
      message: 'CronJob.batch.tutorial.kubebuilder.io "my-job" is invalid: spec.replicas: Invalid value: 5: spec.replicas in body should be less than or equal to 3',
      reason: 'Invalid',
      details: {
        name: 'my-job',
        group: 'batch.tutorial.kubebuilder.io',
        kind: 'CronJob',
        causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: 5: spec.replicas in body should be less than or equal to 3', field: 'spec.replicas' }],
      },
      code: 422,
    });
  });

  it('brackets several causes, drops repeated messages, and leaves the core group out', () => {
    const status = invalidStatus('ConfigMap', '', 'cm', [
      { reason: 'FieldValueRequired', message: 'Required value', field: 'data.a' },
      { reason: 'FieldValueRequired', message: 'Required value', field: 'data.a' },
      { reason: 'FieldValueTooLong', message: 'Too long: may not be more than 3 bytes', field: 'data.b' },
    ]);
    expect(status.message).toBe('ConfigMap "cm" is invalid: [data.a: Required value, data.b: Too long: may not be more than 3 bytes]');
    expect(status.details).toEqual({
      name: 'cm',
      kind: 'ConfigMap',
      causes: [
        { reason: 'FieldValueRequired', message: 'Required value', field: 'data.a' },
        { reason: 'FieldValueRequired', message: 'Required value', field: 'data.a' },
        { reason: 'FieldValueTooLong', message: 'Too long: may not be more than 3 bytes', field: 'data.b' },
      ],
    });
  });

  it('keeps the key order kube-apiserver serialises', () => {
    const status = invalidStatus('K', 'g', 'n', []);
    expect(Object.keys(status)).toEqual(['kind', 'apiVersion', 'metadata', 'status', 'message', 'reason', 'details', 'code']);
    expect(status.message).toBe('K.g "n" is invalid');
  });
});
