/**
 * Loads conformance YAML (../shared/conformance) and compares it with generated CRDs as parsed
 * objects, with a readable line diff on mismatch.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { parseAllDocuments, stringify } from 'yaml';
import { conformanceDir, repoRoot } from '../support/shared.js';

export { conformanceDir, repoRoot };
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures', 'crd');

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The CRDs of a conformance file, tool-version annotation removed. */
export function loadExpected(relative: string): Json[] {
  const text = readFileSync(path.join(conformanceDir, relative), 'utf8');
  return parseAllDocuments(text)
    .map((d) => d.toJSON() as Json)
    .filter((d) => d !== null)
    .map((d) => withoutToolVersion(d, 'controller-gen.kubebuilder.io/version'));
}

export function withoutToolVersion(doc: Json, annotation: string): Json {
  const copy = structuredClone(doc) as { metadata?: { annotations?: Record<string, string> } };
  const annotations = copy.metadata?.annotations;
  if (annotations) {
    delete annotations[annotation];
    if (Object.keys(annotations).length === 0) delete copy.metadata!.annotations;
  }
  return copy as Json;
}

/** Sorted-key YAML, the canonical text both sides are diffed as. */
export function canonical(value: unknown): string {
  return stringify(JSON.parse(JSON.stringify(value)), { sortMapEntries: true, lineWidth: 0 });
}

/** A unified diff of two objects, limited to `maxLines` lines; empty when equal. */
export function objectDiff(expected: unknown, actual: unknown, maxLines = 120): string {
  const a = canonical(expected);
  const b = canonical(actual);
  if (a === b) return '';
  const patch = createTwoFilesPatch('expected', 'generated', a, b, '', '', { context: 3 }).split('\n');
  return patch.slice(0, maxLines).join('\n') + (patch.length > maxLines ? `\n... ${patch.length - maxLines} more diff lines` : '');
}

/** Counts the changed lines of a diff (for status reports). */
export function changedLines(expected: unknown, actual: unknown): number {
  const a = canonical(expected);
  const b = canonical(actual);
  if (a === b) return 0;
  return createTwoFilesPatch('e', 'g', a, b, '', '', { context: 0 })
    .split('\n')
    .filter((l) => /^[-+][^-+]/.test(l) || l === '-' || l === '+').length;
}

const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

type SchemaJson = { [k: string]: unknown };

/**
 * What the chosen source of Kubernetes built-in schemas (@kubernetes/client-node's models) does
 * not carry, removed from both sides inside the subtrees that come from it: descriptions (line
 * breaks are lost there, and a property whose type is another model carries that model's
 * description instead of its own), list/map topology, `+default` values, and resource.Quantity
 * (a plain string there).
 */
function normalizeBuiltin(schema: SchemaJson): void {
  delete schema.description;
  for (const key of ['x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type', 'default']) delete schema[key];
  if (schema.pattern === QUANTITY_PATTERN && Array.isArray(schema.anyOf)) {
    delete schema.pattern;
    delete schema.anyOf;
    delete schema['x-kubernetes-int-or-string'];
    schema.type = 'string';
  }
  const children: unknown[] = [];
  if (schema.items) children.push(schema.items);
  if (schema.properties) children.push(...Object.values(schema.properties as object));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') children.push(schema.additionalProperties);
  for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(schema[k])) children.push(...(schema[k] as unknown[]));
  for (const c of children) normalizeBuiltin(c as SchemaJson);
}

/** A path from a version's openAPIV3Schema: property names, `[]` for array items. */
export type SchemaPath = readonly string[];

/** Applies normalizeBuiltin to the subtrees at `paths` of every version of a CRD object. */
export function normalizeBuiltinSubtrees(crd: unknown, paths: readonly SchemaPath[]): unknown {
  const copy = structuredClone(crd) as { spec?: { versions?: { schema?: { openAPIV3Schema?: SchemaJson } }[] } };
  for (const version of copy.spec?.versions ?? []) {
    const root = version.schema?.openAPIV3Schema;
    if (!root) continue;
    for (const p of paths) {
      let node: SchemaJson | undefined = root;
      for (const step of p) {
        if (!node) break;
        node = (step === '[]' ? node.items : (node.properties as Record<string, SchemaJson> | undefined)?.[step]) as SchemaJson | undefined;
      }
      if (node) normalizeBuiltin(node);
    }
  }
  return copy;
}

/**
 * A difference between the Kubernetes API the goldens were generated against (k8s.io/api 1.35)
 * and the one @kubernetes/client-node 1.4 describes (1.34), applied to the expected side.
 */
export type ApiSkew =
  | { kind: 'newField'; field: string; why: string }
  | { kind: 'nowOptional'; parent: string; field: string; why: string };

function visitProperties(schema: SchemaJson, fn: (name: string, prop: SchemaJson, owner: SchemaJson) => void): void {
  const props = schema.properties as Record<string, SchemaJson> | undefined;
  if (props) {
    for (const [name, prop] of Object.entries(props)) {
      fn(name, prop, schema);
      visitProperties(prop, fn);
    }
  }
  if (schema.items) visitProperties(schema.items as SchemaJson, fn);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') visitProperties(schema.additionalProperties as SchemaJson, fn);
}

export function applyApiSkew(crd: unknown, skews: readonly ApiSkew[]): unknown {
  const copy = structuredClone(crd) as { spec?: { versions?: { schema?: { openAPIV3Schema?: SchemaJson } }[] } };
  for (const version of copy.spec?.versions ?? []) {
    const root = version.schema?.openAPIV3Schema;
    if (!root) continue;
    for (const skew of skews) {
      visitProperties(root, (name, prop, owner) => {
        if (skew.kind === 'newField' && name === skew.field) delete (owner.properties as Record<string, unknown>)[name];
        if (skew.kind === 'nowOptional' && name === skew.parent) {
          const target = (prop.items ?? prop) as SchemaJson;
          const required = (target.required as string[] | undefined) ?? [];
          if (!required.includes(skew.field)) target.required = [...required, skew.field].sort();
        }
      });
    }
  }
  return copy;
}
