// Where `create api --external-api-path` reads CRDs from: a YAML file (several documents), a folder of
// them, or an https URL (bounded in time and size). Each CRD keeps its file and the YAML nodes' lines,
// so that an error names the line of the schema node it is about.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, isMap, isNode, isScalar, isSeq, parseAllDocuments, type Document } from 'yaml';
import { UsageError } from '../../project/usage-error.js';
import { validateCustomResourceDefinition } from '../../apiextensions/validation/index.js';
import type { CustomResourceDefinition } from '../../kube/custom-resource-definition.js';
import type { DocumentPath } from './crd-to-typescript.js';

/** How long and how much a download may take: a CRD is text, the largest public ones a few MiB. */
export const CRD_DOWNLOAD_LIMITS = { timeoutMs: 30_000, maxBytes: 16 * 1024 * 1024 };

export interface LocatedCrd {
  crd: CustomResourceDefinition;
  /** The file (as the user named it, or the URL) and the line of the document's start. */
  file: string;
  /** `file:line` of a node of the document (its nearest existing ancestor). */
  where(path: DocumentPath): string;
}

/** Whether the flag names CRD YAML (a .yaml/.yml file, a folder, an https URL) rather than a TypeScript module. */
export function isCrdSource(flag: string, cwd: string): boolean {
  if (/^[a-z]+:\/\//i.test(flag)) return true;
  if (/\.ya?ml$/i.test(flag)) return true;
  const full = path.resolve(cwd, flag);
  return existsSync(full) && statSync(full).isDirectory() && readdirSync(full).some((f) => /\.ya?ml$/i.test(f));
}

/** Reads every CustomResourceDefinition of the source; anything else in it is an error naming its file and line. */
export async function readCrdSource(flag: string, cwd: string, limits = CRD_DOWNLOAD_LIMITS): Promise<LocatedCrd[]> {
  if (/^[a-z]+:\/\//i.test(flag)) return parseCrds(await download(flag, limits), flag);
  const full = path.resolve(cwd, flag);
  if (!existsSync(full)) throw new UsageError(`--external-api-path ${flag}: no such file or folder`);
  if (statSync(full).isDirectory()) {
    const files = readdirSync(full).filter((f) => /\.ya?ml$/i.test(f)).sort();
    if (files.length === 0) throw new UsageError(`--external-api-path ${flag}: the folder holds no .yaml or .yml file`);
    return files.flatMap((f) => parseCrds(readFileSync(path.join(full, f), 'utf8'), path.join(flag, f)));
  }
  return parseCrds(readFileSync(full, 'utf8'), flag);
}

/** The body of an https URL, within the limits (the time counts until the last byte). */
async function download(url: string, limits: typeof CRD_DOWNLOAD_LIMITS): Promise<string> {
  if (!url.startsWith('https://')) throw new UsageError(`--external-api-path ${url}: only https:// URLs are fetched`);
  const fail = (why: string): never => {
    throw new UsageError(`--external-api-path ${url}: ${why}`);
  };
  const tooLarge = `more than the ${limits.maxBytes} bytes a CRD download may have`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'follow' });
    if (!response.url.startsWith('https://')) fail(`redirected to ${response.url}, which is not https`);
    if (!response.ok) fail(`the server answered ${response.status} ${response.statusText}`);
    if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) fail(tooLarge);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        await response.body?.cancel();
        fail(tooLarge);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const e = err as Error & { cause?: Error };
    return fail(e.name === 'TimeoutError' ? `no complete answer within ${limits.timeoutMs / 1000} s` : `cannot download: ${e.cause?.message ?? e.message}`);
  }
}

/** The CRDs of one YAML text; a document that is not a CRD, or not valid YAML, is an error at its line. */
export function parseCrds(text: string, file: string): LocatedCrd[] {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: true });
  if (!Array.isArray(docs)) throw new UsageError(`${file}: not a YAML stream`);
  const out: LocatedCrd[] = [];
  for (const doc of docs) {
    const lineAt = (offset: number) => lines.linePos(offset).line;
    const error = doc.errors[0];
    if (error) throw new UsageError(`${file}:${lineAt(error.pos[0])}: ${error.message.split('\n')[0]}`);
    if (doc.contents === null) continue;
    const where = (p: DocumentPath) => `${file}:${lineAt(nodeOffset(doc, p))}`;
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    if (!isMap(doc.contents) || typeof value !== 'object' || value === null) throw new UsageError(`${where([])}: not a Kubernetes object (a YAML map with apiVersion and kind)`);
    const obj = value as { apiVersion?: unknown; kind?: unknown; spec?: { versions?: unknown } };
    if (obj.kind !== 'CustomResourceDefinition') throw new UsageError(`${where(['kind'])}: kind ${JSON.stringify(obj.kind ?? null)} is not a CustomResourceDefinition`);
    if (obj.apiVersion !== 'apiextensions.k8s.io/v1') {
      throw new UsageError(`${where(['apiVersion'])}: apiVersion ${JSON.stringify(obj.apiVersion ?? null)}: only apiextensions.k8s.io/v1 CRDs are read (v1beta1 is no longer served since Kubernetes 1.22; convert it first)`);
    }
    const crd = value as CustomResourceDefinition;
    for (const key of ['group', 'names', 'scope', 'versions'] as const) {
      if (crd.spec?.[key] === undefined) throw new UsageError(`${where(['spec'])}: a CRD needs spec.${key}`);
    }
    if (!Array.isArray(crd.spec.versions) || crd.spec.versions.length === 0) throw new UsageError(`${where(['spec', 'versions'])}: a CRD needs at least one version`);
    // kube-apiserver's defaults, set before it validates.
    const names = crd.spec.names as Partial<CustomResourceDefinition['spec']['names']>;
    if (typeof names.kind === 'string') {
      names.singular ??= names.kind.toLowerCase();
      names.listKind ??= `${names.kind}List`;
    }
    // What kube-apiserver would refuse is refused here, at its line: such a CRD has no types to give.
    const refused = validateCustomResourceDefinition(crd);
    if (refused.length > 0) {
      throw new UsageError(refused.slice(0, 5).map((c) => `${where(fieldPath(c.field))}: ${c.field}: ${c.message}`).join('\n') + (refused.length > 5 ? `\n(${refused.length - 5} more)` : ''));
    }
    out.push({ crd, file: where([]), where });
  }
  if (out.length === 0) throw new UsageError(`${file}: holds no CustomResourceDefinition`);
  return out;
}

/** A field path of an API error (`spec.versions[0].schema`) as a document path. */
function fieldPath(field: string): DocumentPath {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]|\[([^\]]*)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3] ?? '')));
}

/** The offset of the node at `p` (a map entry's key: the line that names it), or of its nearest ancestor that exists. */
function nodeOffset(doc: Document, p: DocumentPath): number {
  for (let n = p.length; n > 0; n--) {
    const parent = doc.getIn(p.slice(0, n - 1), true);
    const last = p[n - 1];
    if (isMap(parent)) {
      const pair = parent.items.find((i) => isScalar(i.key) && String(i.key.value) === String(last));
      if (pair && isNode(pair.key) && pair.key.range) return pair.key.range[0];
    } else if (isSeq(parent) && typeof last === 'number') {
      const item = parent.items[last];
      if (isNode(item) && item.range) return item.range[0];
    }
  }
  return doc.contents?.range?.[0] ?? 0;
}
