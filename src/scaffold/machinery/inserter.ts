// Edits of existing files through the `+kubebuilder:scaffold:<point>` comments that templates leave,
// and through commented-out blocks that a later command switches on. Both are idempotent: a
// fragment already present is not inserted again, and a block already uncommented stays as it is.

export function scaffoldMarker(point: string): string {
  return `+kubebuilder:scaffold:${point}`;
}

export class MarkerNotFoundError extends Error {
  constructor(readonly point: string) {
    super(`insertion point "${scaffoldMarker(point)}" not found`);
  }
}

/**
 * Inserts each fragment (one or more lines; a final newline is dropped, so end it with two to leave
 * a blank line) just above the line holding the marker, indented like that line. A fragment whose
 * lines already occur in the file is skipped.
 */
export function insertAtMarker(content: string, point: string, fragments: string[]): string {
  const marker = scaffoldMarker(point);
  const lines = content.split('\n');
  const at = lines.findIndex((line) => line.includes(marker) && line.trimEnd().endsWith(marker));
  if (at < 0) throw new MarkerNotFoundError(point);
  const indent = /^\s*/.exec(lines[at])![0];
  const additions: string[] = [];
  let current = content;
  for (const fragment of fragments) {
    const fragmentLines = fragment.replace(/\n$/, '').split('\n');
    const indented = fragmentLines.map((l) => (l === '' ? '' : indent + l));
    if (alreadyPresent(current, indented)) continue;
    additions.push(...indented);
    current += `\n${indented.join('\n')}`;
  }
  if (additions.length === 0) return content;
  lines.splice(at, 0, ...additions);
  return lines.join('\n');
}

function alreadyPresent(content: string, fragmentLines: string[]): boolean {
  const lines = content.split('\n').map((l) => l.trimEnd());
  const wanted = fragmentLines.map((l) => l.trimEnd());
  outer: for (let i = 0; i + wanted.length <= lines.length; i++) {
    for (let j = 0; j < wanted.length; j++) {
      if (lines[i + j] !== wanted[j]) continue outer;
    }
    return true;
  }
  return false;
}

/**
 * Removes the comment prefix from every line of `block` where the block occurs commented out
 * (each of its lines written with `prefix` in front). Returns the content unchanged when the block
 * is not found commented out (`containsLines` tells whether it is there already, uncommented).
 */
export function uncommentBlock(content: string, block: string, prefix = '#'): string {
  const blockLines = block.split('\n');
  const commented = blockLines.map((l) => prefix + l).join('\n');
  const at = findWholeLines(content, commented);
  if (at < 0) return content;
  return content.slice(0, at) + blockLines.join('\n') + content.slice(at + commented.length);
}

export function containsLines(content: string, block: string): boolean {
  return findWholeLines(content, block) >= 0;
}

// Index of `block` in `content` where it starts at a line start and ends at a line end.
function findWholeLines(content: string, block: string): number {
  let from = 0;
  for (;;) {
    const at = content.indexOf(block, from);
    if (at < 0) return -1;
    const startsLine = at === 0 || content[at - 1] === '\n';
    const end = at + block.length;
    const endsLine = end === content.length || content[end] === '\n';
    if (startsLine && endsLine) return at;
    from = at + 1;
  }
}
