import type { Kind } from '../../scheme/kind.js';
import type { Conversion, SpokeConversion } from './types.js';

type AnySpoke = SpokeConversion<unknown, unknown>;

interface KindConversions {
  hub: Kind;
  spokes: Map<string, AnySpoke>;
}

function groupKindKey(k: { group: string; kind: string }): string {
  return `${k.kind}.${k.group}`;
}

/** The hub and spokes registered for each group and kind. */
export class ConversionRegistry {
  readonly #byGroupKind = new Map<string, KindConversions>();

  add(conversion: Conversion): void {
    const { hub } = conversion;
    const key = groupKindKey(hub);
    let entry = this.#byGroupKind.get(key);
    if (!entry) {
      entry = { hub, spokes: new Map() };
      this.#byGroupKind.set(key, entry);
    } else if (entry.hub.version !== hub.version) {
      throw new Error(`conversion: ${hub.kind}.${hub.group} already has hub version ${entry.hub.version}; cannot make ${hub.version} the hub too`);
    }
    if (!('spoke' in conversion)) return;
    const spoke = conversion;
    if (groupKindKey(spoke.spoke) !== key) {
      throw new Error(`conversion: spoke ${spoke.spoke.kind}.${spoke.spoke.group} is not a version of hub ${hub.kind}.${hub.group}`);
    }
    if (spoke.spoke.version === hub.version) throw new Error(`conversion: ${hub.kind} ${hub.version} cannot be both hub and spoke`);
    if (typeof spoke.convertTo !== 'function' || typeof spoke.convertFrom !== 'function') {
      throw new Error(`conversion: spoke ${spoke.spoke.kind} ${spoke.spoke.version} needs both convertTo and convertFrom`);
    }
    entry.spokes.set(spoke.spoke.version, spoke);
  }

  lookup(group: string, kind: string): KindConversions | undefined {
    return this.#byGroupKind.get(groupKindKey({ group, kind }));
  }

  /** The hub of every kind with conversions (one per group and kind). */
  hubs(): Kind[] {
    return [...this.#byGroupKind.values()].map((e) => e.hub);
  }

  /** Whether any conversion is registered (the /convert path is then served). */
  get size(): number {
    return this.#byGroupKind.size;
  }
}
