/** How the CRD generator reads markers: per declaration node and per API package folder. */
import type { ts } from 'ts-morph';
import type { MarkedValue } from '../../../markers/types.js';

export interface MarkerLookup {
  /** Markers of a type declaration or a property signature (type- or field-targeted). */
  forNode(node: ts.Node): readonly MarkedValue[];
  /** Package markers of an API package folder (absolute path). */
  forPackage(dir: string): readonly MarkedValue[];
}

export function firstMarker(markers: readonly MarkedValue[], name: string): MarkedValue | undefined {
  return markers.find((m) => m.name === name);
}

export function hasMarker(markers: readonly MarkedValue[], name: string): boolean {
  return markers.some((m) => m.name === name);
}
