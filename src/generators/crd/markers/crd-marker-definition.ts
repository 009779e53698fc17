/** A CRD generator marker: a registry definition that may apply to several targets. */
import type { MarkerDefinition, MarkerTarget } from '../../../markers/index.js';

export type CrdMarkerDefinition = Omit<MarkerDefinition, 'target'> & { targets: readonly MarkerTarget[] };
