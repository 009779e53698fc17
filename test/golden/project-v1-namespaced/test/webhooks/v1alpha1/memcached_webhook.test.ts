import { describe, expect, it } from 'vitest';
import type { Memcached } from '../../../api/v1alpha1/memcached_types.js';
import { MemcachedCustomValidator } from '../../../api/v1alpha1/memcached_webhook.js';
// +kubebuilder:scaffold:imports

describe('Memcached webhook', () => {
  it('admits a valid Memcached on create, update and delete', async () => {
    const obj: Memcached = { apiVersion: 'cache.example.com/v1alpha1', kind: 'Memcached', metadata: { name: 'sample' } };
    const validator = new MemcachedCustomValidator();
    // TODO(user): add cases that your validator must reject (they throw a ValidationError).
    await expect(validator.validateCreate(obj)).resolves.toEqual([]);
    await expect(validator.validateUpdate(obj, obj)).resolves.toEqual([]);
    await expect(validator.validateDelete(obj)).resolves.toEqual([]);
  });

  // +kubebuilder:scaffold:webhooktests
});
