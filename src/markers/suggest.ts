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

/** The known name nearest to what the marker text seems to name, if it is near enough to be a typo. */
export function nearestMarkerName(text: string, known: readonly string[]): string | undefined {
  const { name, anonymousName } = splitMarker(text);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = Math.min(distance(candidate.toLowerCase(), anonymousName.toLowerCase()), distance(candidate.toLowerCase(), name.toLowerCase()));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const written = anonymousName.length;
  return best !== undefined && bestDistance <= Math.max(3, Math.ceil(written / 4)) ? best : undefined;
}
