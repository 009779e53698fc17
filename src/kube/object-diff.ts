/**
 * apimachinery's diff.Diff (k8s.io/apimachinery/pkg/util/diff), which kube-apiserver puts in
 * some messages (a claim's or a pod's refused spec change): both values as json.MarshalIndent
 * writes them with a one-space indent, then a unified diff of the lines with three lines of
 * context, hunk headers as go-difflib writes them and no file header.
 */
import { structuredPatch } from 'diff';
import { goJSONInOrder } from './go-format.js';

/** go-difflib's formatRangeUnified: `start` alone for one line, `start,length` otherwise. */
function range(start: number, length: number): string {
  if (length === 1) return String(start);
  return `${length === 0 ? start - 1 : start},${length}`;
}

/** diff.Diff(a, b): the unified diff of the two values' JSON, every line ending in a newline. */
export function objectDiff(a: unknown, b: unknown): string {
  const { hunks } = structuredPatch('', '', `${goJSONInOrder(a, 1)}\n`, `${goJSONInOrder(b, 1)}\n`, '', '', { context: 3 });
  return hunks
    .map((h) => `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@\n${h.lines.map((line) => `${line}\n`).join('')}`)
    .join('');
}
