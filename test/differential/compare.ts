/**
 * What the differential compares: the CRDs of both tools as parsed objects, without the tool-version
 * annotation, and with only the descriptions the generator wrote (those starting with DOC_TAG): the
 * built-in types' prose comes from different sources on each side (see test/crd/CONFORMANCE.md).
 */
import { objectDiff } from '../crd/conformance-harness.js';
import { DOC_TAG } from './model.js';

const VERSION_ANNOTATIONS = ['controller-gen.kubebuilder.io/version'];

function withOwnDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withOwnDescriptions);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'description' && typeof v === 'string' && !v.startsWith(DOC_TAG)) continue;
    out[k] = withOwnDescriptions(v);
  }
  return out;
}

/** A CRD as the differential compares it. */
export function comparable(crd: unknown, versionAnnotation: string): unknown {
  const copy = structuredClone(crd) as {
    metadata?: { annotations?: Record<string, string> };
    spec?: { versions?: { schema?: { openAPIV3Schema?: unknown } }[] };
  };
  const annotations = copy.metadata?.annotations;
  if (annotations) {
    for (const a of [...VERSION_ANNOTATIONS, versionAnnotation]) delete annotations[a];
    if (Object.keys(annotations).length === 0) delete copy.metadata!.annotations;
  }
  for (const v of copy.spec?.versions ?? []) {
    if (v.schema?.openAPIV3Schema) v.schema.openAPIV3Schema = withOwnDescriptions(v.schema.openAPIV3Schema);
  }
  return copy;
}

/** The readable differences between controller-gen's CRD files and ours (file name -> CRD); empty when equal. */
export function crdDifferences(fromGo: ReadonlyMap<string, unknown>, fromTs: ReadonlyMap<string, unknown>, versionAnnotation: string): string[] {
  const out: string[] = [];
  for (const name of new Set([...fromGo.keys(), ...fromTs.keys()])) {
    const go = fromGo.get(name);
    const ts = fromTs.get(name);
    if (go === undefined) out.push(`${name}: written by manifests only`);
    else if (ts === undefined) out.push(`${name}: written by controller-gen only`);
    else {
      const diff = objectDiff(comparable(go, versionAnnotation), comparable(ts, versionAnnotation), 80).replace(/^--- expected/m, '--- controller-gen').replace(/^\+\+\+ generated/m, '+++ manifests');
      if (diff) out.push(`${name}:\n${diff}`);
    }
  }
  return out;
}
