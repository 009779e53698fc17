/**
 * The schemas of built-in kinds, from the Kubernetes API data of one release (src/kube/kubernetes-api.ts):
 * what kube-apiserver's decoding into Go types enforces (types, known fields), for the release
 * the test server claims to be, or the newest shipped one when that release is not shipped.
 */
import { isKubernetesApiVersion, loadKubernetesApi, type KubernetesApi } from '../../kube/kubernetes-api.js';
import { goDecode, type GoDecodeResult, type GoDecodeSource } from '../../kube/go-json-decode.js';
import type { ResourceType } from '../model/resource-type.js';

export interface BuiltinSchema {
  /** The component that describes the kind (`io.k8s.api.apps.v1.Deployment`). */
  component: string;
  /** Decodes `obj` in place as kube-apiserver does into the Go type: drops and lists unknown fields, reports a wrong type. */
  decode(obj: unknown, from?: GoDecodeSource): GoDecodeResult;
}

/** The release of the built-in API data for a server that reports `minor` (e.g. '36' for 1.36). */
export function builtinApiRelease(minor: string | undefined): KubernetesApi {
  const release = `1.${(minor ?? '').replace(/\D+$/, '')}`;
  return loadKubernetesApi(isKubernetesApiVersion(release) ? release : undefined);
}

export function builtinSchema(api: KubernetesApi, rt: ResourceType, version: string): BuiltinSchema | undefined {
  const component = api.componentOfKind({ group: rt.group, version, kind: rt.kind });
  const schema = component === undefined ? undefined : api.schema(component);
  if (!component || !schema) return undefined;
  return { component, decode: (obj, from) => goDecode(api, component, obj, from) };
}
