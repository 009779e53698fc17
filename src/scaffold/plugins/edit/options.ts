// `edit`'s flags: the project-wide choices made at init that may change.
import type { License } from '../../../project/boilerplate.js';

export interface EditOptions {
  multigroup?: boolean;
  namespaced?: boolean;
  owner?: string;
  license?: License;
  /** PROJECT's kubernetesVersion: the Kubernetes release of the built-in types `manifests` writes. */
  kubernetesVersion?: string;
}
