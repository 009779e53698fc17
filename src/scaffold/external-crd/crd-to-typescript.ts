// A CustomResourceDefinition written back as the TypeScript types `manifests` generates it from:
// one types file per version, every schema node a TypeScript type plus the `+kubebuilder:` markers
// that give back its validation, and the CRD's own settings (names, scope, subresources, printer
// columns, storage version, ...) as markers on the kind. Anything the markers cannot say is an
// error at the schema node, so that an import never silently drops validation.
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from '../../kube/custom-resource-definition.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import { QUANTITY_PATTERN } from '../../kube/quantity.js';
import { markerAny, markerQuoted, markerString } from './marker-values.js';

/** A path in the CRD document (`['spec', 'versions', 0, 'schema', ...]`), for the line of an error. */
export type DocumentPath = ReadonlyArray<string | number>;

export class CrdSchemaError extends Error {
  constructor(
    readonly path: DocumentPath,
    message: string,
  ) {
    super(message);
  }
}

export interface VersionTypes {
  version: string;
  /** `<kind>_types.ts` */
  fileName: string;
  body: string;
}

/** The annotation controller-gen writes on every CRD; `manifests` writes its own. */
const TOOL_VERSION_ANNOTATION = 'controller-gen.kubebuilder.io/version';

/** Keys of a schema node that its TypeScript type or a marker expresses. */
const HANDLED_KEYS = new Set([
  'type', 'format', 'items', 'properties', 'additionalProperties', 'required', 'anyOf', 'description', 'nullable',
  'enum', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'title', 'externalDocs', 'default', 'example',
  'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string',
  'x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type', 'x-kubernetes-validations',
]);

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The types files of every version of `crd`; a CrdSchemaError names the node (a path in the CRD) it cannot express. */
export function crdToTypeScript(crd: CustomResourceDefinition, options: { source: string; boilerplate?: string }): VersionTypes[] {
  const kind = crd.spec.names.kind;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(kind)) throw new CrdSchemaError(['spec', 'names', 'kind'], `kind "${kind}" is not an UpperCamelCase identifier`);
  if (crd.spec.names.listKind !== undefined && crd.spec.names.listKind !== `${kind}List`) {
    throw new CrdSchemaError(['spec', 'names', 'listKind'], `listKind "${crd.spec.names.listKind}" is not ${kind}List, the only list kind the types can declare`);
  }
  return crd.spec.versions.map((v, i) => new VersionWriter(crd, v, i, options).write());
}

class VersionWriter {
  private readonly declarations: string[] = [];
  private readonly names = new Set<string>();
  private readonly runtimeTypes = new Set<string>(['ObjectMeta', 'ListMeta']);
  private readonly kind: string;
  private readonly base: DocumentPath;

  constructor(
    private readonly crd: CustomResourceDefinition,
    private readonly version: CustomResourceDefinitionVersion,
    index: number,
    private readonly options: { source: string; boilerplate?: string },
  ) {
    this.kind = crd.spec.names.kind;
    this.names.add(this.kind).add(`${this.kind}List`).add('GroupVersion');
    this.base = ['spec', 'versions', index];
  }

  write(): VersionTypes {
    const schema = this.version.schema?.openAPIV3Schema;
    if (!schema) throw new CrdSchemaError(this.base, `version ${this.version.name} has no schema.openAPIV3Schema`);
    const rootPath = [...this.base, 'schema', 'openAPIV3Schema'];
    const root = this.rootDeclaration(schema, rootPath);
    const imports = [...this.runtimeTypes].sort();
    const { names } = this.crd.spec;
    const namespaced = this.crd.spec.scope !== 'Cluster';
    const body = [
      `${this.options.boilerplate ?? ''}// ${this.kind} ${this.crd.spec.group}/${this.version.name}, imported from ${this.options.source} by`,
      '// `scaffolder create api --external-api-path`. Another project owns this API: import it again',
      '// rather than editing this file. `scaffolder manifests` generates the same CRD from it.',
      `import type { ${imports.join(', ')} } from 'kubescaffolder/runtime';`,
      "import { defineKind } from 'kubescaffolder/runtime';",
      "import { GroupVersion } from './groupversion_info.js';",
      '',
      root,
      ...this.declarations.map((d) => `\n${d}`),
      '',
      '// +kubebuilder:object:root=true',
      '',
      `/** ${this.kind}List contains a list of ${this.kind}. */`,
      `export interface ${this.kind}List {`,
      '  apiVersion?: string;',
      '  kind?: string;',
      '  metadata?: ListMeta;',
      `  items: ${this.kind}[];`,
      '}',
      '',
      `/** The ${this.kind} kind descriptor: what controllers, clients and webhooks take. */`,
      `export const ${this.kind} = defineKind<${this.kind}>({ ...GroupVersion, kind: '${this.kind}', plural: '${names.plural}', namespaced: ${namespaced} });`,
      '',
    ].join('\n');
    return { version: this.version.name, fileName: `${this.kind.toLowerCase()}_types.ts`, body };
  }

  /** The kind's interface: the root schema's fields, the CRD's settings as markers. */
  private rootDeclaration(schema: JSONSchemaProps, path: DocumentPath): string {
    if (schema.type !== 'object') throw new CrdSchemaError([...path, 'type'], 'the root of a CRD schema must be of type object');
    if (schema.additionalProperties !== undefined) throw new CrdSchemaError([...path, 'additionalProperties'], 'additionalProperties at the root of a CRD schema cannot be declared beside apiVersion, kind and metadata');
    const markers = ['+kubebuilder:object:root=true', ...this.crdMarkers(), ...this.constraintMarkers(schema, path, 'type', new Set(['type', 'properties', 'required', 'description']))];
    const fields = this.fields(schema, path, this.kind, true);
    return [...docLines(schema.description), ...markers.map((m) => `// ${m}`), `export interface ${this.kind} {`, ...fields, '}'].join('\n');
  }

  private crdMarkers(): string[] {
    const { names, scope } = this.crd.spec;
    const v = this.version;
    const out: string[] = [];
    const resource = [`path=${names.plural}`];
    if (names.singular !== undefined) resource.push(`singular=${names.singular}`);
    resource.push(`scope=${scope}`);
    if (names.shortNames?.length) resource.push(`shortName=${names.shortNames.map(markerQuoted).join(';')}`);
    if (names.categories?.length) resource.push(`categories=${names.categories.map(markerQuoted).join(';')}`);
    out.push(`+kubebuilder:resource:${resource.join(',')}`);
    if (v.subresources?.status) out.push('+kubebuilder:subresource:status');
    const scale = v.subresources?.scale;
    if (scale) {
      const args = [`specpath=${markerQuoted(scale.specReplicasPath)}`, `statuspath=${markerQuoted(scale.statusReplicasPath)}`];
      if (scale.labelSelectorPath !== undefined) args.push(`selectorpath=${markerQuoted(scale.labelSelectorPath)}`);
      out.push(`+kubebuilder:subresource:scale:${args.join(',')}`);
    }
    for (const c of v.additionalPrinterColumns ?? []) {
      const args = [`name=${markerQuoted(c.name)}`, `type=${markerQuoted(c.type)}`, `JSONPath=${markerQuoted(c.jsonPath)}`];
      if (c.description) args.push(`description=${markerQuoted(c.description)}`);
      if (c.format) args.push(`format=${markerQuoted(c.format)}`);
      if (c.priority) args.push(`priority=${c.priority}`);
      out.push(`+kubebuilder:printcolumn:${args.join(',')}`);
    }
    for (const f of v.selectableFields ?? []) out.push(`+kubebuilder:selectablefield:JSONPath=${markerQuoted(f.jsonPath)}`);
    if (this.crd.spec.versions.length > 1 && v.storage) out.push('+kubebuilder:storageversion');
    if (!v.served) out.push('+kubebuilder:unservedversion');
    if (v.deprecated) out.push(v.deprecationWarning !== undefined ? `+kubebuilder:deprecatedversion:warning=${markerQuoted(v.deprecationWarning)}` : '+kubebuilder:deprecatedversion');
    const annotations = Object.entries(this.crd.metadata?.annotations ?? {}).filter(([k]) => k !== TOOL_VERSION_ANNOTATION);
    const labels = Object.entries(this.crd.metadata?.labels ?? {});
    const metadata = [
      ...(annotations.length ? [`annotations=${annotations.map(([k, val]) => markerQuoted(`${k}=${val}`)).join(';')}`] : []),
      ...(labels.length ? [`labels=${labels.map(([k, val]) => markerQuoted(`${k}=${val}`)).join(';')}`] : []),
    ];
    if (metadata.length) out.push(`+kubebuilder:metadata:${metadata.join(',')}`);
    return out;
  }

  /** The fields of an object schema, each with its doc and markers; `root`: the kind's own fields. */
  private fields(schema: JSONSchemaProps, path: DocumentPath, hint: string, root = false): string[] {
    const required = new Set(schema.required ?? []);
    const properties = schema.properties ?? {};
    for (const [i, name] of (schema.required ?? []).entries()) {
      if (!Object.hasOwn(properties, name)) throw new CrdSchemaError([...path, 'required', i], `required field "${name}" is not among the properties`);
    }
    const out: string[] = [];
    for (const [name, prop] of Object.entries(properties)) {
      const propPath = [...path, 'properties', name];
      const key = identifier.test(name) ? name : markerQuoted(name);
      const optional = required.has(name) ? '' : '?';
      if (out.length > 0) out.push('');
      if (root && name === 'metadata') {
        const extra = Object.keys(prop).filter((k) => k !== 'type' && k !== 'description');
        if (prop.type !== 'object' || extra.length > 0) {
          throw new CrdSchemaError([...propPath, extra[0] ?? 'type'], `metadata's schema beyond {type: object} (${extra.join(', ') || `type ${String(prop.type)}`}) has no marker: the types declare metadata as ObjectMeta`);
        }
        out.push(...indent(docLines(prop.description)), `  ${key}${optional}: ObjectMeta;`);
        continue;
      }
      const { type, markers } = this.fieldType(prop, propPath, hint + pascalWord(name));
      out.push(...indent(docLines(prop.description)), ...markers.map((m) => `  // ${m}`), `  ${key}${optional}: ${type};`);
    }
    return out;
  }

  /** A field's type and the markers on the field. */
  private fieldType(schema: JSONSchemaProps, path: DocumentPath, hint: string): { type: string; markers: string[] } {
    this.checkKeys(schema, path);
    const used = new Set<string>(['description', 'nullable', 'allOf']);
    const shape = this.shape(schema, path, hint, used, 'field');
    const markers = [...shape.markers];
    if (schema.allOf !== undefined) {
      // manifests writes allOf where a field's marker and its named type's marker set the same key:
      // the type's validation first, the field's second. A named type and field markers give it back.
      const [typeLevel, fieldLevel, ...more] = schema.allOf;
      const simple = (s: JSONSchemaProps | undefined) => s !== undefined && Object.keys(s).every((k) => VALIDATION_KEYS.has(k));
      if (shape.declared || more.length > 0 || !simple(typeLevel) || !simple(fieldLevel)) {
        throw new CrdSchemaError([...path, 'allOf'], 'allOf other than two sets of validation on a field of a simple type has no TypeScript type or marker');
      }
      const name = this.uniqueName(hint);
      const typeMarkers = this.constraintMarkers(typeLevel, [...path, 'allOf', 0], 'type', new Set());
      this.declarations.push([...typeMarkers.map((m) => `// ${m}`), `export type ${name} = ${shape.type};`].join('\n'));
      markers.push(...this.constraintMarkers(fieldLevel, [...path, 'allOf', 1], 'field', new Set()));
      shape.type = name;
    }
    // An interface carries its own validation; the field keeps what only a field can say.
    const onField = shape.declared ? FIELD_ONLY_KEYS : undefined;
    markers.push(...this.constraintMarkers(schema, path, 'field', used, onField));
    return { type: schema.nullable ? `${shape.type} | null` : shape.type, markers };
  }

  /** The type of a list item or map value: a named declaration when it carries a doc or validation. */
  private valueType(schema: JSONSchemaProps, path: DocumentPath, hint: string): string {
    this.checkKeys(schema, path);
    for (const key of FIELD_ONLY_KEYS) {
      if (key !== 'x-kubernetes-embedded-resource' && (schema as Record<string, unknown>)[key] !== undefined) {
        throw new CrdSchemaError([...path, key], `${key} on a list item or map value has no marker (markers set it on fields only)`);
      }
    }
    const used = new Set<string>(['nullable']);
    const shape = this.shape(schema, path, hint, used, 'type');
    const nullable = (t: string) => (schema.nullable ? `${t} | null` : t);
    if (shape.declared) return nullable(shape.type);
    const markers = [...shape.markers, ...this.constraintMarkers(schema, path, 'type', used)];
    if (markers.length === 0 && schema.description === undefined) return nullable(shape.type);
    const name = this.uniqueName(hint);
    this.declarations.push([...docLines(schema.description), ...markers.map((m) => `// ${m}`), `export type ${name} = ${shape.type};`].join('\n'));
    return nullable(name);
  }

  /**
   * The TypeScript type of a node; `used` collects the keys it expresses. An object with properties
   * becomes an interface declaration (`declared`) carrying the node's validation and, for a list
   * item or map value, its doc.
   */
  private shape(schema: JSONSchemaProps, path: DocumentPath, hint: string, used: Set<string>, at: 'field' | 'type'): { type: string; markers: string[]; declared?: boolean } {
    for (const key of ['oneOf', 'not', ...(used.has('allOf') ? [] : ['allOf' as const])] as const) {
      if (schema[key] !== undefined) throw new CrdSchemaError([...path, key], `${key} has no TypeScript type or marker: the types cannot express it`);
    }
    if (schema['x-kubernetes-int-or-string']) {
      const anyOf = schema.anyOf;
      if (anyOf !== undefined && !(anyOf.length === 2 && anyOf[0]?.type === 'integer' && anyOf[1]?.type === 'string' && anyOf.every((a) => Object.keys(a).length === 1))) {
        throw new CrdSchemaError([...path, 'anyOf'], 'anyOf other than [{type: integer}, {type: string}] has no TypeScript type or marker');
      }
      if (schema.type !== undefined) throw new CrdSchemaError([...path, 'type'], 'x-kubernetes-int-or-string with a type has no TypeScript type');
      used.add('x-kubernetes-int-or-string').add('anyOf');
      if (schema.pattern === QUANTITY_PATTERN) used.add('pattern');
      const type = this.runtime(schema.pattern === QUANTITY_PATTERN ? 'Quantity' : 'IntOrString');
      // String validation applies to an IntOrString only with this marker (as in controller-gen).
      if (Object.keys(schema).some((k) => VALIDATION_KEYS.has(k) && !used.has(k))) type.markers.push('+kubebuilder:validation:XIntOrString');
      return type;
    }
    if (schema.anyOf !== undefined) throw new CrdSchemaError([...path, 'anyOf'], 'anyOf has no TypeScript type or marker (only the int-or-string form has: IntOrString)');
    used.add('type');
    switch (schema.type) {
      case 'string': {
        if (schema.enum !== undefined && schema.enum.length > 0 && schema.enum.every((e) => typeof e === 'string')) {
          used.add('enum');
          return { type: schema.enum.map((e) => JSON.stringify(e)).join(' | '), markers: [] };
        }
        if (schema.format === 'date-time') {
          used.add('format');
          return this.runtime('Time');
        }
        return { type: 'string', markers: [] };
      }
      case 'integer': {
        if (schema.format === 'int32' || schema.format === 'int64') {
          used.add('format');
          return this.runtime(schema.format);
        }
        return this.runtime('int');
      }
      case 'number':
        return { type: 'number', markers: [] };
      case 'boolean':
        return { type: 'boolean', markers: [] };
      case 'array': {
        used.add('items');
        if (!schema.items) throw new CrdSchemaError(path, 'an array without items has no TypeScript type');
        const item = this.valueType(schema.items, [...path, 'items'], `${hint}Item`);
        return { type: /[|&]/.test(item) ? `Array<${item}>` : `${item}[]`, markers: [] };
      }
      case 'object':
      case undefined: {
        const hasProperties = schema.properties !== undefined;
        if (schema.type === undefined && !hasProperties) {
          if (schema['x-kubernetes-preserve-unknown-fields']) {
            used.add('x-kubernetes-preserve-unknown-fields');
            return this.runtime('JSONValue');
          }
          if (at === 'field') return { type: 'unknown', markers: ['+kubebuilder:validation:Schemaless'] };
          throw new CrdSchemaError(path, 'a list item or map value without a type has no TypeScript type');
        }
        if (schema.type === undefined) throw new CrdSchemaError(path, 'properties without type: object has no TypeScript type');
        const additional = schema.additionalProperties;
        if (typeof additional === 'boolean') throw new CrdSchemaError([...path, 'additionalProperties'], `additionalProperties: ${additional} has no TypeScript type (give it a schema)`);
        if (hasProperties && additional !== undefined) throw new CrdSchemaError([...path, 'additionalProperties'], 'an object with both properties and additionalProperties has no TypeScript type');
        if (additional !== undefined) {
          used.add('additionalProperties');
          const value = this.valueType(additional, [...path, 'additionalProperties'], `${hint}Value`);
          return { type: `Record<string, ${value}>`, markers: [] };
        }
        if (!hasProperties && schema['x-kubernetes-preserve-unknown-fields']) {
          used.add('x-kubernetes-preserve-unknown-fields');
          return this.runtime('RawExtension');
        }
        used.add('properties').add('required');
        return { type: this.interfaceDeclaration(schema, path, hint, at), markers: [], declared: true };
      }
      default:
        throw new CrdSchemaError([...path, 'type'], `type "${String(schema.type)}" is not an OpenAPI type`);
    }
  }

  private interfaceDeclaration(schema: JSONSchemaProps, path: DocumentPath, hint: string, at: 'field' | 'type'): string {
    const name = this.uniqueName(hint);
    const used = new Set(['type', 'properties', 'required', 'description', 'nullable', ...FIELD_ONLY_KEYS]);
    const markers = this.constraintMarkers(schema, path, 'type', used);
    if (schema['x-kubernetes-embedded-resource'] && at === 'type') markers.push('+kubebuilder:validation:XEmbeddedResource');
    // The slot comes first, so that a type is declared above the types of its fields.
    const slot = this.declarations.push('') - 1;
    const fields = this.fields(schema, path, name);
    // The description of a field's object is the field's (a field's doc wins over its type's in manifests).
    const doc = at === 'type' ? docLines(schema.description) : [];
    const lint = fields.length === 0 ? ['// eslint-disable-next-line @typescript-eslint/no-empty-object-type'] : [];
    this.declarations[slot] = [...doc, ...markers.map((m) => `// ${m}`), ...lint, `export interface ${name} {`, ...fields, '}'].join('\n');
    return name;
  }

  /** The markers of the node's validation (the keys not in `used`); `only`: just these keys. */
  private constraintMarkers(schema: JSONSchemaProps, path: DocumentPath, at: 'field' | 'type', used: Set<string>, only?: ReadonlySet<string>): string[] {
    const out: string[] = [];
    const fail = (key: string, why: string): never => {
      throw new CrdSchemaError([...path, key], why);
    };
    const v = 'kubebuilder:validation';
    for (const [key, value] of Object.entries(schema)) {
      if (used.has(key) || (only && !only.has(key))) continue;
      switch (key) {
        case 'maximum': case 'minimum': case 'multipleOf':
        case 'maxLength': case 'minLength': case 'maxItems': case 'minItems': case 'maxProperties': case 'minProperties':
          out.push(`+${v}:${key.charAt(0).toUpperCase()}${key.slice(1)}=${Number(value)}`);
          break;
        case 'exclusiveMaximum': case 'exclusiveMinimum':
          if (value === true) out.push(`+${v}:${key.charAt(0).toUpperCase()}${key.slice(1)}=true`);
          break;
        case 'uniqueItems':
          if (value === true) out.push(`+${v}:UniqueItems=true`);
          break;
        case 'pattern':
          out.push(`+${v}:Pattern=${markerString(String(value))}`);
          break;
        case 'format':
          out.push(`+${v}:Format=${markerQuoted(String(value))}`);
          break;
        case 'enum': {
          const items = (value as unknown[]).map(markerAny);
          if (items.some((i) => i === undefined)) fail(key, 'an enum value without a marker form (null, or an empty list or map)');
          out.push(`+${v}:Enum={${items.join(', ')}}`);
          break;
        }
        case 'title':
          out.push(`+kubebuilder:title=${markerQuoted(String(value))}`);
          break;
        case 'externalDocs': {
          const docs = value as { url: string; description?: string };
          out.push(`+kubebuilder:externalDocs:url=${markerQuoted(docs.url)}${docs.description ? `,description=${markerQuoted(docs.description)}` : ''}`);
          break;
        }
        case 'default':
          if (at !== 'field') fail(key, 'a default has a marker on fields only');
          if (value === null) fail(key, 'a null default has no marker form');
          out.push(`+default=${JSON.stringify(value)}`);
          break;
        case 'example': {
          if (at !== 'field') fail(key, 'an example has a marker on fields only');
          const text = markerAny(value);
          if (text === undefined) fail(key, 'this example has no marker form (null, or an empty list or map)');
          out.push(`+kubebuilder:example=${text}`);
          break;
        }
        case 'x-kubernetes-preserve-unknown-fields':
          if (value === true) out.push('+kubebuilder:pruning:PreserveUnknownFields');
          break;
        case 'x-kubernetes-embedded-resource':
          if (value === true) out.push(at === 'field' ? `+${v}:EmbeddedResource` : `+${v}:XEmbeddedResource`);
          break;
        case 'x-kubernetes-list-type':
          out.push(`+listType=${String(value)}`);
          break;
        case 'x-kubernetes-list-map-keys':
          for (const k of value as string[]) out.push(`+listMapKey=${k}`);
          break;
        case 'x-kubernetes-map-type':
          out.push(schema.properties !== undefined || schema.additionalProperties === undefined ? `+structType=${String(value)}` : `+mapType=${String(value)}`);
          break;
        case 'x-kubernetes-validations':
          for (const rule of value as NonNullable<JSONSchemaProps['x-kubernetes-validations']>) {
            const args = [`rule=${markerQuoted(rule.rule)}`];
            if (rule.message) args.push(`message=${markerQuoted(rule.message)}`);
            if (rule.messageExpression) args.push(`messageExpression=${markerQuoted(rule.messageExpression)}`);
            if (rule.fieldPath) args.push(`fieldPath=${markerQuoted(rule.fieldPath)}`);
            if (rule.reason) args.push(`reason=${rule.reason}`);
            if (rule.optionalOldSelf !== undefined) args.push(`optionalOldSelf=${rule.optionalOldSelf}`);
            out.push(`+${v}:XValidation:${args.join(',')}`);
          }
          break;
        case 'description':
          break;
        default:
          fail(key, `${key} has no TypeScript type or marker here`);
      }
    }
    return out;
  }

  private checkKeys(schema: JSONSchemaProps, path: DocumentPath): void {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) throw new CrdSchemaError(path, 'a schema must be a map');
    for (const key of Object.keys(schema)) {
      if (!HANDLED_KEYS.has(key) && !['oneOf', 'allOf', 'not'].includes(key)) throw new CrdSchemaError([...path, key], `${key} is not a key of a CRD schema the types can express`);
    }
  }

  private runtime(name: string): { type: string; markers: string[] } {
    this.runtimeTypes.add(name);
    return { type: name, markers: [] };
  }

  private uniqueName(hint: string): string {
    let name = hint;
    for (let n = 2; this.names.has(name); n++) name = `${hint}${n}`;
    this.names.add(name);
    return name;
  }
}

/** Keys a validation marker sets. */
const VALIDATION_KEYS: ReadonlySet<string> = new Set([
  'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'enum', 'format', 'x-kubernetes-validations',
]);

/** Keys only a field's markers can set (a type's `EmbeddedResource` is XEmbeddedResource). */
const FIELD_ONLY_KEYS: ReadonlySet<string> = new Set(['default', 'example', 'x-kubernetes-embedded-resource']);

/** A property name as part of a type name: `dnsNames` -> `DnsNames`, `x-forwarded` -> `XForwarded`. */
function pascalWord(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return /^[0-9]/.test(joined) ? `_${joined}` : joined || 'Field';
}

/** A description as a doc block: in a block, a line starting with `+` is text, not a marker. */
function docLines(description: string | undefined): string[] {
  if (description === undefined || description === '') return [];
  const lines = description.replace(/\*\//g, '*\\/').split('\n');
  return ['/**', ...lines.map((l) => (l === '' ? ' *' : ` * ${l}`)), ' */'];
}

function indent(lines: string[]): string[] {
  return lines.map((l) => `  ${l}`);
}
