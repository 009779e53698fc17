// What the helm/v2-alpha chart tests share: the chart rendered by real Helm, config/default built by
// kubectl kustomize, both parsed and normalised so that they compare apart from Helm's labels, and
// the release steps against an API server (a function of a kubeconfig, for the real control plane).
import { execFileSync } from 'node:child_process';
import { parseAllDocuments, stringify } from 'yaml';
import { createPatch } from 'diff';
import { helm } from '../support/helm.js';

export type Obj = Record<string, unknown> & { kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> } };

export const chartDir = 'dist/chart';

function parseObjects(text: string): Obj[] {
  return parseAllDocuments(text).map((d) => d.toJS() as Obj).filter((o) => o !== null && typeof o === 'object');
}

/** `helm template` of the project's chart in `namespace`, with `--set` values. */
export function helmTemplate(dir: string, namespace: string, set: Record<string, string | number | boolean> = {}): Obj[] {
  const args = ['template', 'release', chartDir, '--namespace', namespace];
  for (const [k, v] of Object.entries(set)) args.push('--set', `${k}=${String(v)}`);
  return parseObjects(helm(args, { cwd: dir }));
}

export function kustomizeDefault(dir: string): Obj[] {
  return parseObjects(execFileSync('kubectl', ['kustomize', 'config/default'], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }));
}

/** The labels Helm's chart.labels helper adds, and the one kustomize's config sets in their place. */
const helmLabels = ['helm.sh/chart', 'app.kubernetes.io/managed-by', 'app.kubernetes.io/instance', 'app.kubernetes.io/version'];
/** What Helm alone reads: keeping CRDs on uninstall (crd.keep). */
const helmAnnotations = ['helm.sh/resource-policy'];

/** Drops nulls and empty maps and lists: `annotations:` with nothing in it is no annotation. */
function pruned(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(pruned);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const p = pruned(x);
      if (p === null || p === undefined) continue;
      if (typeof p === 'object' && Object.keys(p).length === 0) continue;
      out[k] = p;
    }
    return out;
  }
  return v;
}

/**
 * Objects as compared: without the Namespace (Helm installs into the release's), without the labels
 * that say who manages them and Helm's resource policy, empty fields dropped; keyed and sorted by kind/namespace/name.
 */
export function normalised(objects: Obj[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const o of objects.filter((x) => x.kind !== 'Namespace')) {
    const copy = structuredClone(o);
    for (const l of helmLabels) delete copy.metadata.labels?.[l];
    for (const a of helmAnnotations) delete copy.metadata.annotations?.[a];
    out.set(`${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, pruned(copy));
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** The differences of two object sets as a unified diff of their YAML, one file per object; '' when equal. */
export function objectDiff(expected: Map<string, unknown>, actual: Map<string, unknown>): string {
  const keys = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  const dump = (v: unknown) => (v === undefined ? '' : stringify(v, { sortMapEntries: true, lineWidth: 0 }));
  return keys
    .filter((k) => dump(expected.get(k)) !== dump(actual.get(k)))
    .map((k) => createPatch(k, dump(expected.get(k)), dump(actual.get(k)), 'kubectl kustomize config/default', 'helm template dist/chart'))
    .join('\n');
}

export function find(objects: Obj[], kind: string, nameSuffix = ''): Obj | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name.endsWith(nameSuffix));
}

export function kinds(objects: Obj[]): string[] {
  return [...new Set(objects.map((o) => o.kind))].sort();
}

/** The manager's container of the rendered Deployment. */
export function managerOf(objects: Obj[]): Record<string, unknown> & { args?: string[] } {
  const d = find(objects, 'Deployment') as unknown as { spec: { template: { spec: { containers: Array<Record<string, unknown>> } } } };
  return d.spec.template.spec.containers.find((c) => c.name === 'manager')!;
}

/**
 * Installs the chart as `release` into `namespace` of the API server `kubeconfig` names, waits for
 * nothing (the end-to-end test checks what it needs), and returns the uninstall step.
 */
export function installChart(dir: string, kubeconfig: string, release: string, namespace: string, set: Record<string, string> = {}): () => void {
  const args = ['install', release, chartDir, '--namespace', namespace, '--create-namespace'];
  for (const [k, v] of Object.entries(set)) args.push('--set', `${k}=${v}`);
  helm(args, { cwd: dir, kubeconfig });
  return () => void helm(['uninstall', release, '--namespace', namespace], { cwd: dir, kubeconfig });
}
