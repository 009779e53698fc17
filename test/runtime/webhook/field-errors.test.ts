import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/runtime/client/errors.js';
import {
  ValidationError,
  deniedFromError,
  duplicateField,
  fieldError,
  forbiddenField,
  notSupportedField,
  requiredField,
} from '../../../src/runtime/webhook/index.js';

describe('field errors', () => {
  it('read as the API server prints them', () => {
    expect(fieldError('spec.replicas', 5, 'must be at most 3').toString()).toBe('spec.replicas: Invalid value: 5: must be at most 3');
    expect(fieldError('spec.suspend', true, '').toString()).toBe('spec.suspend: Invalid value: true');
    expect(fieldError('spec.selector', { a: 'b' }, 'immutable').toString()).toBe('spec.selector: Invalid value: {"a":"b"}: immutable');
    expect(requiredField('spec.jobTemplate').toString()).toBe('spec.jobTemplate: Required value');
    expect(forbiddenField('spec.nodeName', 'may not be set').toString()).toBe('spec.nodeName: Forbidden: may not be set');
    expect(notSupportedField('spec.concurrencyPolicy', 'Sometimes', ['Allow', 'Forbid', 'Replace']).toString()).toBe(
      'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
    );
    expect(duplicateField('spec.ports[1].name', 'http').toString()).toBe('spec.ports[1].name: Duplicate value: "http"');
  });

  it('aggregate several errors in brackets, once each, and qualify core kinds without a group', () => {
    const err = new ValidationError({ group: 'batch.my.domain', kind: 'CronJob' }, 'x', [
      requiredField('spec.schedule'),
      fieldError('spec.startingDeadlineSeconds', -1, 'must be positive'),
      requiredField('spec.schedule'),
    ]);
    expect(err.message).toBe(
      'CronJob.batch.my.domain "x" is invalid: [spec.schedule: Required value, spec.startingDeadlineSeconds: Invalid value: -1: must be positive]',
    );
    expect(err.status.details.causes).toHaveLength(3);
    expect(new ValidationError({ group: '', kind: 'Pod' }, 'p', []).message).toBe('Pod "p" is invalid');
  });

  it('turn errors into denials: API errors keep their status, others are 403', () => {
    const conflict = new ApiError(409, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Conflict', message: 'the object has been modified', code: 409 });
    expect(deniedFromError(conflict)).toEqual({
      allowed: false,
      status: { metadata: {}, status: 'Failure', reason: 'Conflict', message: 'the object has been modified', code: 409 },
    });
    expect(deniedFromError('plain', ['w'])).toEqual({
      allowed: false,
      status: { metadata: {}, code: 403, reason: 'Forbidden', message: 'plain' },
      warnings: ['w'],
    });
  });

  it('find an API or validation error wrapped as the cause of another error, as errors.As does', () => {
    const conflict = new ApiError(409, { reason: 'Conflict', message: 'the object has been modified', code: 409 });
    expect(deniedFromError(new Error('checking the quota', { cause: conflict }))).toMatchObject({
      allowed: false,
      status: { reason: 'Conflict', message: 'the object has been modified', code: 409 },
    });
    const invalid = new ValidationError({ group: 'batch.my.domain', kind: 'CronJob' }, 'x', [requiredField('spec.schedule')], { warnings: ['inner'] });
    const answer = deniedFromError(new Error('validating', { cause: new Error('the schedule', { cause: invalid }) }), ['outer']);
    expect(answer.status).toEqual(invalid.status);
    expect(answer.warnings).toEqual(['outer', 'inner']);
  });
});
