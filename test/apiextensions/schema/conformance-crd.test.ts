import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { compileSchema, type CompiledSchema, type JSONSchemaProps } from '../../../src/apiextensions/schema/index.js';
import { conformanceDir, describeShared } from '../../support/shared.js';

const crdFile = path.join(conformanceDir, 'kubebuilder', 'cronjob-tutorial', 'batch.tutorial.kubebuilder.io_cronjobs.yaml');

/** A CronJob as the kubebuilder tutorial's sample, with a realistic pod template. */
function cronJob(): Record<string, unknown> {
  return {
    apiVersion: 'batch.tutorial.kubebuilder.io/v1',
    kind: 'CronJob',
    metadata: { name: 'cronjob-sample', namespace: 'default', labels: { app: 'demo' } },
    spec: {
      schedule: '*/1 * * * *',
      startingDeadlineSeconds: 60,
      concurrencyPolicy: 'Allow',
      suspend: false,
      jobTemplate: {
        spec: {
          backoffLimit: 2,
          template: {
            metadata: { labels: { app: 'demo' } },
            spec: {
              restartPolicy: 'OnFailure',
              containers: [
                {
                  name: 'hello',
                  image: 'busybox',
                  args: ['/bin/sh', '-c', 'date; echo Hello from the Kubernetes cluster'],
                  ports: [{ containerPort: 8080, protocol: 'TCP', name: 'http' }],
                  env: [{ name: 'MODE', value: 'demo' }, { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
                  resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '250m', memory: '64Mi' } },
                  volumeMounts: [{ name: 'data', mountPath: '/data' }],
                  securityContext: { runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
                },
              ],
              volumes: [{ name: 'data', emptyDir: {} }],
            },
          },
        },
      },
    },
  };
}

describeShared(crdFile, 'the kubebuilder cronjob tutorial CRD', () => {
  let schema: CompiledSchema;
  beforeAll(() => {
    const crd = parseAllDocuments(readFileSync(crdFile, 'utf8'))[0].toJS() as { spec: { versions: { schema: { openAPIV3Schema: JSONSchemaProps } }[] } };
    schema = compileSchema(crd.spec.versions[0].schema.openAPIV3Schema, { source: crdFile });
  });

  it('accepts the sample with a realistic pod template, after pruning and defaulting', () => {
    const obj = cronJob();
    const unknown: string[] = [];
    schema.prune(obj, unknown);
    schema.applyDefaults(obj);
    // controller-gen writes a nested ObjectMeta as a bare `type: object`, so the API server drops
    // the pod template's labels (unless generateEmbeddedObjectMeta is set): so do we.
    expect(unknown).toEqual(['spec.jobTemplate.spec.template.metadata.labels']);
    expect(schema.validate(obj)).toEqual([]);
  });

  it('reports bad values deep in the pod template with their paths', () => {
    const obj = cronJob();
    const container = (((((obj.spec as Record<string, unknown>).jobTemplate as Record<string, unknown>).spec as Record<string, unknown>).template as Record<string, unknown>).spec as { containers: Record<string, unknown>[] }).containers[0];
    container.ports = [{ containerPort: 'http' }];
    (container.resources as Record<string, unknown>).limits = { cpu: '1 core' };
    const base = 'spec.jobTemplate.spec.template.spec.containers[0]';
    const quantityPattern = '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';
    expect(schema.validate(obj)).toEqual([
      { reason: 'FieldValueTypeInvalid', field: `${base}.ports[0].containerPort`, message: `Invalid value: "string": ${base}.ports[0].containerPort in body must be of type integer: "string"` },
      { reason: 'FieldValueInvalid', field: `${base}.resources.limits.cpu`, message: `Invalid value: "1 core": ${base}.resources.limits.cpu in body should match '${quantityPattern}'` },
    ]);
  });

  it('rejects a fractional number for an int-or-string quantity, as the API server does', () => {
    const obj = cronJob();
    const container = (((((obj.spec as Record<string, unknown>).jobTemplate as Record<string, unknown>).spec as Record<string, unknown>).template as Record<string, unknown>).spec as { containers: Record<string, unknown>[] }).containers[0];
    container.resources = { requests: { cpu: 0.5, memory: 1024 } };
    const field = 'spec.jobTemplate.spec.template.spec.containers[0].resources.requests.cpu';
    expect(schema.validate(obj).filter((c) => c.field === field).map((c) => c.message)).toEqual([
      `Invalid value: "number": ${field} in body must be of type integer,string: "number"`,
      `Invalid value: "number": ${field} in body must be of type string: "number"`,
    ]);
  });
});
