/**
 * The annotations config/crd/kustomization.yaml adds to the CRDs `manifests` writes: its
 * commonAnnotations, and its patches (strategic-merge or JSON 6902, inline or in a file) that set
 * metadata.annotations. Projects in protected groups (`*.k8s.io`) add api-approved.kubernetes.io
 * that way, after generation, as gateway-api does; `manifests` then counts it as present.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function readYamlDocuments(text: string): unknown[] {
  try {
    return parseAllDocuments(text).map((d) => d.toJSON() as unknown);
  } catch {
    return [];
  }
}

/** Annotation keys a patch (parsed YAML: an object or a list of JSON 6902 operations) sets. */
function patchAnnotations(patch: unknown): string[] {
  if (Array.isArray(patch)) {
    const keys: string[] = [];
    for (const op of patch) {
      if (!isObject(op) || (op.op !== 'add' && op.op !== 'replace') || typeof op.path !== 'string') continue;
      if (op.path === '/metadata/annotations' && isObject(op.value)) keys.push(...Object.keys(op.value));
      const m = /^\/metadata\/annotations\/(.+)$/.exec(op.path);
      if (m) keys.push(m[1].replace(/~1/g, '/').replace(/~0/g, '~'));
    }
    return keys;
  }
  const annotations = isObject(patch) && isObject(patch.metadata) ? patch.metadata.annotations : undefined;
  return isObject(annotations) ? Object.keys(annotations) : [];
}

/**
 * For each CRD name, the annotation keys `<configDir>/crd/kustomization.yaml` adds to it (a patch
 * with a `target.name` applies to that CRD only). Nothing when the file is missing or unreadable.
 */
export function crdKustomizationAnnotations(configDir: string): (crdName: string) => ReadonlySet<string> {
  const crdDir = path.join(configDir, 'crd');
  const file = path.join(crdDir, 'kustomization.yaml');
  const all = new Set<string>();
  const byName = new Map<string, Set<string>>();
  const kustomization = existsSync(file) ? readYamlDocuments(readFileSync(file, 'utf8'))[0] : undefined;
  if (isObject(kustomization)) {
    if (isObject(kustomization.commonAnnotations)) for (const k of Object.keys(kustomization.commonAnnotations)) all.add(k);
    const patches = [
      ...(Array.isArray(kustomization.patches) ? (kustomization.patches as unknown[]) : []),
      ...(Array.isArray(kustomization.patchesStrategicMerge) ? (kustomization.patchesStrategicMerge as unknown[]).map((p) => (typeof p === 'string' && !p.includes('\n') ? { path: p } : { patch: p })) : []),
    ];
    for (const entry of patches) {
      if (!isObject(entry)) continue;
      let documents: unknown[] = [];
      if (typeof entry.patch === 'string') documents = readYamlDocuments(entry.patch);
      else if (typeof entry.path === 'string') {
        const patchFile = path.resolve(crdDir, entry.path);
        if (patchFile.startsWith(path.resolve(configDir) + path.sep) && existsSync(patchFile)) documents = readYamlDocuments(readFileSync(patchFile, 'utf8'));
      }
      for (const document of documents) {
        // A strategic-merge patch without a target applies to the object its own metadata names.
        const named = isObject(document) && isObject(document.metadata) && typeof document.metadata.name === 'string' ? document.metadata.name : undefined;
        const target = isObject(entry.target) && typeof entry.target.name === 'string' ? entry.target.name : named;
        const into = target === undefined ? all : byName.get(target) ?? byName.set(target, new Set()).get(target)!;
        for (const k of patchAnnotations(document)) into.add(k);
      }
    }
  }
  return (crdName) => new Set([...all, ...(byName.get(crdName) ?? [])]);
}
