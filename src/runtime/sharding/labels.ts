/**
 * The labels a sharded controller writes. On each object of the ring: which shard owns it, and
 * (while it moves) that its owner must let go of it. On each shard Lease: the ring it belongs to.
 */

import { isDNS1123Label } from '../../kube/dns-names.js';
import type { ObjectWithMeta } from '../client/types.js';

const PREFIX = 'shard.scaffolder.dev';

/** `shard.scaffolder.dev/<ring>: <shard id>` on every object the ring assigned. */
export function shardLabel(ring: string): string {
  return `${PREFIX}/${ring}`;
}

/** `drain.shard.scaffolder.dev/<ring>: "true"` while the object moves off its shard (see sharder.ts). */
export function drainLabel(ring: string): string {
  return `drain.${PREFIX}/${ring}`;
}

/** The name of a shard's Lease: `<ring>-<shard id>`. */
export function shardLeaseName(ring: string, shardID: string): string {
  return `${ring}-${shardID}`;
}

/** `shard.scaffolder.dev/ring: <ring>` on the shard Leases of a ring. */
export const RING_LABEL = `${PREFIX}/ring`;

/**
 * A ring name and a shard id end up in a label name, a label value and a Lease name
 * (`<ring>-<shard id>`): a DNS-1123 label fits all three.
 */
export function checkNamePart(what: string, value: string): void {
  const problems = isDNS1123Label(value);
  if (problems.length > 0) throw new Error(`sharding: ${what} "${value}" is invalid: ${problems.join('; ')}`);
}

/** An object's labels (none: an empty record). */
export function labelsOf(obj: ObjectWithMeta | undefined): Record<string, string> {
  return (obj?.metadata?.labels ?? {}) as Record<string, string>;
}
