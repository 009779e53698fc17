/**
 * Reading markers by their definition, values typed from it. The parser (grammar.ts) gives a marker the
 * shape its definition states, and the registry holds one argument schema per name and target (it
 * refuses a conflicting one), so a marker found by the definition's name on one of its targets has the
 * definition's value type: the one place that says so to the type checker is here.
 */
import type { MarkedValue, MarkerShape, MarkerTarget, TypedMarkedValue } from './types.js';

/** A definition as readers hold it: with its target, or its targets (a marker defined for several). */
export type DefinitionRef = MarkerShape & { readonly name: string } & (
    | { readonly target: MarkerTarget; readonly targets?: undefined }
    | { readonly targets: readonly MarkerTarget[]; readonly target?: undefined }
  );

/** Whether a marker was parsed against this definition. */
export function isMarkerOf<D extends DefinitionRef>(def: D, marker: MarkedValue): marker is TypedMarkedValue<D> {
  if (marker.name !== def.name) return false;
  return def.target !== undefined ? marker.target === def.target : def.targets.includes(marker.target);
}

/** The markers of this definition among `markers`, in their order. */
export function markersOf<D extends DefinitionRef>(def: D, markers: readonly MarkedValue[]): TypedMarkedValue<D>[] {
  return markers.filter((m): m is TypedMarkedValue<D> => isMarkerOf(def, m));
}

/** The first marker of this definition among `markers` (controller-gen's Get), or undefined. */
export function firstMarkerOf<D extends DefinitionRef>(def: D, markers: readonly MarkedValue[]): TypedMarkedValue<D> | undefined {
  return markers.find((m): m is TypedMarkedValue<D> => isMarkerOf(def, m));
}
