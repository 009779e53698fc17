import { type Kind, kindKey, parseApiVersion } from './kind.js';

/**
 * The kind registry: which kinds a manager knows, looked up by descriptor, by
 * apiVersion + kind (as objects carry them), or by resource (as admission requests carry them).
 */
export class Scheme {
  private readonly byKey = new Map<string, Kind>();
  private readonly byResource = new Map<string, Kind>();

  /** Registers kinds; registering the same descriptor twice is harmless, a conflicting one is an error. */
  add(...kinds: Kind[]): this {
    for (const kind of kinds) {
      const key = kindKey(kind);
      const known = this.byKey.get(key);
      if (known && (known.plural !== kind.plural || known.namespaced !== kind.namespaced)) {
        throw new Error(`Scheme.add: ${key} is already registered with plural "${known.plural}" (namespaced=${known.namespaced})`);
      }
      this.byKey.set(key, kind);
      this.byResource.set(resourceKey(kind.group, kind.version, kind.plural), kind);
    }
    return this;
  }

  /** The registered descriptor for an apiVersion and kind, or undefined. */
  lookup(apiVersion: string, kind: string): Kind | undefined;
  /** The registered descriptor equal to `kind` (same group, version and kind), or undefined. */
  lookup(kind: Kind): Kind | undefined;
  lookup(a: string | Kind, kind?: string): Kind | undefined {
    if (typeof a !== 'string') return this.byKey.get(kindKey(a));
    const gv = parseApiVersion(a);
    return this.byKey.get(kindKey({ ...gv, kind: kind ?? '' }));
  }

  /** The descriptor for a group, version and plural resource name (`batch`, `v1`, `jobs`). */
  lookupResource(group: string, version: string, plural: string): Kind | undefined {
    return this.byResource.get(resourceKey(group, version, plural));
  }

  /** The descriptor for an object from its apiVersion and kind fields; throws if it is not registered. */
  kindFor(obj: { apiVersion?: string; kind?: string }): Kind {
    if (!obj.apiVersion || !obj.kind) throw new Error('Scheme.kindFor: object has no apiVersion or kind');
    const k = this.lookup(obj.apiVersion, obj.kind);
    if (!k) throw new Error(`Scheme.kindFor: ${obj.kind} in ${obj.apiVersion} is not registered in the scheme`);
    return k;
  }

  has(kind: Kind): boolean {
    return this.byKey.has(kindKey(kind));
  }

  /** All registered kinds, in registration order. */
  kinds(): Kind[] {
    return [...this.byKey.values()];
  }

  /** The versions registered for a group and kind (for conversion). */
  versionsOf(group: string, kind: string): Kind[] {
    return this.kinds().filter((k) => k.group === group && k.kind === kind);
  }
}

function resourceKey(group: string, version: string, plural: string): string {
  return `${plural}.${version}.${group}`;
}
