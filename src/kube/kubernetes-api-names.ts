/**
 * Names of Kubernetes' OpenAPI components and of @kubernetes/client-node's models, mapped both
 * ways. A component is `<package>.<group>.<version>.<Kind>` (`io.k8s.api.core.v1.Container`,
 * `io.k8s.apimachinery.pkg.apis.meta.v1.Condition`); client-node names its model
 * `<Version><Kind>` (`V1Container`), or `<Group><Version><Kind>` when two groups share the kind
 * name (`CoreV1EndpointPort`, `DiscoveryV1EndpointPort`), the group being the package segment
 * before the version, capitalised.
 */

const VERSION = /^v\d+(?:(?:alpha|beta)\d+)?$/;
const MODEL = /^([A-Z][a-z]+)?(V\d+(?:(?:alpha|beta)\d+)?)([A-Z][A-Za-z0-9]*)$/;

interface NameParts {
  /** Lower case, as in the component name (`core`, `batch`, `meta`); absent in an unprefixed model name. */
  group?: string;
  /** `v1`, `v1beta1`, ... */
  version: string;
  kind: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Group, version and kind of a component name, or undefined when it has no version segment (`...api.resource.Quantity`). */
export function componentParts(component: string): NameParts | undefined {
  const segments = component.split('.');
  if (segments.length < 3) return undefined;
  const kind = segments[segments.length - 1];
  const version = segments[segments.length - 2];
  if (!VERSION.test(version) || !/^[A-Z]/.test(kind)) return undefined;
  return { group: segments[segments.length - 3], version, kind };
}

/** Group (if prefixed), version and kind of a client-node model name. */
export function modelParts(model: string): NameParts | undefined {
  const m = MODEL.exec(model);
  if (!m) return undefined;
  return { group: m[1]?.toLowerCase(), version: m[2].toLowerCase(), kind: m[3] };
}

/** The client-node names a component may have, group-prefixed first (`CoreV1EndpointPort`, `V1EndpointPort`). */
export function modelNamesOf(component: string): string[] {
  const p = componentParts(component);
  if (!p) return [];
  const unprefixed = capitalise(p.version) + p.kind;
  return [capitalise(p.group!) + unprefixed, unprefixed];
}

/** Finds the component that a client-node model name stands for among a set of component names. */
export class ComponentNames {
  /** Component names by `<version>/<Kind>`. */
  private readonly byVersionKind = new Map<string, string[]>();

  constructor(components: Iterable<string>) {
    for (const name of components) {
      const p = componentParts(name);
      if (!p) continue;
      const key = `${p.version}/${p.kind}`;
      const list = this.byVersionKind.get(key);
      if (list) list.push(name);
      else this.byVersionKind.set(key, [name]);
    }
  }

  /**
   * The component of a client-node model: a group-prefixed name picks the component of that
   * group; an unprefixed name maps only when exactly one component has that version and kind.
   */
  componentOf(model: string): string | undefined {
    const p = modelParts(model);
    if (!p) return undefined;
    let candidates = this.byVersionKind.get(`${p.version}/${p.kind}`) ?? [];
    if (p.group !== undefined) candidates = candidates.filter((c) => componentParts(c)!.group === p.group);
    return candidates.length === 1 ? candidates[0] : undefined;
  }
}
