/**
 * The JSON shapes the test API server stores and serves. Objects stay plain JSON
 * (as they travel on the wire); these types name the parts the server reads.
 */
import { isJsonObject } from '../../kube/json-values.js';

export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };
export type JSONObject = { [key: string]: JSONValue };

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ManagedFieldsEntry {
  manager?: string;
  operation?: 'Apply' | 'Update';
  apiVersion?: string;
  time?: string;
  fieldsType?: 'FieldsV1';
  fieldsV1?: JSONObject;
  subresource?: string;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: ManagedFieldsEntry[];
  [key: string]: unknown;
}

/** Any Kubernetes object as JSON. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  [key: string]: unknown;
}

/** An object as it sits in the store: metadata filled in. */
export interface StoredObject extends KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta & { name: string; uid: string; resourceVersion: string; creationTimestamp: string };
}

export { isJsonObject as isPlainObject } from '../../kube/json-values.js';

/** `value` as a JSON object, or undefined when it is not one. */
export function asObject(value: unknown): JSONObject | undefined {
  return isJsonObject(value) ? (value as JSONObject) : undefined;
}

/** The object at `parent[key]`, made (replacing whatever is not an object) when missing: defaulting writes into it. */
export function childObject(parent: Record<string, unknown>, key: string): Record<string, unknown> {
  if (!isJsonObject(parent[key])) parent[key] = {};
  return parent[key] as Record<string, unknown>;
}

/** Sets `target[key]` when it is unset, as the scheme's SetDefaults_* functions do. */
export function setDefault(target: Record<string, unknown>, key: string, value: unknown): void {
  if (target[key] === undefined) target[key] = value;
}

export function splitAPIVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export function joinAPIVersion(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}
