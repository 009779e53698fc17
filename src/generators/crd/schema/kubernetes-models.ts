/**
 * The default source of Kubernetes built-in schemas (builtin-source.ts): @kubernetes/client-node's
 * generated models. The `.d.ts` gives descriptions and which properties are required (no `?`),
 * the `.js` `attributeTypeMap` gives each property's wire type and format. Each model is read
 * lazily and cached; references between models stay `$ref`s (`k8s:<Model>`) for the flatten pass.
 *
 * What this source lacks compared with controller-gen reading the Go types: line breaks in
 * descriptions (joined into one line upstream), x-kubernetes-list-type / list-map-keys /
 * map-type, `+default` values, validation markers, resource.Quantity (typed as string), and the
 * field's own description of a property whose type is another model (`'lifecycle'?: V1Lifecycle`
 * has none, so the type's description shows). `scaffolder manifests --kube-openapi <file|dir>`
 * reads Kubernetes' published OpenAPI documents first (kube-openapi.ts), which carry all of these
 * but the line breaks; this source remains the fallback for models those documents lack.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BuiltinSchemaSource } from './builtin-source.js';
import { cloneJson } from './json-schema.js';
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import { knownModelSchema, modelOverlay } from './known-types.js';

export const MODEL_REF_PREFIX = 'k8s:';

interface Attribute {
  name: string;
  baseName: string;
  type: string;
  format: string;
}

interface ModelDoc {
  description: string;
  properties: Map<string, { description: string; optional: boolean }>;
}

let modelsDir: string | undefined;
function modelsDirectory(): string {
  if (modelsDir === undefined) {
    const require = createRequire(import.meta.url);
    const main = require.resolve('@kubernetes/client-node');
    modelsDir = path.join(path.dirname(main), 'gen', 'models');
  }
  return modelsDir;
}

const cache = new Map<string, JSONSchemaProps | null>();

function unescapeDoc(text: string): string {
  return text.replace(/\\(['"\\])/g, '$1').trim();
}

function docText(block: string): string {
  return unescapeDoc(
    block
      .split('\n')
      .map((l) => l.replace(/^\s*\*\s?/, ''))
      .join('\n'),
  );
}

function readDoc(name: string): ModelDoc {
  const source = readFileSync(path.join(modelsDirectory(), `${name}.d.ts`), 'utf8');
  const classAt = source.indexOf(`export declare class ${name}`);
  const head = source.slice(0, classAt);
  const classDoc = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*$/.exec(head);
  const properties = new Map<string, { description: string; optional: boolean }>();
  const body = source.slice(classAt);
  const prop = /(?:\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*)?'([^']+)'(\??):/g;
  for (let m = prop.exec(body); m; m = prop.exec(body)) {
    properties.set(m[2], { description: m[1] ? docText(m[1]) : '', optional: m[3] === '?' });
  }
  return { description: classDoc ? docText(classDoc[1]) : '', properties };
}

function readAttributes(name: string): Attribute[] {
  const source = readFileSync(path.join(modelsDirectory(), `${name}.js`), 'utf8');
  const m = new RegExp(`${name}\\.attributeTypeMap = (\\[[\\s\\S]*?\\]);`).exec(source);
  if (!m) return [];
  return JSON.parse(m[1]) as Attribute[];
}

/** The schema of one wire type as client-node spells it (`Array<V1Container>`, `{ [key: string]: string; }`, ...). */
function wireTypeToSchema(type: string, format: string): JSONSchemaProps {
  const array = /^Array<(.+)>$/.exec(type);
  // The format of an array attribute is its items' format.
  if (array) return { type: 'array', items: wireTypeToSchema(array[1], format) };
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) return { type: 'object', additionalProperties: wireTypeToSchema(map[1], '') };
  switch (type) {
    case 'string':
      return format ? { type: 'string', format } : { type: 'string' };
    case 'Date':
      return { type: 'string', format: 'date-time' };
    case 'boolean':
      return { type: 'boolean' };
    case 'number':
      if (format === 'int32' || format === 'int64') return { type: 'integer', format };
      return format ? { type: 'number', format } : { type: 'number' };
    case 'IntOrString':
      return { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true };
    case 'any':
    case 'object':
      return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
    default:
      return { $ref: MODEL_REF_PREFIX + type };
  }
}

function buildModelSchema(name: string): JSONSchemaProps | null {
  const known = knownModelSchema(name);
  if (known) return cloneJson(known);
  if (!existsSync(path.join(modelsDirectory(), `${name}.js`))) return null;
  const doc = readDoc(name);
  const attributes = readAttributes(name);
  const schema: JSONSchemaProps = { type: 'object' };
  if (doc.description) schema.description = doc.description;
  const required: string[] = [];
  for (const attr of attributes) {
    const prop = wireTypeToSchema(attr.type, attr.format);
    const propDoc = doc.properties.get(attr.name);
    if (propDoc?.description) prop.description = propDoc.description;
    if (propDoc && !propDoc.optional) required.push(attr.baseName);
    (schema.properties ??= {})[attr.baseName] = prop;
  }
  if (required.length > 0) schema.required = required.sort();
  modelOverlay(name, schema);
  return schema;
}

/** A model's descriptions: the class's, and each property's own JSDoc by wire name (empty when it has none). */
export interface ModelDescriptions {
  type: string;
  properties: Map<string, string>;
}

const descriptions = new Map<string, ModelDescriptions | null>();

/** The descriptions client-node's model `name` carries, or undefined when there is no such model. */
export function clientNodeDescriptions(name: string): ModelDescriptions | undefined {
  let found = descriptions.get(name);
  if (found === undefined) {
    found = null;
    if (existsSync(path.join(modelsDirectory(), `${name}.d.ts`))) {
      const doc = readDoc(name);
      const properties = new Map<string, string>();
      for (const attr of readAttributes(name)) properties.set(attr.baseName, doc.properties.get(attr.name)?.description ?? '');
      found = { type: doc.description, properties };
    }
    descriptions.set(name, found);
  }
  return found ?? undefined;
}

/** The (unflattened) schema of a client-node model, or undefined when there is no such model. */
export function kubernetesModelSchema(name: string): JSONSchemaProps | undefined {
  let schema = cache.get(name);
  if (schema === undefined) {
    schema = buildModelSchema(name);
    cache.set(name, schema);
  }
  return schema ?? undefined;
}

/** The client-node models as a built-in schema source: reference ids are `k8s:<Model>`. */
export const clientNodeModels: BuiltinSchemaSource = {
  referenceTo: (model) => (kubernetesModelSchema(model) ? MODEL_REF_PREFIX + model : undefined),
  schemaFor: (id) => (id.startsWith(MODEL_REF_PREFIX) ? kubernetesModelSchema(id.slice(MODEL_REF_PREFIX.length)) : undefined),
};
