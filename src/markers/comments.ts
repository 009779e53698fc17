/**
 * Comment groups as Go's parser forms them: comments with no blank line between them form one group.
 * A declaration's doc group is the group ending on the line just above it; controller-gen also reads
 * the group above the doc group (the "marker block", usually separated by a blank line).
 */
import { ts } from 'ts-morph';

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

function lineOf(sf: ts.SourceFile, pos: number): number {
  return sf.getLineAndCharacterOfPosition(pos).line;
}

/** Comments between `pos` and the next token, excluding a comment on the same line as the previous token. */
export function commentGroupsAt(sf: ts.SourceFile, pos: number): CommentGroup[] {
  const ranges = ts.getLeadingCommentRanges(sf.text, pos) ?? [];
  const groups: Comment[][] = [];
  let previous: Comment | undefined;
  for (const r of ranges) {
    const c: Comment = {
      pos: r.pos,
      end: r.end,
      kind: r.kind,
      startLine: lineOf(sf, r.pos),
      endLine: lineOf(sf, r.end),
    };
    if (previous !== undefined && c.startLine <= previous.endLine + 1) (groups[groups.length - 1] as Comment[]).push(c);
    else groups.push([c]);
    previous = c;
  }
  return groups;
}

export function leadingComments(sf: ts.SourceFile, node: ts.Node): LeadingComments {
  const groups = commentGroupsAt(sf, node.pos);
  const startLine = lineOf(sf, node.getStart(sf));
  const last = groups[groups.length - 1];
  const hasDoc = last !== undefined && last[last.length - 1]!.endLine >= startLine - 1;
  const markerIndex = hasDoc ? groups.length - 2 : groups.length - 1;
  return {
    earlier: groups.slice(0, Math.max(0, markerIndex)),
    markerBlock: markerIndex >= 0 ? groups[markerIndex] : undefined,
    doc: hasDoc ? last : undefined,
  };
}

/** The text of a `//` comment after the slashes, or undefined for block comments. */
export function lineCommentText(sf: ts.SourceFile, c: Comment): string | undefined {
  if (c.kind !== ts.SyntaxKind.SingleLineCommentTrivia) return undefined;
  return sf.text.slice(c.pos + 2, c.end);
}

/** Whether a comment is a marker: a `//` comment whose text, trimmed, starts with `+`. */
export function isMarkerComment(sf: ts.SourceFile, c: Comment): boolean {
  const text = lineCommentText(sf, c);
  return text !== undefined && text.trim().startsWith('+');
}
