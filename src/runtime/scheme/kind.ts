/**
 * Kind descriptors: the runtime value that stands for a TypeScript API type.
 *
 * Go reads group/version/kind from the type through reflection; TypeScript types vanish at run
 * time, so each API package exports one descriptor per kind and everything that needs to reach
 * the API (clients, caches, controllers, webhooks) takes the descriptor.
 */
import type { Wire } from '../api/wire.js';

/** An API group and version, as `groupversion_info.ts` exports it. The core group is `''`. */
export interface GroupVersion {
  group: string;
  version: string;
}

/** What `defineKind` needs to know about a kind. */
export interface KindSpec extends GroupVersion {
  kind: string;
  /** The lower-case plural resource name used in URLs (`cronjobs`). */
  plural: string;
  namespaced: boolean;
}

/**
 * The descriptor of kind `T`. `T` is a phantom parameter: it types what clients and caches
 * hand back for this kind and exists only at compile time.
 */
export interface Kind<T = unknown> extends Readonly<KindSpec> {
  /** `group/version`, or only `version` for the core group (`v1`). */
  readonly apiVersion: string;
  /** Never set; carries `T` for type inference. */
  readonly __object?: T;
}

/** The object type a descriptor stands for. */
export type ObjectOf<K> = K extends Kind<infer T> ? T : never;

const dnsLabel = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * Creates the descriptor of a kind, checking its names so a typo fails at start-up, not at the first request.
 * The descriptor types objects as they are on the wire (`Wire<T>`: each `Date` of a client-node
 * model is the RFC 3339 string that arrives), so every read, watch event, admission and conversion
 * request typed by it says what the controller or webhook really gets.
 */
export function defineKind<T>(spec: KindSpec): Kind<Wire<T>> {
  const { group, version, kind, plural, namespaced } = spec;
  if (group !== '' && !/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(group)) {
    throw new Error(`defineKind(${kind}): group "${group}" is not a DNS subdomain`);
  }
  if (!dnsLabel.test(version)) throw new Error(`defineKind(${kind}): version "${version}" is not a DNS label`);
  if (!/^[A-Z][A-Za-z0-9]*$/.test(kind)) throw new Error(`defineKind: kind "${kind}" must be UpperCamelCase`);
  if (!dnsLabel.test(plural)) throw new Error(`defineKind(${kind}): plural "${plural}" must be a lower-case DNS label`);
  return Object.freeze({
    group,
    version,
    kind,
    plural,
    namespaced,
    apiVersion: apiVersionOf({ group, version }),
  });
}

/** `group/version`, or `version` alone for the core group. */
export function apiVersionOf(gv: GroupVersion): string {
  return gv.group === '' ? gv.version : `${gv.group}/${gv.version}`;
}

/** Splits an apiVersion into group and version (`v1` -> core group). */
export function parseApiVersion(apiVersion: string): GroupVersion {
  const slash = apiVersion.indexOf('/');
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** `Kind.version.group` for messages and map keys (`CronJob.v1.batch.my.domain`, `Pod.v1`). */
export function kindKey(k: { group: string; version: string; kind: string }): string {
  return k.group === '' ? `${k.kind}.${k.version}` : `${k.kind}.${k.version}.${k.group}`;
}
