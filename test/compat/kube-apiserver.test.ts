/**
 * The compatibility check's rules against kube-apiserver: for each change of the corpus, an object
 * valid under the old CRD is stored, the CRD is updated, and the test sees whether the server now
 * refuses the CRD update, the object (read at its version, updated, changed, or created again) or
 * gives it back changed. A breaking change must show one of these; a compatible one none.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomResourceDefinition } from '../../src/kube/custom-resource-definition.js';
import { compareCrds } from '../../src/generators/compat/index.js';
import { deepEqual } from '../../src/kube/json-values.js';
import { APIRequestError, requestJSON } from '../../src/testing/environment/api-request.js';
import { eventually, startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { hasKubernetesBinaries, kubernetesAssetsDir } from '../support/kubernetes-tools.js';
import { BREAKING, COMPATIBLE, type CompatCase } from './corpus.js';

type Json = Record<string, unknown>;

let env: TestEnvironment;
// CRDs go through requestJSON: client-node's typed API drops `default` and the x-kubernetes-* keys.
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
let custom: k8s.CustomObjectsApi;

/** The CRD of case `i`: a group of its own; the new one has a field `probe` whose default shows it is in effect. */
function installable(source: CustomResourceDefinition, i: number, probe: boolean): CustomResourceDefinition {
  const crd = structuredClone(source);
  crd.spec.group = `c${i}.compat.example.com`;
  crd.metadata = { name: `widgets.${crd.spec.group}` };
  if (probe) {
    for (const v of crd.spec.versions) v.schema!.openAPIV3Schema!.properties!.probe = { type: 'string', default: 'new' };
  }
  return crd;
}

async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (e) {
    if (e instanceof APIRequestError) return e.message.slice(0, 300);
    const err = e as k8s.ApiException<string>;
    return `${err.code}: ${String(err.body).slice(0, 300)}`;
  }
}

/** What the server did to an object valid before the change: nothing (`[]`), or each refusal and change it made. */
async function observe(c: CompatCase, i: number): Promise<string[]> {
  const old = installable(c.old, i, false);
  const group = old.spec.group;
  const version = c.version ?? 'v1';
  const ref = { group, version, namespace: 'default', plural: 'widgets' };
  const name = old.metadata!.name!;
  await requestJSON(env.kubeConfig, 'POST', CRDS, old);
  try {
    const body = (name: string, spec: Json) => ({ apiVersion: `${group}/${version}`, kind: 'Widget', metadata: { name }, spec });
    const created = await eventually(() => custom.createNamespacedCustomObject({ ...ref, body: body('a', c.spec) }), { timeout: 30_000, interval: 200 }) as Json;
    const stored = created.spec;

    const current = await requestJSON<{ metadata: { resourceVersion: string } }>(env.kubeConfig, 'GET', `${CRDS}/${name}`);
    const next = installable(c.new, i, true);
    const refused = await failure(requestJSON(env.kubeConfig, 'PUT', `${CRDS}/${name}`, { ...next, metadata: { ...next.metadata, resourceVersion: current.metadata.resourceVersion } }));
    if (refused) return [`CRD update refused: ${refused}`];
    const storage = c.new.spec.versions.find((v) => v.storage)!.name;
    // The new schema is in effect once the probe's default shows on read.
    await eventually(async () => {
      const read = await custom.getNamespacedCustomObject({ ...ref, version: storage, name: 'a' }) as Json;
      if (read.probe !== 'new') throw new Error('the new CRD is not in effect yet');
    }, { timeout: 30_000, interval: 200 });

    const seen: string[] = [];
    let read: Json;
    try {
      read = await custom.getNamespacedCustomObject({ ...ref, name: 'a' }) as Json;
    } catch (e) {
      return [`read refused: ${(e as k8s.ApiException<string>).code}`];
    }
    if (!deepEqual(read.spec, stored)) seen.push(`read back changed: ${JSON.stringify(stored)} → ${JSON.stringify(read.spec)}`);
    const labelled = { ...read, metadata: { ...(read.metadata as Json), labels: { touched: 'yes' } } };
    const update = await failure(custom.replaceNamespacedCustomObject({ ...ref, name: 'a', body: labelled }));
    if (update) seen.push(`update refused: ${update}`);
    if (c.changeTo) {
      const latest = await custom.getNamespacedCustomObject({ ...ref, name: 'a' }) as Json;
      const change = await failure(custom.replaceNamespacedCustomObject({ ...ref, name: 'a', body: { ...latest, spec: c.changeTo } }));
      if (change) seen.push(`change refused: ${change}`);
    }
    try {
      const again = await custom.createNamespacedCustomObject({ ...ref, body: body('b', c.spec) }) as Json;
      if (!deepEqual(again.spec, stored)) seen.push(`created again differently: ${JSON.stringify(stored)} → ${JSON.stringify(again.spec)}`);
    } catch (e) {
      seen.push(`create refused: ${(e as k8s.ApiException<string>).code}`);
    }
    return seen;
  } finally {
    await requestJSON(env.kubeConfig, 'DELETE', `${CRDS}/${name}`);
  }
}

describe.skipIf(!hasKubernetesBinaries())('compatibility rules on kube-apiserver', () => {
  beforeAll(async () => {
    env = await startTestEnvironment({ binaryAssetsDirectory: kubernetesAssetsDir(), useExistingCluster: false });
    custom = env.kubeConfig.makeApiClient(k8s.CustomObjectsApi);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const cases = [...BREAKING, ...COMPATIBLE].map((c, i) => [c.name, c, i] as const);
  it.concurrent.each(cases)('%s', async (_name, c, i) => {
    const seen = await observe(c, i);
    if (!c.breaking) {
      expect(seen).toEqual([]);
      return;
    }
    expect(seen, 'a breaking change must refuse or change the object').not.toEqual([]);
    // Where the findings say the change is ratcheted, the stored object's update that leaves it unchanged passes.
    const details = compareCrds([c.old], [c.new]).filter((f) => f.severity === 'breaking').map((f) => f.detail);
    if (details.every((d) => d.includes('ratcheted (kube-apiserver 1.30+)'))) {
      expect(seen.filter((s) => s.startsWith('update refused')), seen.join('; ')).toEqual([]);
    }
  }, 120_000);
});
