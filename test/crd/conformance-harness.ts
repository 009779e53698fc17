/**
 * Loads conformance YAML (../shared/conformance) and compares it with generated CRDs as parsed
 * objects, with a readable line diff on mismatch.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTwoFilesPatch } from 'diff';
import { parseAllDocuments, stringify } from 'yaml';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const conformanceDir = path.resolve(repoRoot, '..', 'shared', 'conformance');
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
