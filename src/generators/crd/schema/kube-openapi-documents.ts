/**
 * Reading Kubernetes' OpenAPI documents (`--kube-openapi <file|dir>`): what a cluster serves at
 * `/openapi/v3/apis/<group>/<version>` (or `/openapi/v2`), or a release's
 * `api/openapi-spec/v3/*.json`. A path is a file or a directory (every `*.json` directly in it).
 * Accepts the v3 shape `{ components: { schemas } }` and the v2 shape `{ definitions }`; the
 * schemas of all documents are pooled by component name (`io.k8s.api.core.v1.Container`), the
 * first document (in the order given, a directory's files by name) winning for a name twice seen.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isJsonObject } from '../../../kube/json-values.js';
import { MAX_NESTING } from '../../../markers/index.js';

/** A schema as the document has it (OpenAPI v2 or v3 JSON). */
export type OpenApiSchema = Record<string, unknown>;

export class KubeOpenApiError extends Error {}

/** The component name a `$ref` of either shape names (`#/components/schemas/<name>`, `#/definitions/<name>`). */
export function componentOfRef(ref: string): string {
  const m = /^#\/(?:components\/schemas|definitions)\/(.+)$/.exec(ref);
  return m ? m[1] : ref;
}

/** The files a given path stands for, each with the name errors use (as given, relative to baseDir). */
function filesOf(given: string, baseDir: string): { file: string; shown: string }[] {
  const abs = path.resolve(baseDir, given);
  let stat;
  try {
    stat = statSync(abs);
  } catch {
    throw new KubeOpenApiError(`--kube-openapi ${given}: no such file or directory`);
  }
  if (!stat.isDirectory()) return [{ file: abs, shown: given }];
  const names = readdirSync(abs)
    .filter((n) => n.endsWith('.json'))
    .sort();
  if (names.length === 0) throw new KubeOpenApiError(`--kube-openapi ${given}: the directory has no .json files`);
  return names.map((n) => ({ file: path.join(abs, n), shown: path.join(given, n) }));
}

function schemasOf(document: unknown, shown: string): Record<string, unknown> {
  if (isJsonObject(document)) {
    const components = document.components;
    if (isJsonObject(components) && isJsonObject(components.schemas) && Object.keys(components.schemas).length > 0) return components.schemas;
    if (isJsonObject(document.definitions) && Object.keys(document.definitions).length > 0) return document.definitions;
  }
  throw new KubeOpenApiError(
    `--kube-openapi ${shown}: not a Kubernetes OpenAPI document: it has no schemas (components.schemas in v3, definitions in v2)`,
  );
}

/**
 * The offset of the `{` or `[` that nests past MAX_NESTING in JSON text, or -1: the schema
 * converter and the flatten pass walk schemas (and their defaults) recursively. Real documents
 * nest about 10 levels (their schemas refer to each other by `$ref`).
 */
function nestingPastLimit(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_NESTING) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}

/** Every component schema of the documents at `paths` (relative to `baseDir`), by name. Throws KubeOpenApiError naming the file. */
export function readKubeOpenApiDocuments(paths: readonly string[], baseDir: string): Map<string, OpenApiSchema> {
  const out = new Map<string, OpenApiSchema>();
  for (const given of paths) {
    for (const { file, shown } of filesOf(given, baseDir)) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        throw new KubeOpenApiError(`--kube-openapi ${shown}: cannot read: ${(e as Error).message}`);
      }
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch (e) {
        throw new KubeOpenApiError(`--kube-openapi ${shown}: invalid JSON: ${(e as Error).message}`);
      }
      const tooDeep = nestingPastLimit(text);
      if (tooDeep >= 0) {
        const line = text.slice(0, tooDeep).split('\n').length;
        throw new KubeOpenApiError(`--kube-openapi ${shown}:${line}: nested more than ${MAX_NESTING} levels deep (each JSON object and array adds a level; no real API comes near this)`);
      }
      for (const [name, schema] of Object.entries(schemasOf(document, shown))) {
        if (!out.has(name) && isJsonObject(schema)) out.set(name, schema);
      }
    }
  }
  return out;
}
