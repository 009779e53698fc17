/**
 * Reads the Kubernetes objects of a set of files and directories (YAML, multi-document, or
 * JSON), as envtest reads CRDDirectoryPaths and WebhookInstallOptions.Paths.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isPlainObject, type KubeObject } from '../model/object.js';
import { parseYaml, YamlSyntaxError } from '../yaml.js';

const MANIFEST_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

export class ManifestError extends Error {
  override readonly name = 'ManifestError';
}

/** Where each loaded object came from (`file:line`), for errors about it later. */
const sources = new WeakMap<object, string>();

export function manifestSource(obj: object): string | undefined {
  return sources.get(obj);
}

/** Gives a changed copy of a manifest the file and line of its original. */
export function keepManifestSource<T extends object>(original: object, copy: T): T {
  const source = sources.get(original);
  if (source !== undefined) sources.set(copy, source);
  return copy;
}

async function filesUnder(target: string, missingIsError: boolean, what: string): Promise<string[]> {
  let info;
  try {
    info = await stat(target);
  } catch {
    if (missingIsError) throw new ManifestError(`${what} path ${target} does not exist`);
    return [];
  }
  if (info.isFile()) return [target];
  // Like envtest, a directory is read one level deep, in name order.
  const entries = await readdir(target, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && MANIFEST_EXTENSIONS.has(path.extname(e.name)))
    .map((e) => path.join(target, e.name))
    .sort();
}

/**
 * Parsed files by path, valid while size and mtime stay the same: a test suite starts many
 * environments from the same CRDs, and parsing a large CRD costs far more than the rest of start-up.
 */
const parsedFiles = new Map<string, { mtimeMs: number; size: number; json: string; lines: number[]; otherLines: number[] }>();

/**
 * Parses every document in `file`; each must be a Kubernetes object (kind and apiVersion set),
 * unless `skipOthers`, which passes over documents that are not (kustomization.yaml,
 * kustomizeconfig.yaml beside the manifests).
 */
export async function readManifestFile(file: string, options: { skipOthers?: boolean } = {}): Promise<KubeObject[]> {
  const info = await stat(file);
  const cached = parsedFiles.get(file);
  let entry = cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size ? cached : undefined;
  if (!entry) {
    const parsed = parseManifest(file, await readFile(file, 'utf8'));
    entry = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      json: JSON.stringify(parsed.objects.map((p) => p.object)),
      lines: parsed.objects.map((p) => p.line),
      otherLines: parsed.otherLines,
    };
    parsedFiles.set(file, entry);
  }
  if (entry.otherLines.length > 0 && !options.skipOthers) {
    throw new ManifestError(`${file}:${entry.otherLines[0]}: a Kubernetes object needs apiVersion and kind`);
  }
  const objects = JSON.parse(entry.json) as KubeObject[];
  objects.forEach((o, i) => sources.set(o, `${file}:${entry.lines[i]}`));
  return objects;
}

/** Splits a YAML stream at column-0 document markers, keeping each document's first line number. */
function splitDocuments(text: string): { text: string; firstLine: number }[] {
  const lines = text.split('\n');
  const docs: { text: string; firstLine: number }[] = [];
  let start = 0;
  const flush = (end: number): void => {
    docs.push({ text: lines.slice(start, end).join('\n'), firstLine: start + 1 });
  };
  lines.forEach((line, i) => {
    if (/^---(\s|$)/.test(line) || /^\.\.\.(\s|$)/.test(line)) {
      flush(i);
      // Content after `--- ` on the marker line belongs to the next document.
      lines[i] = line.startsWith('---') ? line.slice(3) : '';
      start = i;
    }
  });
  flush(lines.length);
  return docs;
}

function parseManifest(file: string, text: string): { objects: { object: KubeObject; line: number }[]; otherLines: number[] } {
  const out: { object: KubeObject; line: number }[] = [];
  const otherLines: number[] = [];
  for (const doc of splitDocuments(text)) {
    let value: unknown;
    try {
      value = parseYaml(doc.text);
    } catch (err) {
      if (!(err instanceof YamlSyntaxError)) throw err;
      throw new ManifestError(`${file}:${doc.firstLine + err.line}: invalid YAML: ${err.reason}`);
    }
    if (value === null || value === undefined) continue;
    const offset = doc.text.split('\n').findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    const line = doc.firstLine + Math.max(0, offset);
    if (!isPlainObject(value) || typeof value.kind !== 'string' || typeof value.apiVersion !== 'string') {
      otherLines.push(line);
      continue;
    }
    if (value.kind === 'List' && Array.isArray(value.items)) out.push(...(value.items as KubeObject[]).map((object) => ({ object, line })));
    else out.push({ object: value, line });
  }
  return { objects: out, otherLines };
}

/**
 * All objects of the given kinds found under `paths` (files or directories). With `skipOthers`,
 * documents that are not Kubernetes objects are passed over too (envtest's webhook reading:
 * config/webhook holds kustomization.yaml and kustomizeconfig.yaml beside manifests.yaml).
 */
export async function loadManifests(
  paths: string[],
  kinds: string[],
  options: { errorIfPathMissing: boolean; what: string; skipOthers?: boolean },
): Promise<KubeObject[]> {
  const out: KubeObject[] = [];
  for (const p of paths) {
    for (const file of await filesUnder(p, options.errorIfPathMissing, options.what)) {
      for (const obj of await readManifestFile(file, { skipOthers: options.skipOthers })) if (kinds.includes(String(obj.kind))) out.push(obj);
    }
  }
  return out;
}

/** CRDs must be apiextensions.k8s.io/v1; v1beta1 was removed in Kubernetes 1.22. */
export function checkCRDVersion(crd: KubeObject, source: string): void {
  if (crd.apiVersion !== 'apiextensions.k8s.io/v1') {
    throw new ManifestError(`${source}: CustomResourceDefinition ${crd.metadata?.name ?? ''} is ${String(crd.apiVersion)}; only apiextensions.k8s.io/v1 is served`);
  }
}
