/**
 * One YAML document to a plain value, as the test server and the environment read manifests and
 * request bodies: the YAML 1.2 core schema (`on`, `yes`, `0777`, `2026-01-02` keep their 1.2
 * meaning: strings, 777 and a string), duplicate keys and unknown tags are errors.
 */
import { parseDocument, type Document, type LineCounter } from 'yaml';

export class YamlSyntaxError extends Error {
  override readonly name = 'YamlSyntaxError';
  /** 0-based line of the problem within the parsed text. */
  readonly line: number;
  readonly reason: string;
  constructor(reason: string, line: number) {
    super(`${reason} (line ${line + 1})`);
    this.reason = reason;
    this.line = line;
  }
}

export function parseYaml(text: string): unknown {
  return parseYamlDocument(text).toJS();
}

/**
 * The document of one YAML text, refused with YamlSyntaxError on its first error or warning;
 * with `keepDuplicateKeys` a key named twice in a map is kept (toJS then keeps the last value).
 */
export function parseYamlDocument(text: string, options: { keepDuplicateKeys?: boolean; lineCounter?: LineCounter } = {}): Document {
  // prettyErrors off: messages are the bare reason; the line is computed here.
  const doc = parseDocument(text, { schema: 'core', prettyErrors: false, uniqueKeys: !options.keepDuplicateKeys, lineCounter: options.lineCounter });
  // A warning (e.g. an unresolved tag) would silently change the value; treat it as an error.
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const offset = problem.pos[0];
    let line = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    throw new YamlSyntaxError(problem.message, line);
  }
  return doc;
}
