import { distance } from 'fastest-levenshtein';
import { splitMarker } from './grammar.js';

/** Marker prefixes whose unknown names we report; controller-gen silently ignores them. */
export const CHECKED_PREFIXES = ['kubebuilder:', 'k8s:'] as const;

/** Scaffold insertion points (`+kubebuilder:scaffold:imports`) are for the CLI, never reported. */
const SCAFFOLD_PREFIX = 'kubebuilder:scaffold:';

export function isCheckedMarker(text: string): boolean {
  const body = text.startsWith('+') ? text.slice(1) : text;
  if (body.startsWith(SCAFFOLD_PREFIX)) return false;
  if (CHECKED_PREFIXES.some((p) => body.startsWith(p))) return true;
  // a misspelt prefix (`+kubebuidler:...`) would otherwise pass silently
  const head = body.split(/[:=]/)[0] ?? '';
  return body.includes(':') && head.length > 3 && distance(head.toLowerCase(), 'kubebuilder') <= 2;
}

/** How many leading `:` segments two names (already split) have in common. */
function sharedSegments(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * The known name nearest to what the marker text seems to name, if it is near enough to be a typo.
 * Candidates are ranked by how many leading segments they share with what was written
 * (`kubebuilder:webhook:path` is nearer `kubebuilder:webhook` than `kubebuilder:default`), then by edit
 * distance. A candidate is near enough when the written name starts with all its segments, or when both
 * the whole names and the parts after the shared segments are a few edits apart (so a different word in
 * place of a segment, `webhook` for `default`, is not taken for a typo).
 */
export function nearestMarkerName(text: string, known: readonly string[]): string | undefined {
  const { name, anonymousName } = splitMarker(text);
  // the whole name before `=`, and the name without its last segment (an argument name)
  const forms = (name === anonymousName ? [anonymousName] : [anonymousName, name]).map((f) => {
    const lower = f.toLowerCase();
    return { lower, segments: lower.split(':') };
  });
  const writtenSegments = forms[0].segments;
  const maxDistance = Math.max(3, Math.ceil(anonymousName.length / 4));
  let best: string | undefined;
  let bestShared = -1;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    const segments = lower.split(':');
    const shared = sharedSegments(segments, writtenSegments);
    if (shared < bestShared) continue;
    let d = Infinity;
    for (const f of forms) d = Math.min(d, distance(lower, f.lower));
    if (shared === bestShared && d >= bestDistance) continue;
    if (shared < segments.length) {
      if (d > maxDistance) continue;
      const tail = segments.slice(shared).join(':');
      let tailDistance = Infinity;
      let tailLength = 0;
      for (const f of forms) {
        const writtenTail = f.segments.slice(shared).join(':');
        const td = distance(tail, writtenTail);
        if (td < tailDistance) [tailDistance, tailLength] = [td, writtenTail.length];
      }
      if (tailDistance > Math.max(2, Math.ceil(tailLength / 3))) continue;
    }
    best = candidate;
    bestShared = shared;
    bestDistance = d;
  }
  return best;
}
