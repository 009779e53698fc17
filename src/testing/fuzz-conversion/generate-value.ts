/**
 * Random values valid under a CRD version's structural schema: types, formats, enums, bounds,
 * lengths, item and property counts, required fields, list-type uniqueness, and patterns (by trying
 * strings until one matches). CEL rules (x-kubernetes-validations) are not followed.
 */
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import { compileGoRegexp } from '../../kube/re2.js';
import type { Random } from './random.js';

/** Characters random strings are made of: cron-ish and name-ish, spaces included, to reach edge cases. */
const ALPHABET = 'abcxyz019*/-_., @';
const PATTERN_TRIES = 400;

export class ValueGenerator {
  constructor(private readonly random: Random) {}

  /** A value for `schema`; `depth` makes optional fields rarer deep down (a pod template is thousands of fields). */
  value(schema: JSONSchemaProps, path: string, depth = 0): unknown {
    if (schema.enum && schema.enum.length > 0) return structuredClone(this.random.pick(schema.enum));
    if (schema['x-kubernetes-int-or-string']) return this.random.chance(0.5) ? this.integer({ minimum: 0, maximum: 65535 }) : this.string(schema, path);
    switch (schema.type) {
      case 'object': return this.object(schema, path, depth);
      case 'array': return this.array(schema, path, depth);
      case 'string': return this.string(schema, path);
      case 'integer': return this.integer(schema);
      case 'number': return this.integer(schema) + (schema.multipleOf === undefined ? this.random.pick([0, 0.5, 0.25]) : 0);
      case 'boolean': return this.random.chance(0.5);
      default: return this.random.pick(['x', 1, true]);
    }
  }

  private optionalChance(depth: number): number {
    return depth < 3 ? 0.6 : depth < 6 ? 0.25 : 0.05;
  }

  object(schema: JSONSchemaProps, path: string, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      if (required.has(name) || this.random.chance(this.optionalChance(depth))) out[name] = this.value(prop, `${path}.${name}`, depth + 1);
    }
    if (typeof schema.additionalProperties === 'object') {
      const min = schema.minProperties ?? 0;
      const count = Math.min(schema.maxProperties ?? 3, Math.max(min, this.random.int(0, depth < 4 ? 2 : 0)));
      for (let i = 0; Object.keys(out).length < count && i < count * 4; i++) {
        out[`k${this.random.int(0, 999)}`] = this.value(schema.additionalProperties, `${path}[*]`, depth + 1);
      }
    }
    return out;
  }

  private array(schema: JSONSchemaProps, path: string, depth: number): unknown[] {
    const min = schema.minItems ?? 0;
    const max = Math.max(min, Math.min(schema.maxItems ?? 3, depth < 4 ? 3 : 1));
    const count = this.random.int(min, max);
    const items: unknown[] = [];
    const listType = schema['x-kubernetes-list-type'];
    const keys = schema['x-kubernetes-list-map-keys'] ?? [];
    const seen = new Set<string>();
    for (let tries = 0; items.length < count && tries < count * 10; tries++) {
      const item = schema.items ? this.value(schema.items, `${path}[*]`, depth + 1) : 'x';
      // set: items unique; map: the key fields unique.
      const identity = listType === 'set' || schema.uniqueItems ? JSON.stringify(item)
        : listType === 'map' ? JSON.stringify(keys.map((k) => (item as Record<string, unknown>)[k])) : undefined;
      if (identity !== undefined) {
        if (seen.has(identity)) continue;
        seen.add(identity);
      }
      items.push(item);
    }
    return items;
  }

  private integer(schema: JSONSchemaProps): number {
    const limit = schema.format === 'int32' ? 2 ** 31 - 1 : 1_000_000;
    let min = schema.minimum ?? (this.random.chance(0.2) ? -limit : -10);
    let max = schema.maximum ?? (this.random.chance(0.2) ? limit : 1000);
    if (schema.exclusiveMinimum) min = Math.floor(min) + 1;
    if (schema.exclusiveMaximum) max = Math.ceil(max) - 1;
    min = Math.ceil(min);
    max = Math.floor(max);
    const step = schema.multipleOf ?? 1;
    const low = Math.ceil(min / step);
    const high = Math.floor(max / step);
    return this.random.int(low, Math.max(low, high)) * step;
  }

  private string(schema: JSONSchemaProps, path: string): string {
    if (schema.format === 'date-time') return new Date(Date.UTC(2000 + this.random.int(0, 40), this.random.int(0, 11), this.random.int(1, 28), this.random.int(0, 23), this.random.int(0, 59), this.random.int(0, 59))).toISOString().replace('.000Z', 'Z');
    if (schema.format === 'date') return `20${this.random.int(10, 40)}-0${this.random.int(1, 9)}-1${this.random.int(0, 9)}`;
    const min = schema.minLength ?? 0;
    const max = Math.max(min, Math.min(schema.maxLength ?? 12, min + 12));
    if (schema.pattern === undefined) return this.chars(this.random.int(min, max));
    const pattern = compileGoRegexp(schema.pattern);
    // Strings of the pattern's own characters match far more often than of the plain alphabet.
    const own = patternAlphabet(schema.pattern);
    for (let i = 0; i < PATTERN_TRIES; i++) {
      const candidate = this.chars(this.random.int(min, max), i % 4 === 3 ? ALPHABET + own : own);
      if (pattern.test(candidate)) return candidate;
    }
    throw new Error(`fuzzConversion: found no string of length ${min}..${max} matching ${schema.pattern} for ${path}`);
  }

  private chars(length: number, alphabet = ALPHABET): string {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[this.random.int(0, alphabet.length - 1)];
    return s;
  }
}

/** The characters a pattern names: its literals, the ranges of its classes, and \\d, \\w, \\s. */
function patternAlphabet(pattern: string): string {
  const out = new Set<string>();
  const add = (from: string, to: string) => {
    for (let c = from.charCodeAt(0); c <= to.charCodeAt(0) && c - from.charCodeAt(0) < 96; c++) out.add(String.fromCharCode(c));
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[++i] ?? '';
      if (next === 'd') add('0', '9');
      else if (next === 'w') {
        add('a', 'z');
        add('0', '9');
        out.add('_');
      } else if (next === 's') out.add(' ');
      else if (next !== '') out.add(next);
    } else if (pattern[i + 1] === '-' && pattern[i + 2] !== undefined && pattern[i + 2] !== ']') {
      add(c, pattern[i + 2]);
      i += 2;
    } else if (!'^$()[]{}|?+*'.includes(c)) out.add(c);
  }
  return out.size > 0 ? [...out].join('') : ALPHABET;
}
