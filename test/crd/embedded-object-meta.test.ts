/**
 * controller-gen's `crd:generateEmbeddedObjectMeta=true` (`manifests --generate-embedded-object-meta`):
 * ObjectMeta below a kind's top level keeps controller-tools' allow-listed fields (name,
 * namespace, labels, annotations, finalizers); without it, and always at the top level, it is a
 * bare object.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type JSONSchemaProps } from '../../src/generators/crd/index.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { runManifests } from '../../src/generators/manifests/index.js';
import { generateFrom } from './api-sandbox.js';

const files = {
  'api/v1/groupversion_info.ts': `// +groupName=test.example.com\nexport const GroupVersion = { group: 'test.example.com', version: 'v1' };\n`,
  'api/v1/runner_types.ts': `import type { V1PodTemplateSpec } from '@kubernetes/client-node';
import type { ObjectMeta } from 'kubescaffolder/runtime';

export interface RunnerSpec {
  template?: V1PodTemplateSpec;
  /** Own is our own embedded object. */
  own?: { metadata?: ObjectMeta };
}

// +kubebuilder:object:root=true

/** Runner runs a pod. */
export interface Runner {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: RunnerSpec;
}
`,
};

const embedded: JSONSchemaProps = {
  type: 'object',
  properties: {
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
    finalizers: { type: 'array', items: { type: 'string' } },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    name: { type: 'string' },
    namespace: { type: 'string' },
  },
};

describe('generateEmbeddedObjectMeta', () => {
  const dir = generateFrom(files).dir;
  const schemaWith = (generateEmbeddedObjectMeta?: boolean) => {
    const r = generateCrds({ paths: [dir], toolVersion: 'test', maxDescLen: 0, generateEmbeddedObjectMeta });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    return r.crds[0].crd.spec.versions[0].schema!.openAPIV3Schema;
  };

  it('keeps name, namespace, labels, annotations and finalizers of embedded ObjectMeta, client-node\'s or the runtime\'s', () => {
    const root = schemaWith(true);
    expect(root.properties!.spec.properties!.template.properties!.metadata).toEqual(embedded);
    expect(root.properties!.spec.properties!.own.properties!.metadata).toEqual(embedded);
    expect(root.properties!.metadata).toEqual({ type: 'object' });
  });

  it('leaves it a bare object by default', () => {
    const root = schemaWith();
    expect(root.properties!.spec.properties!.template.properties!.metadata).toEqual({ type: 'object' });
    expect(root.properties!.spec.properties!.own.properties!.metadata).toEqual({ type: 'object' });
  });

  it('is manifests --generate-embedded-object-meta', async () => {
    const out = path.join(dir, 'out');
    const code = await runManifests({ projectDir: dir, paths: ['api'], outputDir: 'out', generateEmbeddedObjectMeta: true, maxDescLen: 0 }, { stdout: () => undefined, stderr: () => undefined });
    expect(code).toBe(0);
    const crd = parse(readFileSync(path.join(out, 'crd', 'bases', 'test.example.com_runners.yaml'), 'utf8')) as { spec: { versions: { schema: { openAPIV3Schema: JSONSchemaProps } }[] } };
    expect(crd.spec.versions[0].schema.openAPIV3Schema.properties!.spec.properties!.template.properties!.metadata).toEqual(embedded);
  });
});
