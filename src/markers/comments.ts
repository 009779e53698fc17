/**
 * Comment groups as Go's parser forms them: comments with no blank line between them form one group.
 * A declaration's doc group is the group ending on the line just above it; controller-gen also reads
 * the group above the doc group (the "marker block", usually separated by a blank line).
 */
import { ts } from 'ts-morph';

// read once: properties of the `ts` namespace are getters
const SINGLE_LINE = ts.SyntaxKind.SingleLineCommentTrivia;
const isWhiteSpaceLike = ts.isWhiteSpaceLike;

export interface Comment {
  readonly pos: number;
  readonly end: number;
  readonly kind: ts.SyntaxKind.SingleLineCommentTrivia | ts.SyntaxKind.MultiLineCommentTrivia;
  /** 0-based lines. */
  readonly startLine: number;
  readonly endLine: number;
}

export type CommentGroup = readonly Comment[];

export interface LeadingComments {
  /** Groups above the marker block (package-level when the node is top-level, otherwise ignored). */
  readonly earlier: readonly CommentGroup[];
  /** The group just above the doc group, or the last group when the node has no doc group. */
  readonly markerBlock: CommentGroup | undefined;
  /** The group adjacent to the node. */
  readonly doc: CommentGroup | undefined;
}

const lineStartsCache = new WeakMap<ts.SourceFile, readonly number[]>();

/**
 * The offsets at which the file's lines start, as sf.getLineStarts() gives them. Files with only `\n`
 * line breaks (almost all) are split with indexOf, several times faster than TypeScript's per-character
 * loop, which would otherwise be a large share of reading markers.
 */
export function lineStarts(sf: ts.SourceFile): readonly number[] {
  let starts = lineStartsCache.get(sf);
  if (starts === undefined) {
    const text = sf.text;
    if (/[\r\u2028\u2029]/.test(text)) {
      starts = sf.getLineStarts();
    } else {
      const found = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) found.push(i + 1);
      starts = found;
    }
    lineStartsCache.set(sf, starts);
  }
  return starts;
}

/** The 0-based line of an offset (sf.getLineAndCharacterOfPosition(pos).line). */
export function lineOf(sf: ts.SourceFile, pos: number): number {
  return lineIn(lineStarts(sf), pos);
}

function lineIn(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid]) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Comments between `pos` and the next token, excluding a comment on the same line as the previous token. */
export function commentGroupsAt(sf: ts.SourceFile, pos: number): CommentGroup[] {
  const ranges = ts.getLeadingCommentRanges(sf.text, pos);
  if (ranges === undefined) return [];
  const starts = lineStarts(sf);
  const groups: Comment[][] = [];
  let previous: Comment | undefined;
  for (const r of ranges) {
    const startLine = lineIn(starts, r.pos);
    const c: Comment = {
      pos: r.pos,
      end: r.end,
      kind: r.kind,
      startLine,
      // a `//` comment ends on its own line
      endLine: r.kind === SINGLE_LINE ? startLine : lineIn(starts, r.end),
    };
    if (previous !== undefined && c.startLine <= previous.endLine + 1) (groups[groups.length - 1]).push(c);
    else groups.push([c]);
    previous = c;
  }
  return groups;
}

/**
 * The line of a node's first token, given the end of its last leading comment: only whitespace can
 * separate the two, so this skips that instead of re-scanning all the comments (node.getStart) again.
 */
function startLineAfter(sf: ts.SourceFile, node: ts.Node, lastCommentEnd: number): number {
  const text = sf.text;
  let pos = lastCommentEnd;
  for (; pos < text.length; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) continue;
    if (c < 0x80 || !isWhiteSpaceLike(c)) break;
  }
  const c = text.charCodeAt(pos);
  // a merge-conflict marker is trivia too: let the scanner decide
  if (c === 0x3c || c === 0x3d || c === 0x3e || c === 0x7c) return lineOf(sf, node.getStart(sf));
  return lineOf(sf, pos);
}

/** Leading comments by node, per source file (a re-parsed file is a new SourceFile, so entries never go stale). */
const leadingCache = new WeakMap<ts.SourceFile, WeakMap<ts.Node, LeadingComments>>();

/** The collector and extractDescription both read a node's leading comments: scan them once. */
export function leadingComments(sf: ts.SourceFile, node: ts.Node): LeadingComments {
  let forFile = leadingCache.get(sf);
  if (forFile === undefined) leadingCache.set(sf, (forFile = new WeakMap()));
  let found = forFile.get(node);
  if (found === undefined) forFile.set(node, (found = scanLeadingComments(sf, node)));
  return found;
}

function scanLeadingComments(sf: ts.SourceFile, node: ts.Node): LeadingComments {
  const groups = commentGroupsAt(sf, node.pos);
  const last = groups[groups.length - 1];
  if (last === undefined) return { earlier: [], markerBlock: undefined, doc: undefined };
  const lastComment = last[last.length - 1];
  const hasDoc = lastComment.endLine >= startLineAfter(sf, node, lastComment.end) - 1;
  const markerIndex = hasDoc ? groups.length - 2 : groups.length - 1;
  return {
    earlier: groups.slice(0, Math.max(0, markerIndex)),
    markerBlock: markerIndex >= 0 ? groups[markerIndex] : undefined,
    doc: hasDoc ? last : undefined,
  };
}

/** The text of a `//` comment after the slashes, or undefined for block comments. */
export function lineCommentText(sf: ts.SourceFile, c: Comment): string | undefined {
  if (c.kind !== SINGLE_LINE) return undefined;
  return sf.text.slice(c.pos + 2, c.end);
}

/** The characters String.prototype.trim removes (WhiteSpace and LineTerminator). */
function isTrimmed(ch: number): boolean {
  return (
    ch === 0x20 ||
    (ch >= 0x09 && ch <= 0x0d) ||
    ch === 0xa0 ||
    ch === 0x1680 ||
    (ch >= 0x2000 && ch <= 0x200a) ||
    ch === 0x2028 ||
    ch === 0x2029 ||
    ch === 0x202f ||
    ch === 0x205f ||
    ch === 0x3000 ||
    ch === 0xfeff
  );
}

/** Whether a comment is a marker: a `//` comment whose text, trimmed, starts with `+` (checked in place: most comments are not). */
export function isMarkerComment(sf: ts.SourceFile, c: Comment): boolean {
  if (c.kind !== SINGLE_LINE) return false;
  const text = sf.text;
  let pos = c.pos + 2;
  while (pos < c.end && isTrimmed(text.charCodeAt(pos))) pos++;
  return pos < c.end && text.charCodeAt(pos) === 0x2b;
}
