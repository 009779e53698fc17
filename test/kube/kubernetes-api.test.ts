/**
 * The shipped Kubernetes API data (data/kubernetes-api/<minor>.json) and its loader: what each
 * release has, what controller-gen writes for built-in types, and that the committed files are
 * what scripts/derive-kubernetes-api.ts derives from ../shared/kubernetes-openapi.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KUBERNETES_API_VERSIONS,
  kubernetesApiDataDir,
  loadKubernetesApi,
  NEWEST_KUBERNETES_API_VERSION,
  versionsWithModel,
} from '../../src/kube/kubernetes-api.js';
import { builtinResources } from '../../src/kube/builtin-resources.js';
import { CLUSTER_SCOPED_BUILTIN_KINDS } from '../../src/kube/cluster-scoped-kinds.js';
import { QUANTITY_PATTERN } from '../../src/kube/quantity.js';
import { walkSchema } from '../../src/generators/crd/schema/json-schema.js';
import { deriveKubernetesApi } from '../../scripts/derive-kubernetes-api.js';
import { itShared, kubernetesOpenapiDir } from '../support/shared.js';

describe('Kubernetes API data', () => {
  it('ships 1.34, 1.35 and 1.36, the newest the default', () => {
    expect(KUBERNETES_API_VERSIONS).toEqual(['1.34', '1.35', '1.36']);
    expect(NEWEST_KUBERNETES_API_VERSION).toBe('1.36');
    expect(loadKubernetesApi().version).toBe('1.36');
    expect(() => loadKubernetesApi('1.20')).toThrow(/1\.20 is not shipped: choose one of 1\.34, 1\.35, 1\.36/);
  });

  it('looks types up by client-node model name and kinds by group/version/kind', () => {
    const api = loadKubernetesApi('1.36');
    expect(api.componentOfModel('V1PodSpec')).toBe('io.k8s.api.core.v1.PodSpec');
    expect(api.componentOfModel('V1Condition')).toBe('io.k8s.apimachinery.pkg.apis.meta.v1.Condition');
    expect(api.componentOfModel('CoreV1EndpointPort')).toBe('io.k8s.api.core.v1.EndpointPort');
    expect(api.componentOfModel('V1NoSuchThing')).toBeUndefined();
    expect(api.componentOfKind({ group: 'apps', version: 'v1', kind: 'Deployment' })).toBe('io.k8s.api.apps.v1.Deployment');
    expect(api.componentOfKind({ group: '', version: 'v1', kind: 'Pod' })).toBe('io.k8s.api.core.v1.Pod');
    expect(api.schemaOfKind({ group: 'batch', version: 'v1', kind: 'Job' })!.properties!.spec.$ref).toBe('io.k8s.api.batch.v1.JobSpec');
    expect(api.schemaOfKind({ group: 'batch', version: 'v2', kind: 'Job' })).toBeUndefined();
    expect(api.allKinds()).toContainEqual({ group: 'batch', version: 'v1', kind: 'CronJob', component: 'io.k8s.api.batch.v1.CronJob' });
  });

  it('has each release its own fields (PodSpec: workloadRef in 1.35 only, schedulingGroup from 1.36)', () => {
    const fields = (v: string) => Object.keys(loadKubernetesApi(v).schemaOfModel('V1PodSpec')!.properties!);
    expect(fields('1.34')).not.toContain('workloadRef');
    expect(fields('1.35')).toContain('workloadRef');
    expect(fields('1.36')).toContain('schedulingGroup');
    expect(fields('1.36')).not.toContain('workloadRef');
    expect(versionsWithModel('V1alpha2PodGroup')).toEqual(['1.36']);
  });

  for (const version of KUBERNETES_API_VERSIONS) {
    it(`${version}: has controller-gen's defaults, topology, int-or-string and Condition validations, and no text`, () => {
      const api = loadKubernetesApi(version);
      const port = api.schemaOfModel('V1ContainerPort')!;
      expect(port.properties!.protocol.default).toBe('TCP');
      // kube-openapi's zero-value default, which controller-gen does not write.
      expect(port.properties!.containerPort.default).toBeUndefined();
      expect(api.schemaOfModel('V1LocalObjectReference')!.properties!.name.default).toBe('');
      expect(api.schemaOfModel('V1SecretEnvSource')!['x-kubernetes-map-type']).toBe('atomic');
      // `+default=ref(...)` is kube-openapi's alone.
      expect(api.schemaOfModel('V1AzureDiskVolumeSource')!.properties!.cachingMode.default).toBeUndefined();
      const containers = api.schemaOfModel('V1PodSpec')!.properties!.containers;
      expect(containers['x-kubernetes-list-type']).toBe('map');
      expect(containers['x-kubernetes-list-map-keys']).toEqual(['name']);
      const ports = api.schemaOfModel('V1Container')!.properties!.ports;
      expect(ports['x-kubernetes-list-type']).toBe('map');
      expect(ports['x-kubernetes-list-map-keys']).toEqual(['containerPort', 'protocol']);
      expect(api.schema('io.k8s.apimachinery.pkg.api.resource.Quantity')).toEqual({
        anyOf: [{ type: 'integer' }, { type: 'string' }],
        pattern: QUANTITY_PATTERN,
        'x-kubernetes-int-or-string': true,
      });
      expect(api.schema('io.k8s.apimachinery.pkg.util.intstr.IntOrString')).toEqual({
        anyOf: [{ type: 'integer' }, { type: 'string' }],
        'x-kubernetes-int-or-string': true,
      });
      const condition = api.schemaOfModel('V1Condition')!.properties!;
      expect(condition.status.enum).toEqual(['True', 'False', 'Unknown']);
      expect(condition.reason).toMatchObject({ maxLength: 1024, minLength: 1 });
      expect(condition.observedGeneration.minimum).toBe(0);
      let described = 0;
      for (const component of api.components()) walkSchema(api.schema(component)!, (s) => void (typeof s.description === 'string' && described++));
      expect(described).toBe(0);
    });
  }

  it('resolves references into one schema, the use site winning', () => {
    const api = loadKubernetesApi('1.36');
    const deployment = api.resolve(api.schema(api.componentOfKind({ group: 'apps', version: 'v1', kind: 'Deployment' })!)!);
    const container = deployment.properties!.spec.properties!.template.properties!.spec.properties!.containers.items!;
    expect(container.required).toEqual(['name']);
    expect(container.properties!.resources.properties!.limits.additionalProperties).toMatchObject({ 'x-kubernetes-int-or-string': true });
    expect(JSON.stringify(deployment)).not.toContain('$ref');
    // JSONSchemaProps contains itself: the recursion stops with a schema that accepts anything.
    const crd = api.resolve(api.schema('io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps')!);
    expect(crd.properties!.not.properties!.not).toEqual({ 'x-kubernetes-preserve-unknown-fields': true });
  });

  it('lists each release\'s GA REST resources with plural, scope, kind and subresources', () => {
    const api = loadKubernetesApi('1.36');
    const find = (group: string, resource: string) => api.resources.filter((r) => r.group === group && r.resource === resource);
    expect(find('', 'pods')).toEqual([{ group: '', version: 'v1', resource: 'pods', kind: 'Pod', namespaced: true,
      subresources: ['attach', 'binding', 'ephemeralcontainers', 'eviction', 'exec', 'log', 'portforward', 'proxy', 'resize', 'status'] }]);
    expect(find('autoscaling', 'horizontalpodautoscalers').map((r) => r.version)).toEqual(['v1', 'v2']);
    expect(find('storage.k8s.io', 'storageclasses')).toEqual([{ group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses', kind: 'StorageClass', namespaced: false, subresources: [] }]);
    // Only versions a default kube-apiserver serves (GA), and only what a client can list.
    expect(api.resources.filter((r) => !/^v\d+$/.test(r.version))).toEqual([]);
    expect(api.resources.some((r) => r.resource === 'bindings' || r.resource === 'tokenreviews')).toBe(false);
  });

  it('has at cluster scope exactly the kinds scaffolding treats as cluster-scoped (src/kube/cluster-scoped-kinds.ts)', () => {
    for (const version of KUBERNETES_API_VERSIONS) {
      const resources = loadKubernetesApi(version).resources;
      const clusterScoped = new Set(resources.filter((r) => !r.namespaced).map((r) => r.kind));
      const listed = [...CLUSTER_SCOPED_BUILTIN_KINDS];
      expect([...clusterScoped].filter((k) => !CLUSTER_SCOPED_BUILTIN_KINDS.has(k)), `${version}: cluster-scoped, not listed`).toEqual([]);
      // A kind the list names is cluster-scoped in every release that has it.
      expect(listed.filter((k) => resources.some((r) => r.kind === k && r.namespaced)), `${version}: listed, namespaced`).toEqual([]);
    }
    const everyRelease = new Set(KUBERNETES_API_VERSIONS.flatMap((v) => loadKubernetesApi(v).resources.map((r) => r.kind)));
    expect([...CLUSTER_SCOPED_BUILTIN_KINDS].filter((k) => !everyRelease.has(k)), 'listed, in no release').toEqual([]);
  });

  it('has every resource the runtime names (src/kube/builtin-resources.ts) with the same plural, kind and scope', () => {
    for (const version of KUBERNETES_API_VERSIONS) {
      const resources = loadKubernetesApi(version).resources;
      const mismatched = builtinResources().filter((b) => !resources.some((r) =>
        r.group === b.group && r.version === b.version && r.resource === b.resource && r.kind === b.kind && r.namespaced === b.namespaced));
      expect(mismatched.map((b) => `${b.group}/${b.version}/${b.resource}`), version).toEqual([]);
    }
  });

  itShared(kubernetesOpenapiDir, 'is what scripts/derive-kubernetes-api.ts derives from ../shared/kubernetes-openapi', () => {
    process.env.DERIVE_VERBOSE = '0';
    for (const { minor, text } of deriveKubernetesApi(kubernetesOpenapiDir)) {
      const committed = readFileSync(path.join(kubernetesApiDataDir(), `${minor}.json`), 'utf8');
      expect(committed === text, `data/kubernetes-api/${minor}.json is stale: run npm run derive:kubernetes-api`).toBe(true);
    }
  }, 60_000);
});
