/**
 * CRD validation costs: the test API server answering a write whose field is matched against
 * `^(a+)+$` (catastrophic for a backtracking engine) with 10,000 characters, and the whole
 * kube-apiserver CRD check on controller-gen's 740 kB CronJob CRD (what `manifests` adds per CRD).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { validateCustomResourceDefinition } from '../src/apiextensions/validation/index.js';
import { startTestEnvironment } from '../src/testing/index.js';
import { median } from './stats.js';

const CRONJOB_CRD = path.resolve(import.meta.dirname, '..', '..', 'shared', 'conformance', 'controller-gen', 'crd', 'testdata.kubebuilder.io_cronjobs.yaml');
const WRITES = 20;

export default async function (): Promise<Record<string, number | string>> {
  const env = await startTestEnvironment({
    crds: [{
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'floods.bench.example.com' },
      spec: {
        group: 'bench.example.com',
        scope: 'Namespaced',
        names: { plural: 'floods', kind: 'Flood' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { text: { type: 'string', pattern: '^(a+)+$' } } } } } } }],
      },
    }],
  });
  const text = `${'a'.repeat(10_000)}!`;
  const write = async (i: number): Promise<number> => {
    const res = await fetch(`${env.server.url}/apis/bench.example.com/v1/namespaces/default/floods`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', authorization: `Bearer ${env.server.token}` },
      body: JSON.stringify({ apiVersion: 'bench.example.com/v1', kind: 'Flood', metadata: { name: `f${i}` }, spec: { text } }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  await write(-1);
  const times: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const t = performance.now();
    const status = await write(i);
    times.push(performance.now() - t);
    if (status !== 422) throw new Error(`expected 422, got ${status}`);
  }
  await env.stop();

  const crd: unknown = parseYaml(readFileSync(CRONJOB_CRD, 'utf8'));
  validateCustomResourceDefinition(crd);
  const checks: number[] = [];
  for (let i = 0; i < 10; i++) {
    // A fresh copy each time: the schema check is remembered by schema text.
    const copy = structuredClone(crd) as { metadata: { annotations?: Record<string, string> }; spec: { versions: { schema: { openAPIV3Schema: { description?: string } } }[] } };
    copy.spec.versions[0].schema.openAPIV3Schema.description = `run ${i}`;
    const t = performance.now();
    validateCustomResourceDefinition(copy);
    checks.push(performance.now() - t);
  }
  return {
    'write refused by ^(a+)+$ on 10,001 chars, median ms': median(times),
    'write refused by ^(a+)+$ on 10,001 chars, max ms': Math.max(...times),
    'CRD check of the 740 kB CronJob CRD, median ms': median(checks),
  };
}
