/**
 * TypeScript declarations to (unflattened) schemas, as controller-gen's schema.go: every named
 * type becomes a `$ref` to its own schema, embedded interfaces (`extends`) go into `allOf`,
 * field and type markers are applied where they stand. The flatten pass resolves the rest.
 */
import path from 'node:path';
import { ts } from 'ts-morph';
import type { MarkedValue } from '../../../markers/types.js';
import { firstMarker, hasMarker, type MarkerLookup } from '../markers/lookup.js';
import { applySchemaMarkers, K8S_ENUM_ON_FIELD_ERROR, type MarkerProblem, type SchemaMarkerContext } from '../markers/schema-markers.js';
import type { ResolvedType, TypeDeclarationNode, TypeIndex } from '../loader/type-index.js';
import { declarationId } from '../loader/type-index.js';
import { extractDescription as docOf, MAX_NESTING } from '../../../markers/index.js';
import type { JSONSchemaProps } from '../../../kube/json-schema-props.js';
import { BASIC_RUNTIME_TYPES, embeddedObjectMetaSchema, isObjectMetaReference, runtimeTypeSchema } from './known-types.js';
import type { BuiltinSchemaSource } from './builtin-source.js';
import { kubernetesApiSource } from './kubernetes-api-source.js';

export const RUNTIME_REF_PREFIX = 'runtime:';

/** A problem at a node of the source. */
export interface SchemaProblem {
  node: ts.Node;
  message: string;
  marker?: MarkedValue;
}

const ONE_OF_MARKERS = ['kubebuilder:validation:ExactlyOneOf', 'kubebuilder:validation:AtMostOneOf', 'kubebuilder:validation:AtLeastOneOf'];

/** The per-declaration context of the walk (controller-gen's schemaContext). */
interface WalkContext {
  decl: TypeDeclarationNode;
  file: ts.SourceFile;
  /** Package default: fields without `?` are required unless the package says optional. */
  defaultOptional: boolean;
}

export class SchemaBuilder {
  /** Unflattened schemas by reference id. */
  private readonly schemata = new Map<string, JSONSchemaProps>();
  private readonly declarations = new Map<string, TypeDeclarationNode>();
  /** Problems found while building each declaration's schema, kept with it so cached schemas still report them. */
  private readonly problemsById = new Map<string, SchemaProblem[]>();
  private problems: SchemaProblem[] = [];
  /** For each built declaration, the files of the declarations it refers to (its own included). */
  private readonly filesUsed = new Map<string, Set<string>>();
  private usedByCurrent: Set<string> | undefined;
  /** Package default (optional fields) each folder had when its schemas were built. */
  private readonly packageDefaults = new Map<string, boolean>();
  /** Declarations whose schema reads other files of their folder (`+k8s:enum` constants). */
  private readonly folderDependent = new Set<string>();
  /** Declarations being built, one inside the other: a type alias's target is built at its use site. */
  private buildDepth = 0;

  constructor(
    private readonly index: TypeIndex,
    private readonly markers: MarkerLookup,
    /** Schemas of the Kubernetes built-in types (client-node imports). */
    private readonly builtins: BuiltinSchemaSource = kubernetesApiSource(),
    /** controller-gen's generateEmbeddedObjectMeta: ObjectMeta keeps its allow-listed fields. */
    private readonly embeddedObjectMeta = false,
  ) {}

  allProblems(): SchemaProblem[] {
    return [...this.problemsById.values()].flat();
  }

  /**
   * Forgets the schemas that may depend on the given files (or everything): declarations in them
   * or referring to types declared in them, `+k8s:enum` types of their folders, and every
   * declaration of a folder whose package default changed. Call after the markers are updated.
   */
  invalidate(files?: ReadonlySet<string>): void {
    if (!files) {
      this.schemata.clear();
      this.declarations.clear();
      this.problemsById.clear();
      this.filesUsed.clear();
      this.packageDefaults.clear();
      this.folderDependent.clear();
      return;
    }
    const dirs = new Set([...files].map((f) => path.dirname(f)));
    const defaultsChanged = new Set(
      [...dirs].filter((dir) => this.packageDefaults.has(dir) && this.packageDefaults.get(dir) !== this.defaultOptional(dir)),
    );
    for (const dir of defaultsChanged) this.packageDefaults.delete(dir);
    for (const id of [...this.schemata.keys()]) {
      const hash = id.lastIndexOf('#');
      if (hash < 0) continue;
      const dir = path.dirname(id.slice(0, hash));
      const used = this.filesUsed.get(id);
      const stale =
        defaultsChanged.has(dir) || (this.folderDependent.has(id) && dirs.has(dir)) || (used !== undefined && [...used].some((f) => files.has(f)));
      if (stale) {
        this.folderDependent.delete(id);
        this.schemata.delete(id);
        this.declarations.delete(id);
        this.problemsById.delete(id);
        this.filesUsed.delete(id);
      }
    }
  }

  /** Whether the unflattened schema of `id` is cached (false once invalidate dropped it). */
  isCached(id: string): boolean {
    return this.schemata.has(id);
  }

  refFor(node: TypeDeclarationNode): string {
    const id = declarationId(node);
    this.declarations.set(id, node);
    return id;
  }

  /** The unflattened schema a reference id stands for. */
  schemaFor(id: string): JSONSchemaProps | undefined {
    const cached = this.schemata.get(id);
    if (cached) return cached;
    let schema: JSONSchemaProps | undefined;
    if (this.embeddedObjectMeta && isObjectMetaReference(id)) schema = embeddedObjectMetaSchema();
    else if (id.startsWith(RUNTIME_REF_PREFIX)) schema = runtimeTypeSchema(id.slice(RUNTIME_REF_PREFIX.length));
    else if (!id.includes('#')) schema = this.builtins.schemaFor(id);
    else {
      const decl = this.declarations.get(id) ?? this.index.declarationById(id);
      if (!decl) return undefined;
      this.declarations.set(id, decl);
      this.schemata.set(id, {}); // guards against recursion while building
      const outer = this.problems;
      const outerUsed = this.usedByCurrent;
      this.problems = [];
      this.problemsById.set(id, this.problems);
      this.usedByCurrent = new Set([decl.getSourceFile().fileName]);
      this.filesUsed.set(id, this.usedByCurrent);
      this.buildDepth++;
      try {
        schema = this.buildDepth > MAX_NESTING ? this.tooDeep(decl) : this.declarationToSchema(decl);
      } finally {
        this.buildDepth--;
        this.problems = outer;
        this.usedByCurrent = outerUsed;
      }
    }
    if (schema) this.schemata.set(id, schema);
    return schema;
  }

  /** A chain of type aliases past the one nesting limit: an error at the declaration, its schema cut off. */
  private tooDeep(decl: TypeDeclarationNode): JSONSchemaProps {
    this.problems.push({
      node: decl,
      message: `type ${decl.name.text} is nested more than ${MAX_NESTING} levels deep in the schema (each type alias of a chain adds a level; no real API comes near this): cut the chain of type aliases`,
    });
    return {};
  }

  private defaultOptional(dir: string): boolean {
    return hasMarker(this.markers.forPackage(dir), 'kubebuilder:validation:Optional');
  }

  private contextFor(decl: TypeDeclarationNode): WalkContext {
    const file = decl.getSourceFile();
    const dir = path.dirname(file.fileName);
    const defaultOptional = this.defaultOptional(dir);
    this.packageDefaults.set(dir, defaultOptional);
    return { decl, file, defaultOptional };
  }

  private declarationToSchema(decl: TypeDeclarationNode): JSONSchemaProps {
    const ctx = this.contextFor(decl);
    const typeMarkers = this.markers.forNode(decl);
    if (hasMarker(typeMarkers, 'k8s:enum')) this.folderDependent.add(declarationId(decl));
    let schema: JSONSchemaProps;
    if (ts.isInterfaceDeclaration(decl)) schema = this.interfaceToSchema(ctx, decl, typeMarkers);
    else if (ts.isTypeAliasDeclaration(decl)) schema = this.typeToSchema(ctx, decl.type);
    else schema = this.enumToSchema(decl);
    const doc = docOf(decl);
    if (doc) schema.description = doc;
    else delete schema.description;
    this.applyMarkers(schema, typeMarkers, decl, this.markerContext(decl));
    return schema;
  }

  private markerContext(decl: TypeDeclarationNode): SchemaMarkerContext {
    return { typeName: decl.name.text, enumConstants: () => this.enumConstants(decl) };
  }

  private applyMarkers(schema: JSONSchemaProps, markers: readonly MarkedValue[], node: ts.Node, ctx: SchemaMarkerContext): void {
    const found: MarkerProblem[] = [];
    applySchemaMarkers(schema, markers, ctx, found);
    for (const p of found) this.problems.push({ node, message: `${p.message} (+${p.marker.name})`, marker: p.marker });
  }

  private enumToSchema(decl: ts.EnumDeclaration): JSONSchemaProps {
    const values: string[] = [];
    for (const member of decl.members) {
      const init = member.initializer;
      if (!init || !(ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init))) {
        this.problems.push({ node: member, message: `enum ${decl.name.text} member ${member.name.getText()} must have a string value` });
        continue;
      }
      values.push(init.text);
    }
    return { type: 'string', enum: values };
  }

  /** A struct: properties, required list and `allOf` entries for the embedded (`extends`) types. */
  private interfaceToSchema(ctx: WalkContext, decl: ts.InterfaceDeclaration, typeMarkers: readonly MarkedValue[]): JSONSchemaProps {
    // `properties` is created with the first property: an empty struct has none (as Go omits an empty map).
    const props: JSONSchemaProps = { type: 'object' };
    for (const heritage of extendedTypes(decl)) {
      props.allOf ??= [];
      props.allOf.push(this.referenceToSchema(ctx, heritage, heritage.expression.getText(ctx.file), heritage.typeArguments ?? []));
    }
    this.membersInto(ctx, props, decl.members, decl, typeMarkers);
    return props;
  }

  private membersInto(
    ctx: WalkContext,
    props: JSONSchemaProps,
    members: readonly ts.TypeElement[],
    owner: ts.Node,
    typeMarkers: readonly MarkedValue[],
  ): void {
    const oneOfFields = new Set<string>();
    for (const m of typeMarkers) {
      if (!ONE_OF_MARKERS.includes(m.name)) continue;
      const fields = (Array.isArray(m.value) ? m.value : []).map(String);
      const nested = fields.filter((f) => f.includes('.'));
      if (nested.length > 0) {
        this.problems.push({ node: owner, marker: m, message: `${m.name}: cannot reference nested fields: ${nested.join(',')}` });
        return;
      }
      for (const f of fields) oneOfFields.add(f);
    }
    const required: string[] = [];
    const immutable: string[] = [];
    for (const member of members) {
      if (ts.isIndexSignatureDeclaration(member)) {
        const keyType = member.parameters[0]?.type;
        if (!keyType || keyType.kind !== ts.SyntaxKind.StringKeyword) {
          this.problems.push({ node: keyType ?? member, message: `map keys must be strings, not ${keyType?.getText(ctx.file) ?? 'nothing'}` });
          continue;
        }
        props.additionalProperties = this.typeToSchema(ctx, member.type);
        continue;
      }
      if (!ts.isPropertySignature(member)) {
        this.problems.push({ node: member, message: `only properties can be part of a CRD schema, found ${ts.SyntaxKind[member.kind]}` });
        continue;
      }
      const name = propertyName(member, ctx.file);
      const fieldMarkers = this.markers.forNode(member);
      const optional = member.questionToken !== undefined;
      const requiredError = (why: string) => {
        this.problems.push({ node: member, message: `field ${name} is part of OneOf constraint and ${why}` });
      };
      if (hasMarker(fieldMarkers, 'kubebuilder:validation:Optional')) {
        // explicitly optional
      } else if (hasMarker(fieldMarkers, 'kubebuilder:validation:Required')) {
        if (oneOfFields.has(name)) return requiredError('cannot be marked as required');
        required.push(name);
      } else if (hasMarker(fieldMarkers, 'optional') || hasMarker(fieldMarkers, 'k8s:optional')) {
        // explicitly optional
      } else if (hasMarker(fieldMarkers, 'required') || hasMarker(fieldMarkers, 'k8s:required')) {
        if (oneOfFields.has(name)) return requiredError('cannot be marked as required');
        required.push(name);
      } else if (!ctx.defaultOptional && !optional) {
        if (oneOfFields.has(name)) return requiredError('must be optional (`?`, as omitempty)');
        required.push(name);
      }

      const enumOnField = firstMarker(fieldMarkers, 'k8s:enum');
      if (enumOnField) this.problems.push({ node: member, marker: enumOnField, message: K8S_ENUM_ON_FIELD_ERROR });

      let fieldSchema: JSONSchemaProps;
      if (hasMarker(fieldMarkers, 'kubebuilder:validation:Schemaless')) fieldSchema = {};
      else {
        const typeNode = member.type;
        if (!typeNode) {
          this.problems.push({ node: member, message: `field ${name} has no type annotation` });
          fieldSchema = {};
        } else fieldSchema = this.typeToSchema(ctx, typeNode);
      }
      const doc = docOf(member);
      if (doc) fieldSchema.description = doc;
      else delete fieldSchema.description;
      // +k8s:enum belongs on types; on a field it is only the error reported above.
      this.applyMarkers(fieldSchema, enumOnField ? fieldMarkers.filter((m) => m.name !== 'k8s:enum') : fieldMarkers, member, {});
      if (hasMarker(fieldMarkers, 'k8s:immutable')) immutable.push(name);
      // Field names are the user's: without a prototype, `__proto__` and `constructor` are names like any other.
      (props.properties ??= Object.create(null) as Record<string, JSONSchemaProps>)[name] = fieldSchema;
    }
    required.sort();
    if (required.length > 0) props.required = required;
    for (const name of immutable) {
      if (required.includes(name)) continue;
      (props['x-kubernetes-validations'] ??= []).push({
        rule: `!has(oldSelf.${name}) || has(self.${name})`,
        message: `field ${name} is immutable once set`,
      });
    }
  }

  /** The schema of a type as written at a use site. */
  typeToSchema(ctx: WalkContext, node: ts.TypeNode): JSONSchemaProps {
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: 'string' };
      case ts.SyntaxKind.BooleanKeyword:
        return { type: 'boolean' };
      case ts.SyntaxKind.NumberKeyword:
        return { type: 'number' };
      case ts.SyntaxKind.BigIntKeyword:
        this.problems.push({ node, message: 'bigint is not supported in CRD schemas: use int64 from kubescaffolder/runtime' });
        return {};
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.ObjectKeyword:
        this.problems.push({
          node,
          message: `cannot generate schema for ${node.getText(ctx.file)}: it is not supported in CRD schemas; use an explicit type, or JSONValue / RawExtension from kubescaffolder/runtime`,
        });
        return {};
    }
    if (ts.isParenthesizedTypeNode(node)) return this.typeToSchema(ctx, node.type);
    if (ts.isTypeOperatorNode(node)) return this.typeToSchema(ctx, node.type);
    if (ts.isArrayTypeNode(node)) return { type: 'array', items: this.typeToSchema(ctx, node.elementType) };
    if (ts.isTypeLiteralNode(node)) {
      const props: JSONSchemaProps = { type: 'object' };
      this.membersInto(ctx, props, node.members, node, []);
      return props;
    }
    if (ts.isUnionTypeNode(node)) return this.unionToSchema(ctx, node.types, node);
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return { type: 'string', enum: [node.literal.text] };
    if (ts.isIntersectionTypeNode(node)) {
      return { type: 'object', allOf: node.types.map((t) => this.typeToSchema(ctx, t)) };
    }
    if (ts.isTypeReferenceNode(node)) return this.referenceToSchema(ctx, node, node.typeName.getText(ctx.file), node.typeArguments ?? []);
    this.problems.push({ node, message: `unsupported type ${node.getText(ctx.file)} in a CRD schema` });
    return {};
  }

  private unionToSchema(ctx: WalkContext, members: readonly ts.TypeNode[], node: ts.Node): JSONSchemaProps {
    const isNull = (t: ts.TypeNode) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword;
    const isUndefined = (t: ts.TypeNode) => t.kind === ts.SyntaxKind.UndefinedKeyword;
    const rest = members.filter((t) => !isNull(t) && !isUndefined(t));
    const nullable = rest.length < members.filter((t) => !isUndefined(t)).length;
    const literals = rest.map((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : undefined));
    let schema: JSONSchemaProps;
    if (rest.length === 1) schema = this.typeToSchema(ctx, rest[0]);
    else if (rest.length > 0 && literals.every((l) => l !== undefined)) schema = { type: 'string', enum: literals };
    else {
      this.problems.push({
        node,
        message: `union type ${node.getText(ctx.file)} is not supported in CRD schemas: use a union of string literals, T | null, or IntOrString`,
      });
      return {};
    }
    if (nullable) schema.nullable = true;
    return schema;
  }

  private referenceToSchema(ctx: WalkContext, node: ts.Node, name: string, args: readonly ts.TypeNode[]): JSONSchemaProps {
    switch (name) {
      case 'Array':
      case 'ReadonlyArray':
        if (args.length === 1) return { type: 'array', items: this.typeToSchema(ctx, args[0]) };
        break;
      case 'Record': {
        if (args.length === 2) {
          const key = args[0];
          if (key.kind !== ts.SyntaxKind.StringKeyword) {
            this.problems.push({ node: key, message: `map keys must be strings, not ${key.getText(ctx.file)}` });
            return {};
          }
          return { type: 'object', additionalProperties: this.typeToSchema(ctx, args[1]) };
        }
        break;
      }
      case 'Uint8Array':
        return { type: 'string', format: 'byte' };
    }
    const resolved: ResolvedType = this.index.resolve(ctx.file, name);
    switch (resolved.kind) {
      case 'runtime': {
        // Wire<T> is T as JSON (each Date a string): the same schema as T.
        if (resolved.name === 'Wire' && args.length === 1) return this.typeToSchema(ctx, args[0]);
        const known = runtimeTypeSchema(resolved.name);
        if (!known) {
          this.problems.push({ node, message: `kubescaffolder/runtime exports no API type ${resolved.name}` });
          return {};
        }
        if (BASIC_RUNTIME_TYPES.has(resolved.name)) return known;
        return { $ref: RUNTIME_REF_PREFIX + resolved.name };
      }
      case 'model': {
        const ref = this.builtins.referenceTo(resolved.name);
        if (!ref) {
          const missing = this.builtins.missingFrom?.(resolved.name);
          const field = fieldNameAround(node);
          const message = missing ? `${field ? `field ${field}: ` : ''}${missing}` : `@kubernetes/client-node has no model ${resolved.name}`;
          this.problems.push({ node, message });
          return {};
        }
        return { $ref: ref };
      }
      case 'declaration': {
        const ref = this.refFor(resolved.node);
        this.usedByCurrent?.add(resolved.node.getSourceFile().fileName);
        const out: JSONSchemaProps = { $ref: ref };
        // A named basic type carries its type and format at the use site, so markers there can check them.
        if (ts.isTypeAliasDeclaration(resolved.node)) {
          const target = this.schemaFor(ref);
          if (target?.type && SCALAR_TYPES.has(target.type)) out.type = target.type;
          else return out;
          if (target?.format) out.format = target.format;
        }
        return out;
      }
      case 'unresolved': {
        const hint = UNSUPPORTED_GLOBALS[name];
        this.problems.push({ node, message: hint ? `${name} is not supported in CRD schemas: ${hint}` : resolved.reason });
        return {};
      }
    }
  }

  /** String constants declared with the given type in the type's package folder (`const A: T = 'a'`). */
  private enumConstants(decl: TypeDeclarationNode): string[] {
    const name = decl.name.text;
    const dir = path.dirname(decl.getSourceFile().fileName);
    const values: string[] = [];
    for (const file of this.index.filesIn(dir)) {
      for (const statement of file.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const v of statement.declarationList.declarations) {
          const init = v.initializer;
          if (!v.type || !init || v.type.getText(file) !== name) continue;
          if (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) values.push(init.text);
        }
      }
    }
    return values;
  }
}

/** Global TypeScript types users reach for, and what to write instead. */
const UNSUPPORTED_GLOBALS: Record<string, string> = {
  Date: 'use Time from kubescaffolder/runtime (an RFC 3339 string)',
  Map: 'use Record<string, T>',
  Set: 'use T[] with +listType=set',
  Partial: 'declare the fields explicitly, with `?` for the optional ones',
  Required: 'declare the fields explicitly',
  Pick: 'declare the fields explicitly, or extend an interface that has them',
  Omit: 'declare the fields explicitly, or extend an interface that has them',
  Readonly: 'drop Readonly<...>: it does not change the schema',
  Promise: 'API types are data; use the type of the value',
  Function: 'API types are data',
  Object: 'use an interface, or JSONValue / RawExtension from kubescaffolder/runtime',
};

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

function propertyName(member: ts.PropertySignature, file: ts.SourceFile): string {
  const n = member.name;
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isNumericLiteral(n)) return n.text;
  return n.getText(file);
}

/** The types after `extends` of an interface. */
function extendedTypes(decl: ts.InterfaceDeclaration): readonly ts.ExpressionWithTypeArguments[] {
  const clause = decl.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
  return clause?.types ?? [];
}

/** The name of the property whose type `node` is part of, if any (for errors about a field's type). */
function fieldNameAround(node: ts.Node): string | undefined {
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if ((ts.isPropertySignature(n) || ts.isPropertyDeclaration(n)) && !ts.isComputedPropertyName(n.name)) return n.name.getText();
    if (ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n) || ts.isClassDeclaration(n)) return undefined;
  }
  return undefined;
}
