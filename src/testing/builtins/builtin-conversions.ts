/**
 * Built-in kinds served in more than one GA version, as kube-apiserver serves them: one stored
 * object (at the storage version, the newest) that every version reads and writes through the
 * kind's conversion functions. A release's older GA version of a kind is served only when it is
 * listed here, since without its conversion the server could not show the stored object in it.
 */
import { deepCopy } from '../../kube/json-values.js';
import { defaultHPAv1, HPA_V1_STATUS_ANNOTATIONS, hpaV1ToV2, hpaV2ToV1 } from './hpa-conversion.js';
import { joinAPIVersion, splitAPIVersion, type KubeObject } from '../model/object.js';

/** An older version of a built-in kind: its scheme defaults and its conversion to and from the storage version. */
export interface OlderVersion {
  /** The version's own scheme defaults (SetDefaults_* of its package), set on every write through it. */
  defaults?: (obj: KubeObject) => void;
  /** An object of this version as the storage version has it. */
  toStorage: (obj: KubeObject) => KubeObject;
  /** A stored object as this version shows it. */
  fromStorage: (obj: KubeObject) => KubeObject;
  /** The annotations that carry part of the status in this version. */
  statusAnnotations?: readonly string[];
}

/** `<group>/<Kind>` -> older version -> how it converts. */
const OLDER_VERSIONS: Record<string, Record<string, OlderVersion>> = {
  'autoscaling/HorizontalPodAutoscaler': {
    v1: { defaults: defaultHPAv1, toStorage: hpaV1ToV2, fromStorage: hpaV2ToV1, statusAnnotations: HPA_V1_STATUS_ANNOTATIONS },
  },
};

/** The older versions of a built-in kind that are served beside its storage version. */
export function olderVersions(group: string, kind: string): Record<string, OlderVersion> {
  return OLDER_VERSIONS[`${group}/${kind}`] ?? {};
}

/**
 * How objects of a built-in kind move between its versions: through the storage version, as
 * kube-apiserver's conversions go through the internal version. `storageDefaults` are the
 * storage version's scheme defaults, which kube-apiserver sets when it decodes what it stored.
 * Undefined for a kind served in one version only.
 */
export function builtinConverter(
  group: string,
  kind: string,
  storage: string,
  storageDefaults: ((obj: KubeObject) => void) | undefined,
): ((obj: KubeObject, version: string) => KubeObject) | undefined {
  const older = olderVersions(group, kind);
  if (Object.keys(older).length === 0) return undefined;
  return (obj, version) => {
    const from = splitAPIVersion(obj.apiVersion ?? '').version;
    if (from === version) return obj;
    let stored = obj;
    if (from !== storage) {
      const conversion = older[from];
      if (!conversion) throw new Error(`no conversion of ${kind} from ${obj.apiVersion}`);
      stored = deepCopy({ ...conversion.toStorage(obj), apiVersion: joinAPIVersion(group, storage) });
      storageDefaults?.(stored);
    }
    if (version === storage) return stored;
    const conversion = older[version];
    if (!conversion) throw new Error(`no conversion of ${kind} to ${joinAPIVersion(group, version)}`);
    return { ...conversion.fromStorage(stored), apiVersion: joinAPIVersion(group, version) };
  };
}
