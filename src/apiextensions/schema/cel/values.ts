/**
 * JSON values to CEL values, typed by the schema as apiextensions-apiserver does: integers are
 * CEL int, numbers double, date/date-time strings timestamps, duration strings durations, byte
 * strings bytes; properties whose names are not CEL identifiers are reachable escaped
 * (`x-y` as `x__dash__y`); at the resource root, metadata shows only name and generateName.
 */
import type { CelInput } from '@bufbuild/cel';
import { protobuf, protobufWellKnownTypes } from '../../../kube/cel/bufbuild.js';
import type { SchemaNode } from '../node.js';
import { escapePropertyName, keywordFieldName } from '../../../kube/cel/escape.js';

const goDurationPart = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g;
const unitNanos: Record<string, number> = { ns: 1, us: 1e3, 'µs': 1e3, 'μs': 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

function durationValue(text: string): CelInput {
  const negative = text.startsWith('-');
  let nanos = 0;
  for (const m of text.matchAll(goDurationPart)) nanos += Number(m[1]) * unitNanos[m[2]];
  if (negative) nanos = -nanos;
  const seconds = Math.trunc(nanos / 1e9);
  return protobuf().create(protobufWellKnownTypes().DurationSchema, { seconds: BigInt(seconds), nanos: Math.round(nanos - seconds * 1e9) });
}

function stringValue(node: SchemaNode | undefined, s: string): CelInput {
  switch (node?.schema.format) {
    case 'date':
    case 'date-time': {
      const d = new Date(s);
      return Number.isNaN(d.getTime()) ? s : protobufWellKnownTypes().timestampFromDate(d);
    }
    case 'duration':
      return durationValue(s);
    case 'byte':
      return Uint8Array.from(Buffer.from(s, 'base64'));
    default:
      return s;
  }
}

function numberValue(node: SchemaNode | undefined, n: number): CelInput {
  const type = node?.schema.type;
  if (type === 'number') return n;
  if (Number.isInteger(n)) return BigInt(n);
  return n;
}

export function toCel(node: SchemaNode | undefined, value: unknown, isRoot = false): CelInput {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return stringValue(node, value);
  if (typeof value === 'number') return numberValue(node, value);
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => toCel(node?.items, v));
  const obj = value as Record<string, unknown>;
  const out = new Map<string, CelInput>();
  const typed = node !== undefined && node.properties !== undefined;
  for (const [key, v] of Object.entries(obj)) {
    if (isRoot && key === 'metadata') {
      out.set('metadata', rootMetadata(v));
      continue;
    }
    const prop = node?.properties?.get(key);
    if (prop) {
      const name = escapePropertyName(key);
      if (name !== undefined) out.set(name, toCel(prop, v));
      // `self.namespace` reaches `__namespace__` too; an object with properties is no map in CEL, so the alias is never counted or iterated.
      if (name !== undefined && keywordFieldName(key) !== undefined) out.set(key, out.get(name)!);
    } else if (node?.additionalProperties) {
      out.set(key, toCel(node.additionalProperties, v));
    } else if (!typed || node?.schema['x-kubernetes-preserve-unknown-fields'] || node?.schema['x-kubernetes-embedded-resource']) {
      out.set(key, toCel(undefined, v));
    }
  }
  return out;
}

function rootMetadata(meta: unknown): CelInput {
  const out = new Map<string, CelInput>();
  if (meta && typeof meta === 'object') {
    const m = meta as Record<string, unknown>;
    if (typeof m.name === 'string') out.set('name', m.name);
    if (typeof m.generateName === 'string') out.set('generateName', m.generateName);
  }
  return out;
}
