/**
 * A YAML file the user writes (PROJECT, grafana/custom-metrics/config.yaml), read as a value with
 * the `file:line` of each node for error messages. What the yaml library refuses is a usage error
 * naming the file and line: bad syntax, and aliases that expand past its limit (an "alias bomb":
 * a few lines whose aliases of aliases would expand to gigabytes).
 */
import { LineCounter, parseDocument, visit } from 'yaml';
import { UsageError } from './usage-error.js';

export interface YamlFile {
  readonly value: unknown;
  /** `file:line` of the value at `path`, or just `file` when there is none. */
  at: (...path: Array<string | number>) => string;
}

export function readYamlFile(text: string, file: string): YamlFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const located = (line: number | undefined) => `${file}${line ? `:${line}` : ''}`;
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    throw new UsageError(`${located(e.linePos?.[0]?.line)}: not valid YAML: ${e.message.split('\n')[0]}`);
  }
  const at = (...path: Array<string | number>): string => {
    const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
    return node?.range ? located(lines.linePos(node.range[0]).line) : file;
  };
  try {
    return { value: doc.toJS(), at };
  } catch (e) {
    // yaml counts what aliases expand to while it builds the value, and stops with a ReferenceError.
    if (!(e instanceof ReferenceError)) throw e;
    let line: number | undefined;
    visit(doc, {
      Alias(_, node) {
        line = node.range ? lines.linePos(node.range[0]).line : undefined;
        return visit.BREAK;
      },
    });
    throw new UsageError(`${located(line)}: not valid YAML: its aliases (*name) expand to too many values (${e.message}); write the values out instead`);
  }
}
