/**
 * Keys a request body names twice in one object. JSON.parse and the YAML parser keep the last;
 * kube-apiserver's decoders report them (strict JSON decoding as `duplicate field
 * "metadata.labels"`, apply's YAML decoding as `line 7: key "color" already set in map`), and Go's
 * decoding into a typed object decodes the second object into the first (encoding/json fills the
 * existing struct or map), so a ConfigMap sent two `labels` keeps the labels of both.
 */
import { isMap, isNode, isScalar, isSeq, LineCounter, type Document } from 'yaml';
import { isJsonObject } from '../../../kube/json-values.js';
import { parseYamlDocument } from '../../yaml.js';

export interface DuplicateKey {
  /** Where the key is, as strict decoding names fields: `metadata.labels`, `spec.containers[0].name`. */
  path: string;
  key: string;
  /** 1-based line of the repeated key. */
  line: number;
}

export interface ParsedBody {
  /** The body with the last value of a repeated key, as JSON.parse and Go's decoding into a map keep. */
  value: unknown;
  /** Every repetition of a key, in document order (a key named three times is here twice). */
  duplicates: DuplicateKey[];
  /** The body as Go decodes it into a typed object: a repeated object decoded into the first. */
  typedValue: unknown;
}

/** Every JSON string, and the colon that makes it a key: outside strings valid JSON has no quote. */
const STRING_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?/g;

function keyTokens(text: string): number {
  let keys = 0;
  STRING_TOKEN.lastIndex = 0;
  for (let m = STRING_TOKEN.exec(text); m !== null; m = STRING_TOKEN.exec(text)) if (m[1] !== undefined) keys++;
  return keys;
}

function keyCount(value: unknown): number {
  let keys = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (Array.isArray(v)) pending.push(...(v as unknown[]));
    else if (isJsonObject(v)) {
      const own = Object.keys(v);
      keys += own.length;
      for (const k of own) pending.push(v[k]);
    }
  }
  return keys;
}

/**
 * The body of JSON text already parsed into `value`. Keys are counted in the text first: only a
 * text with more keys than its value has repeats, and only then is it parsed again, keeping them.
 */
export function jsonBody(text: string, value: unknown): ParsedBody {
  const none: ParsedBody = { value, duplicates: [], typedValue: value };
  if (keyTokens(text) === keyCount(value)) return none;
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    // JSON is YAML 1.2; the YAML parser can keep what JSON.parse folds.
    doc = parseYamlDocument(text, { keepDuplicateKeys: true, lineCounter });
  } catch {
    return none;
  }
  return { value, duplicates: duplicatesOf(doc.contents, lineCounter), typedValue: typedValueOf(doc.contents, doc) };
}

/** The body of YAML text (an apply configuration). */
export function yamlBody(text: string): ParsedBody {
  const lineCounter = new LineCounter();
  const doc = parseYamlDocument(text, { keepDuplicateKeys: true, lineCounter });
  const duplicates = duplicatesOf(doc.contents, lineCounter);
  const value: unknown = doc.toJS();
  return { value, duplicates, typedValue: duplicates.length === 0 ? value : typedValueOf(doc.contents, doc) };
}

function keyOf(node: unknown): string {
  return isScalar(node) ? String(node.value) : String(node);
}

function duplicatesOf(node: unknown, lines: LineCounter): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  const walk = (n: unknown, at: string): void => {
    if (isMap(n)) {
      const seen = new Set<string>();
      for (const pair of n.items) {
        const key = keyOf(pair.key);
        const keyPath = at === '' ? key : `${at}.${key}`;
        if (seen.has(key)) {
          const offset = isNode(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
          out.push({ path: keyPath, key, line: lines.linePos(offset).line });
        }
        seen.add(key);
        walk(pair.value, keyPath);
      }
    } else if (isSeq(n)) {
      n.items.forEach((item, i) => walk(item, `${at}[${i}]`));
    }
  };
  walk(node, '');
  return out;
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty: a `__proto__` key is data, as in JSON.parse.
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Go's decoding of `from` into the object `into` already holds: fields set, objects filled in turn. */
function decodeInto(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(from)) {
    const prev = Object.hasOwn(into, key) ? into[key] : undefined;
    const next = from[key];
    setOwn(into, key, isJsonObject(prev) && isJsonObject(next) ? decodeInto(prev, next) : next);
  }
  return into;
}

function typedValueOf(node: unknown, doc: Document): unknown {
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      const key = keyOf(pair.key);
      const value = typedValueOf(pair.value, doc);
      const prev = Object.hasOwn(out, key) ? out[key] : undefined;
      setOwn(out, key, isJsonObject(prev) && isJsonObject(value) ? decodeInto(prev, value) : value);
    }
    return out;
  }
  if (isSeq(node)) return node.items.map((item) => typedValueOf(item, doc));
  return isNode(node) ? node.toJS(doc) : (node ?? null);
}
