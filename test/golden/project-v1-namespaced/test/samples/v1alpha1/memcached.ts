import { Memcached } from '../../../api/v1alpha1/index.js';

/**
 * The Memcached the scaffolded tests (controller, webhooks, conversion) start from. When
 * MemcachedSpec gets a required field, set it here once and every test keeps compiling.
 */
export function newMemcached(name: string): Memcached {
  return {
    apiVersion: 'cache.example.com/v1alpha1',
    kind: 'Memcached',
    metadata: { name, namespace: 'default' },
    spec: {
      // TODO(user): the spec the tests should use.
    },
  };
}
