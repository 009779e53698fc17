/**
 * Kubernetes' JSONPath templates (client-go util/jsonpath): parse once, then find results
 * or print them as kubectl and the API server's printer columns do (lists and maps as Go's
 * json.Marshal, scalars as Go's fmt.Print, results of one action separated by spaces).
 */
import { findResults, GoByte, GoFloat, kindOf } from './evaluate.js';
import { parseJSONPath, type ListNode } from './parse.js';
import { goFloat, goJSON } from '../../kube/go-format.js';

export { JSONPathSyntaxError } from './parse.js';
export { JSONPathEvalError, GoFloat, GoByte } from './evaluate.js';

/** Go's fmt.Print of one scalar result (`null` for a JSON null). */
function text(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof GoFloat) return goFloat(v.value);
  if (v instanceof GoByte) return String(v.value);
  if (typeof v === 'number') return kindOf(v) === 'int' ? String(v) : goFloat(v);
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a JSON scalar left: a string or a boolean
  return String(v);
}

export class JSONPath {
  private constructor(
    private readonly root: ListNode,
    private readonly allowMissingKeys: boolean,
  ) {}

  /** Parses a template; throws JSONPathSyntaxError with client-go's message. */
  static parse(template: string, options: { allowMissingKeys?: boolean } = {}): JSONPath {
    return new JSONPath(parseJSONPath(template), options.allowMissingKeys ?? false);
  }

  /** One list of values per action (and per range iteration); throws JSONPathEvalError. */
  findResults(data: unknown): unknown[][] {
    return findResults(this.root, data, this.allowMissingKeys);
  }

  /** One action's values as text: lists and maps as JSON, scalars as Go prints them, space-separated. */
  printResults(values: unknown[]): string {
    return values.map((v) => (kindOf(v) === 'slice' || kindOf(v) === 'map' ? goJSON(v) : text(v))).join(' ');
  }

  /** The template's output for `data`, as `kubectl -o jsonpath=...` prints it. */
  execute(data: unknown): string {
    return this.findResults(data).map((r) => this.printResults(r)).join('');
  }
}
