/**
 * Loads conformance YAML (../shared/conformance) and compares it with generated CRDs as parsed
 * objects, with a readable line diff on mismatch.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { parseAllDocuments, stringify } from 'yaml';
import { oneOfRule } from '../../src/generators/crd/markers/schema-markers.js';
import { conformanceDir, repoRoot } from '../support/shared-paths.js';

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
  return copy;
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

/**
 * How the descriptions of a generated CRD differ from controller-gen's. Built-in types' texts come
 * from the kubernetes-models package (the repository's devDependency) or, without it, from
 * @kubernetes/client-node. Both carry OpenAPI's texts, which join the Go comment's lines
 * (`lineBreaks`); client-node has no doc for a field whose type is another model, so the type's
 * doc shows instead (`otherText`); Go-only prose and fields newer than the package's Kubernetes
 * release have none (`missing`).
 */
export interface DescriptionDifferences {
  lineBreaks: number;
  otherText: number;
  missing: number;
}

const sameWords = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * `actual` with each description that differs from `expected`'s at the same place replaced by the
 * expected one (and one that only `expected` has added), and the count of each kind of difference.
 * Everything else is left for the caller to compare exactly.
 */
export function alignDescriptions(expected: unknown, actual: unknown): { actual: unknown; differences: DescriptionDifferences } {
  const differences: DescriptionDifferences = { lineBreaks: 0, otherText: 0, missing: 0 };
  const walk = (e: unknown, a: unknown): unknown => {
    if (Array.isArray(e) && Array.isArray(a)) return a.map((item, i) => walk(e[i], item));
    if (!e || !a || typeof e !== 'object' || typeof a !== 'object' || Array.isArray(e) || Array.isArray(a)) return a;
    const eo = e as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(a as Record<string, unknown>)) out[k] = walk(eo[k], v);
    const ed = eo.description;
    const ad = out.description;
    if (typeof ed === 'string' && ed !== ad && (typeof eo.type === 'string' || eo.properties || eo.items || eo.anyOf || 'x-kubernetes-preserve-unknown-fields' in eo)) {
      if (typeof ad !== 'string') differences.missing++;
      else if (sameWords(ed, ad)) differences.lineBreaks++;
      else differences.otherText++;
      out.description = ed;
    }
    return out;
  };
  return { actual: walk(expected, actual), differences };
}


/**
 * controller-tools' own testdata goldens (../shared/conformance/controller-gen/crd, annotated
 * `(devel)`) come from its main branch after v0.21.0, where commit ce5d8844 made the oneOf
 * markers' rules cheaper. scaffolder writes released v0.21.0's form (oneOfRule); this turns the
 * golden's rules of those markers, recognised by their fixed messages, back into that form.
 */
export function asReleasedOneOfRules(crd: unknown): unknown {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    const message = out.message;
    const rule = out.rule;
    if (typeof message === 'string' && typeof rule === 'string') {
      const m = /^(at most one|exactly one|at least one) of the fields in \[(.*)\] (?:may|must) be set$/.exec(message);
      if (m) {
        const comparison = m[1] === 'at most one' ? '<= 1' : m[1] === 'exactly one' ? '== 1' : '>= 1';
        out.rule = oneOfRule(m[2].split(' '), comparison);
      }
    }
    return out;
  };
  return walk(crd);
}
