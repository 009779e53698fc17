/**
 * Descriptions from doc comments, as controller-gen extracts them: the doc group (JSDoc block or `//`
 * lines adjacent to the declaration), marker lines removed, leading/trailing blank lines dropped and
 * interior runs of blank lines collapsed, lines starting with TODO dropped, everything from a `---` line
 * on dropped (both not inside ``` or ~~~ code blocks), line breaks kept.
 */
import { Node, ts } from 'ts-morph';
import { type Comment, isMarkerComment, leadingComments } from './comments.js';

function linesOfComment(sf: ts.SourceFile, c: Comment): string[] {
  const raw = sf.text.slice(c.pos, c.end);
  if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
    const body = raw.slice(2);
    return [body.startsWith(' ') ? body.slice(1) : body];
  }
  const isJsDoc = raw.startsWith('/**') && raw !== '/**/';
  const body = raw.slice(isJsDoc ? 3 : 2, -2);
  const lines = body.split(/\r?\n/);
  return lines.map((line, i) => {
    if (isJsDoc) {
      // ` * text` -> `text`, keeping indentation after the one space that follows the star
      const m = /^\s*\* ?(.*)$/.exec(line);
      if (m && (i > 0 || /^\s*\*/.test(line))) return m[1];
      return i === 0 ? line.replace(/^ /, '') : line;
    }
    return line.trim();
  });
}

/**
 * Tool directives in `//` comments (`// eslint-disable-next-line`, `// @ts-expect-error`, ...) are not
 * documentation, as Go drops `//go:` directives from doc text.
 */
const DIRECTIVE = /^\s*(eslint-|@ts-|prettier-ignore|biome-ignore|istanbul ignore|c8 ignore)/;

function isDirective(sf: ts.SourceFile, c: Comment): boolean {
  return c.kind === ts.SyntaxKind.SingleLineCommentTrivia && DIRECTIVE.test(sf.text.slice(c.pos + 2, c.end));
}

/** The doc text of a group of comments, with marker comments removed (Go's CommentGroup.Text rules). */
export function commentGroupText(sf: ts.SourceFile, group: readonly Comment[]): string[] {
  const lines = group.filter((c) => !isMarkerComment(sf, c) && !isDirective(sf, c)).flatMap((c) => linesOfComment(sf, c).map((l) => l.replace(/\s+$/, '')));
  const out: string[] = [];
  for (const line of lines) {
    if (line !== '' || (out.length > 0 && out[out.length - 1] !== '')) out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** Applies Kubernetes' doc conventions: TODO lines dropped, text from a `---` line on dropped. */
export function formatDescription(lines: readonly string[]): string {
  const out: string[] = [];
  let inCode = false;
  for (const line of lines) {
    if (line.startsWith('```') || line.startsWith('~~~')) inCode = !inCode;
    if (!inCode) {
      if (line.startsWith('TODO')) continue;
      if (line.startsWith('---')) break;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** The description of a declaration or property from its doc comment ('' when it has none). */
export function extractDescription(node: Node | ts.Node): string {
  const tsNode: ts.Node = node instanceof Node ? node.compilerNode : node;
  const sf = tsNode.getSourceFile();
  const { doc } = leadingComments(sf, tsNode);
  if (doc === undefined) return '';
  return formatDescription(commentGroupText(sf, doc));
}
