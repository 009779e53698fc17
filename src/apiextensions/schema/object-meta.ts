/**
 * The metadata of an embedded resource (x-kubernetes-embedded-resource), as apiextensions'
 * objectmeta package reads and checks it: it must decode as an ObjectMeta (Go's json errors), and
 * then pass ValidateObjectMeta with names as path segments (an empty name is allowed), a namespace
 * a DNS-1123 label, labels and annotations with qualified keys (annotations case-insensitive, at
 * most 256 KiB in all). Owner references, finalizers and managed fields are not checked here.
 */
import { deepCopy } from '../../kube/json-values.js';
import { isObject } from './values.js';
import { childPath, invalid, type FieldCause } from '../../kube/field-errors.js';
import { goDecode } from '../../kube/go-json-decode.js';
import { loadKubernetesApi } from '../../kube/kubernetes-api.js';
import { isDNS1123Label } from '../../kube/dns-names.js';
import { annotationErrors, labelErrors } from '../../kube/object-meta-rules.js';

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/** The error json.Unmarshal gives decoding `metadata` into an ObjectMeta, if any. */
export function objectMetaDecodeError(metadata: unknown): string | undefined {
  if (!isObject(metadata)) {
    if (metadata === null) return undefined;
    const kind = Array.isArray(metadata) ? 'array' : typeof metadata === 'string' ? 'string' : typeof metadata === 'number' ? 'number' : 'bool';
    return `json: cannot unmarshal ${kind} into Go value of type v1.ObjectMeta`;
  }
  return goDecode(loadKubernetesApi(), OBJECT_META, deepCopy(metadata)).error;
}

/**
 * The fields of a custom resource's `metadata` an ObjectMeta does not have (`metadata.bogus`),
 * removed from it: kube-apiserver decodes a custom resource's metadata as an ObjectMeta and drops them.
 */
export function dropUnknownObjectMetaFields(metadata: unknown): string[] {
  if (!isObject(metadata)) return [];
  return goDecode(loadKubernetesApi(), OBJECT_META, metadata).unknownFields.map((p) => `metadata.${p}`);
}

/** content.IsPathSegmentName / IsPathSegmentPrefix. */
function pathSegmentErrors(name: string, prefix: boolean): string[] {
  if (!prefix && (name === '.' || name === '..')) return [`may not be '${name}'`];
  return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
}

/** ValidateObjectMeta of a decoded embedded resource's metadata at `path` (`…metadata`). */
export function embeddedObjectMetaErrors(meta: Record<string, unknown>, path: string): FieldCause[] {
  const out: FieldCause[] = [];
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const generateName = str(meta.generateName);
  if (generateName !== '') for (const m of pathSegmentErrors(generateName, true)) out.push(invalid(childPath(path, 'generateName'), generateName, m));
  // objectmeta.Validate names an unnamed embedded resource "fakename" before validating it.
  const name = str(meta.name) || 'fakename';
  for (const m of pathSegmentErrors(name, false)) out.push(invalid(childPath(path, 'name'), name, m));
  const namespace = str(meta.namespace);
  if (namespace !== '') for (const m of isDNS1123Label(namespace)) out.push(invalid(childPath(path, 'namespace'), namespace, m));
  if (typeof meta.generation === 'number' && meta.generation < 0) out.push(invalid(childPath(path, 'generation'), meta.generation, 'must be greater than or equal to 0'));
  if (isObject(meta.labels)) out.push(...labelErrors(meta.labels, childPath(path, 'labels')));
  if (isObject(meta.annotations)) out.push(...annotationErrors(meta.annotations, childPath(path, 'annotations')));
  return out;
}
