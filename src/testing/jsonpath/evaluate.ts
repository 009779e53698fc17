/**
 * Evaluation of a parsed JSONPath template over decoded JSON, as client-go's FindResults:
 * one result list per action (and per `range` iteration), Go's typing rules for filter
 * comparisons (int64 and float64 never compare, strings only with strings), errors where
 * Go errs (index out of bounds, filtering a non-list), and missing keys either an error
 * or nothing (AllowMissingKeys).
 */
import type { JSONPathNode, ListNode, SliceParam } from './parse.js';
import { goTypeOf, goV, isGoInt } from '../../kube/go-format.js';

/** A float literal of the template (`20.0` stays a float64 even though JavaScript reads 20). */
export class GoFloat {
  constructor(readonly value: number) {}
}

/** A byte of a string, what a wildcard over a Go string yields (uint8). */
export class GoByte {
  constructor(readonly value: number) {}
}

export class JSONPathEvalError extends Error {}

type Kind = 'invalid' | 'bool' | 'int' | 'uint' | 'float' | 'string' | 'slice' | 'map';

export function kindOf(v: unknown): Kind {
  if (v === null || v === undefined) return 'invalid';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return isGoInt(v) ? 'int' : 'float';
  if (v instanceof GoFloat) return 'float';
  if (v instanceof GoByte) return 'uint';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'slice';
  return 'map';
}

/** Go's name of a decoded value's type, as errors print it (this evaluator's float and byte wrappers included). */
function goTypeName(v: unknown): string {
  if (v instanceof GoFloat) return 'float64';
  if (v instanceof GoByte) return 'uint8';
  return goTypeOf(v);
}

function scalar(v: unknown): number | string | boolean {
  if (v instanceof GoFloat || v instanceof GoByte) return v.value;
  return v as number | string | boolean;
}

function comparable(a: unknown, b: unknown, ordered: boolean): [number | string | boolean, number | string | boolean] {
  const ka = kindOf(a);
  const kb = kindOf(b);
  for (const k of [ka, kb]) {
    if (k === 'invalid' || k === 'slice' || k === 'map') throw new JSONPathEvalError('invalid type for comparison');
  }
  const integers = (ka === 'int' && kb === 'uint') || (ka === 'uint' && kb === 'int');
  if (ka !== kb && !integers) throw new JSONPathEvalError('incompatible types for comparison');
  if (ordered && ka === 'bool') throw new JSONPathEvalError('invalid type for comparison');
  return [scalar(a), scalar(b)];
}

function compare(operator: string, left: unknown, right: unknown): boolean {
  switch (operator) {
    case '==': { const [a, b] = comparable(left, right, false); return a === b; }
    case '!=': { const [a, b] = comparable(left, right, false); return a !== b; }
    case '<': { const [a, b] = comparable(left, right, true); return a < b; }
    case '<=': { const [a, b] = comparable(left, right, true); return a <= b; }
    case '>': { const [a, b] = comparable(left, right, true); return a > b; }
    case '>=': { const [a, b] = comparable(left, right, true); return a >= b; }
    default: throw new JSONPathEvalError(`unrecognized filter operator ${operator}`);
  }
}

/** The children a wildcard or recursive descent visits: map values, list items, a string's bytes. */
function children(v: unknown): unknown[] {
  if (typeof v === 'string') return [...Buffer.from(v, 'utf8')].map((b) => new GoByte(b));
  if (Array.isArray(v)) return v;
  if (kindOf(v) === 'map') return Object.values(v as Record<string, unknown>);
  return [];
}

function isNil(v: unknown): boolean {
  return v === null || v === undefined;
}

class Evaluator {
  private ranges = 0;
  private sawRange = false;
  private sawEnd = false;

  constructor(private readonly allowMissingKeys: boolean) {}

  /** Result lists of a sequence of actions; stops at an `end` that closes the current range. */
  run(nodes: JSONPathNode[], data: unknown): { results: unknown[][]; consumed: number } {
    const out: unknown[][] = [];
    for (let i = 0; i < nodes.length; i++) {
      this.sawRange = false;
      this.sawEnd = false;
      const results = this.walk([data], nodes[i]);
      if (this.sawEnd) return { results: out, consumed: i + 1 };
      if (this.sawRange) {
        const body = nodes.slice(i + 1);
        this.ranges++;
        let consumed = bodyLength(body);
        for (const item of results) {
          const inner = this.run(body, item);
          out.push(...inner.results);
          consumed = inner.consumed;
        }
        this.ranges--;
        i += consumed;
        continue;
      }
      out.push(results);
    }
    return { results: out, consumed: nodes.length };
  }

  walk(input: unknown[], node: JSONPathNode): unknown[] {
    switch (node.type) {
      case 'list': return this.list(input, node);
      case 'text': return [node.text];
      case 'field': return this.field(input, node.name);
      case 'array': return this.array(input, node.params);
      case 'filter': return this.filter(input, node);
      case 'int': return input.map(() => node.value);
      case 'float': return input.map(() => new GoFloat(node.value));
      case 'bool': return input.map(() => node.value);
      case 'wildcard': return input.filter((v) => !isNil(v)).flatMap(children);
      case 'recursive': return this.recursive(input);
      case 'union': return node.nodes.flatMap((n) => this.list(input, n));
      case 'identifier': return this.identifier(input, node.name);
    }
  }

  private list(input: unknown[], node: ListNode): unknown[] {
    let cur = input;
    for (const n of node.nodes) cur = this.walk(cur, n);
    return cur;
  }

  private identifier(input: unknown[], name: string): unknown[] {
    if (name === 'range') {
      this.sawRange = true;
      return input;
    }
    if (name === 'end') {
      if (this.ranges === 0) throw new JSONPathEvalError('not in range, nothing to end');
      this.sawEnd = true;
      return [];
    }
    throw new JSONPathEvalError(`unrecognized identifier ${name}`);
  }

  private field(input: unknown[], name: string): unknown[] {
    const results: unknown[] = [];
    if (input.length === 0) return results;
    for (const v of input) {
      if (kindOf(v) !== 'map') continue;
      const obj = v as Record<string, unknown>;
      if (Object.prototype.hasOwnProperty.call(obj, name)) results.push(obj[name]);
    }
    if (results.length === 0 && !this.allowMissingKeys) throw new JSONPathEvalError(`${name} is not found`);
    return results;
  }

  private array(input: unknown[], params: [SliceParam, SliceParam, SliceParam]): unknown[] {
    const result: unknown[] = [];
    for (const v of input) {
      if (isNil(v)) continue;
      if (!Array.isArray(v)) throw new JSONPathEvalError(`${goTypeName(v)} is not array or slice`);
      const length = v.length;
      let start = params[0].known ? params[0].value : 0;
      if (start < 0) start += length;
      let end = params[1].known ? params[1].value : length;
      if (end < 0 || (end === 0 && params[1].derived)) end += length;
      // Go returns what it has so far when a slice asks for nothing.
      if (end === start) return result;
      if (start >= length || start < 0) throw new JSONPathEvalError(`array index out of bounds: index ${start}, length ${length}`);
      if (end > length || end < 0) throw new JSONPathEvalError(`array index out of bounds: index ${end - 1}, length ${length}`);
      if (start > end) throw new JSONPathEvalError(`starting index ${start} is greater than ending index ${end}`);
      let step = 1;
      if (params[2].known) {
        if (params[2].value <= 0) throw new JSONPathEvalError('step must be > 0');
        step = params[2].value;
      }
      for (let i = start; i < end; i += step) result.push(v[i]);
    }
    return result;
  }

  private recursive(input: unknown[]): unknown[] {
    const result: unknown[] = [];
    for (const v of input) {
      if (isNil(v)) continue;
      const kids = children(v);
      if (kids.length === 0) continue;
      result.push(v, ...this.recursive(kids));
    }
    return result;
  }

  private filter(input: unknown[], node: Extract<JSONPathNode, { type: 'filter' }>): unknown[] {
    const results: unknown[] = [];
    for (const v of input) {
      if (!Array.isArray(v)) {
        throw new JSONPathEvalError(`${isNil(v) ? '<invalid reflect.Value>' : goV(v)} is not array or slice and cannot be filtered`);
      }
      for (const item of v) {
        let lefts: unknown[] = [];
        let leftError: Error | undefined; // rethrown as is below
        try {
          lefts = this.list([item], node.left);
        } catch (err) {
          leftError = err as Error;
        }
        if (node.operator === 'exists') {
          if (lefts.length > 0) results.push(item);
          continue;
        }
        if (leftError) throw leftError;
        if (lefts.length === 0) continue;
        if (lefts.length > 1) throw new JSONPathEvalError('can only compare one element at a time');
        const rights = this.list([item], node.right);
        if (rights.length === 0) continue;
        if (rights.length > 1) throw new JSONPathEvalError('can only compare one element at a time');
        if (compare(node.operator, lefts[0], rights[0])) results.push(item);
      }
    }
    return results;
  }
}

function hasIdentifier(node: JSONPathNode, name: string): boolean {
  return node.type === 'list' && node.nodes.some((n) => n.type === 'identifier' && n.name === name);
}

/** How many actions a range body spans up to and including its `end` (all of them when it has none). */
function bodyLength(body: JSONPathNode[]): number {
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    if (hasIdentifier(body[i], 'range')) depth++;
    else if (hasIdentifier(body[i], 'end')) {
      if (depth === 0) return i + 1;
      depth--;
    }
  }
  return body.length;
}

/** client-go's FindResults over a parsed template. */
export function findResults(root: ListNode, data: unknown, allowMissingKeys: boolean): unknown[][] {
  return new Evaluator(allowMissingKeys).run(root.nodes, data).results;
}
