import type { V1OwnerReference } from '@kubernetes/client-node';

/** The part of an API object the helpers read and write; any `{ metadata?: ObjectMeta }` object fits. */
export interface MetaObject {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    ownerReferences?: V1OwnerReference[];
    finalizers?: string[];
    labels?: { [key: string]: string };
    annotations?: { [key: string]: string };
  };
}

/** `namespace/name` (or `name`) for messages. */
export function describeObject(obj: MetaObject): string {
  const ns = obj.metadata?.namespace;
  const name = obj.metadata?.name ?? '<unnamed>';
  return ns ? `${ns}/${name}` : name;
}
