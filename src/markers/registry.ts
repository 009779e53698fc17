/**
 * The registry of marker definitions. Each generator defines the markers it understands; the collector
 * parses only what is defined and reports the rest. Lookup follows controller-gen: the text before the
 * first `=` names an anonymous-value or empty marker exactly; failing that, its last `:` segment is an
 * argument name and the rest names the marker.
 */
import { splitMarker } from './grammar.js';
import type { ArgSpec, ArgType, MarkerDefinition, MarkerTarget } from './types.js';

const TARGETS: readonly MarkerTarget[] = ['package', 'type', 'field'];

function sameArgType(a: ArgType, b: ArgType): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameSpec(a: ArgSpec | undefined, b: ArgSpec | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return sameArgType(a.type, b.type) && !!a.optional === !!b.optional;
}

function sameDefinition(a: MarkerDefinition, b: MarkerDefinition): boolean {
  if (!sameSpec(a.value, b.value)) return false;
  const aArgs = Object.keys(a.args ?? {}).sort();
  const bArgs = Object.keys(b.args ?? {}).sort();
  if (aArgs.join(',') !== bArgs.join(',')) return false;
  return aArgs.every((k) => sameSpec(a.args?.[k], b.args?.[k]));
}

export class MarkerRegistry {
  private readonly byTarget = new Map<MarkerTarget, Map<string, MarkerDefinition>>(TARGETS.map((t) => [t, new Map()]));
  /** Lookups by target and marker text: the same texts (`+optional`, ...) recur on every field. Cleared by define. */
  private readonly lookups = new Map<MarkerTarget, Map<string, MarkerDefinition | null>>(TARGETS.map((t) => [t, new Map()]));

  /**
   * Adds a definition. Defining the same name and target twice is allowed only with the same argument
   * schema (two generators may share a marker); a conflicting schema is a programming error.
   */
  define(def: MarkerDefinition): MarkerDefinition {
    if (def.name.startsWith('+')) throw new Error(`marker definition names have no leading "+": ${def.name}`);
    if (def.value !== undefined && def.args !== undefined) {
      throw new Error(`marker ${def.name}: a definition takes either one anonymous value or named arguments, not both`);
    }
    const forTarget = this.byTarget.get(def.target);
    if (forTarget === undefined) throw new Error(`marker ${def.name}: unknown target ${String(def.target)}`);
    const existing = forTarget.get(def.name);
    if (existing !== undefined) {
      if (!sameDefinition(existing, def)) throw new Error(`marker +${def.name} is already defined for ${def.target} with other arguments`);
      return existing;
    }
    forTarget.set(def.name, def);
    for (const cache of this.lookups.values()) cache.clear();
    return def;
  }

  /** Defines the same marker for several targets. */
  defineFor(targets: readonly MarkerTarget[], def: Omit<MarkerDefinition, 'target'>): void {
    for (const target of targets) this.define({ ...def, target });
  }

  /** The definition a marker's text (with or without `+`) refers to on this target, if any. */
  lookup(text: string, target: MarkerTarget): MarkerDefinition | undefined {
    const defs = this.byTarget.get(target);
    const cache = this.lookups.get(target);
    if (defs === undefined || cache === undefined) return undefined;
    const cached = cache.get(text);
    if (cached !== undefined) return cached ?? undefined;
    const { name, anonymousName } = splitMarker(text.trim());
    const def = defs.get(anonymousName) ?? defs.get(name);
    if (cache.size >= 10_000) cache.clear();
    cache.set(text, def ?? null);
    return def;
  }

  /** Whether the text names a marker on any target. */
  isKnown(text: string): boolean {
    return TARGETS.some((t) => this.lookup(text, t) !== undefined);
  }

  definitions(target?: MarkerTarget): MarkerDefinition[] {
    const targets = target ? [target] : TARGETS;
    return targets.flatMap((t) => [...(this.byTarget.get(t)?.values() ?? [])]);
  }

  /** Every defined name, once. */
  names(): string[] {
    return [...new Set(this.definitions().map((d) => d.name))].sort();
  }
}
