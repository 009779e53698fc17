import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigMap, controllerManagedBy, type Manager } from '../../../src/runtime/index.js';
import { startEnv, type TestEnvironment } from '../../support/environment.js';
import { newManager } from '../../support/runtime.js';

describe('sharded() in the controller builder', () => {
  let env: TestEnvironment;
  let mgr: Manager;
  beforeAll(async () => {
    env = await startEnv();
    mgr = await newManager(env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('needs a for() kind', () => {
    expect(() => controllerManagedBy(mgr).named('no-for').watches(ConfigMap, {}).sharded().build(async () => ({}))).toThrow(/sharded\(\) needs for\(\)/);
  });

  it('refuses a shard id that cannot be a label value and Lease name', () => {
    expect(() => controllerManagedBy(mgr).for(ConfigMap).named('bad-id').sharded({ shardID: 'Replica_A' }).build(async () => ({}))).toThrow(/shardID "Replica_A" is invalid/);
  });

  it('refuses to shard a kind the cache already holds unfiltered', async () => {
    const other = await newManager(env);
    other.getCache().getInformer(ConfigMap);
    expect(() => controllerManagedBy(other).for(ConfigMap).sharded({ shardID: 'replica-a' }).build(async () => ({}))).toThrow(/already cached without the label selector shard\.scaffolder\.dev\/configmap=replica-a/);
  });
});
