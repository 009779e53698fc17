/**
 * Which Kubernetes release the in-process server is, when the test does not say. envtest runs the
 * binaries of ENVTEST_K8S_VERSION, which kubebuilder's Makefile derives from the project's k8s.io/api;
 * here the project's own record of its release is PROJECT's `kubernetesVersion` (the release whose
 * built-in types `manifests` writes into the CRDs), so tests run against the API the CRDs were made
 * for, however the tests are started (make test, vitest, an editor).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { isKubernetesApiVersion, KUBERNETES_API_VERSIONS } from '../../kube/kubernetes-api.js';

export interface KubernetesRelease {
  major: string;
  minor: string;
  /** Where it was read, for messages (`ENVTEST_K8S_VERSION`, `PROJECT:7`). */
  source: string;
}

/** `1.35`, `v1.35`, `1.35.2` (setup-envtest takes either form). */
const RELEASE = /^v?(1)\.(\d+)(?:\.\d+)?$/;

function shipped(value: string, source: string): KubernetesRelease {
  const m = RELEASE.exec(value.trim());
  if (!m || !isKubernetesApiVersion(`${m[1]}.${m[2]}`)) {
    throw new Error(`${source}: Kubernetes "${value}" is not a release the in-process API server has data for (${KUBERNETES_API_VERSIONS.join(', ')})`);
  }
  return { major: m[1], minor: m[2], source };
}

/**
 * ENVTEST_K8S_VERSION when set, else the `kubernetesVersion` of the PROJECT file in `dir` (the
 * directory tests run from, as CRD paths are relative to it); undefined when neither says, and the
 * server is then the newest release shipped. A release without data is an error naming its source.
 */
export function projectKubernetesRelease(dir: string, env: NodeJS.ProcessEnv = process.env): KubernetesRelease | undefined {
  const fromEnv = env.ENVTEST_K8S_VERSION;
  if (fromEnv !== undefined && fromEnv !== '') return shipped(fromEnv, 'ENVTEST_K8S_VERSION');
  const file = path.join(dir, 'PROJECT');
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  // A PROJECT that does not parse is `manifests`' to report; the release is simply not known.
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const node = doc.contents.get('kubernetesVersion', true);
  if (!isScalar(node) || node.value === null || node.value === undefined) return undefined;
  const [start, end] = node.range ?? [0, 0];
  // An unquoted 1.30 is the number 1.3 to YAML: the release is the text as written.
  const written = typeof node.value === 'string' ? node.value : text.slice(start, end);
  return shipped(written, `${file}:${lines.linePos(start).line}`);
}
