/**
 * Where in the sources a CRD validation error comes from: maps a field path of the generated CRD
 * (`spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size].default`) back to
 * the marker or declaration that produced it, by walking the kind's TypeScript types along the
 * schema path and picking the marker that writes the offending keyword.
 */
import { ts } from 'ts-morph';
import type { MarkedValue, SourceLocation } from '../../markers/index.js';
import type { TypeIndex } from './loader/type-index.js';

/** The marker names (last segment) that write a schema keyword. */
const KEYWORD_MARKERS: Readonly<Record<string, readonly string[]>> = {
  default: ['default'],
  pattern: ['Pattern'],
  maximum: ['Maximum'],
  minimum: ['Minimum'],
  exclusiveMaximum: ['ExclusiveMaximum'],
  exclusiveMinimum: ['ExclusiveMinimum'],
  maxLength: ['MaxLength'],
  minLength: ['MinLength'],
  maxItems: ['MaxItems'],
  minItems: ['MinItems'],
  maxProperties: ['MaxProperties'],
  minProperties: ['MinProperties'],
  multipleOf: ['MultipleOf'],
  enum: ['Enum'],
  format: ['Format'],
  type: ['Type'],
  nullable: ['Nullable', 'nullable'],
  uniqueItems: ['UniqueItems'],
  'x-kubernetes-list-type': ['listType'],
  'x-kubernetes-list-map-keys': ['listMapKey'],
  'x-kubernetes-map-type': ['mapType'],
  'x-kubernetes-preserve-unknown-fields': ['PreserveUnknownFields'],
  'x-kubernetes-embedded-resource': ['EmbeddedResource'],
  'x-kubernetes-int-or-string': ['XIntOrString'],
  'x-kubernetes-validations': ['XValidation'],
};

export interface VersionSource {
  /** The version's name in the CRD. */
  version: string;
  /** The kind's root type in that version's package. */
  decl: ts.InterfaceDeclaration | ts.TypeAliasDeclaration;
  /** Package markers (`+groupName`, `+versionName`). */
  packageMarkers: readonly MarkedValue[];
}

export interface LocatorContext {
  index: TypeIndex;
  markersOf(node: ts.Node): readonly MarkedValue[];
  /** The CRD's versions as written, in CRD order. */
  versionNames: readonly string[];
  sources: readonly VersionSource[];
}

function nodeLocation(node: ts.Node): SourceLocation {
  const sf = node.getSourceFile();
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return { file: sf.fileName, line: line + 1, column: character + 1 };
}

const lastSegment = (name: string) => name.slice(name.lastIndexOf(':') + 1);

function findMarker(markers: readonly MarkedValue[], names: readonly string[], prefix = ''): MarkedValue | undefined {
  return markers.find((m) => names.includes(lastSegment(m.name)) && (prefix === '' ? !m.name.includes(':items:') : m.name.includes(prefix)));
}

/** The type node behind optional/null unions and parentheses. */
function unwrap(type: ts.TypeNode | undefined): ts.TypeNode | undefined {
  let t = type;
  for (;;) {
    if (!t) return undefined;
    if (ts.isParenthesizedTypeNode(t)) t = t.type;
    else if (ts.isUnionTypeNode(t)) {
      const rest = t.types.filter(
        (x) => x.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(x) && x.literal.kind === ts.SyntaxKind.NullKeyword),
      );
      if (rest.length !== 1) return t;
      t = rest[0];
    } else return t;
  }
}

/** What a type node stands for: its declaration's members, or the node itself. */
function placeOf(
  ctx: LocatorContext,
  typeNode: ts.TypeNode | undefined,
  seen = 0,
): { decl?: ts.Node; members?: readonly ts.TypeElement[]; typeNode?: ts.TypeNode } {
  const t = unwrap(typeNode);
  if (!t || seen > 10) return {};
  if (ts.isTypeLiteralNode(t)) return { members: t.members, typeNode: t };
  if (ts.isTypeReferenceNode(t)) {
    const name = t.typeName.getText(t.getSourceFile());
    if ((name === 'Array' || name === 'ReadonlyArray' || name === 'Record') && t.typeArguments) return { typeNode: t };
    const resolved = ctx.index.resolve(t.getSourceFile(), name);
    if (resolved.kind !== 'declaration') return { typeNode: t };
    const decl = resolved.node;
    if (ts.isInterfaceDeclaration(decl)) return { decl, members: allMembers(ctx, decl) };
    if (ts.isTypeAliasDeclaration(decl)) {
      const inner = placeOf(ctx, decl.type, seen + 1);
      return { ...inner, decl: inner.decl ?? decl, typeNode: inner.typeNode ?? decl.type };
    }
    return { decl };
  }
  return { typeNode: t };
}

// `seen` stops at a cycle (`interface T extends T`, which the generator reports on its own).
function allMembers(ctx: LocatorContext, decl: ts.InterfaceDeclaration, seen = new Set<ts.Node>()): ts.TypeElement[] {
  if (seen.has(decl)) return [];
  seen.add(decl);
  const out = [...decl.members];
  for (const clause of decl.heritageClauses ?? []) {
    for (const base of clause.types) {
      const resolved = ctx.index.resolve(decl.getSourceFile(), base.expression.getText(decl.getSourceFile()));
      if (resolved.kind === 'declaration' && ts.isInterfaceDeclaration(resolved.node)) out.push(...allMembers(ctx, resolved.node, seen));
    }
  }
  return out;
}

/** The element type of an array type node (`T[]`, `Array<T>`), or of a map (`Record<string, T>`, index signature). */
function elementOf(typeNode: ts.TypeNode | undefined, members: readonly ts.TypeElement[] | undefined, what: 'items' | 'additionalProperties'): ts.TypeNode | undefined {
  const t = unwrap(typeNode);
  if (what === 'items') {
    if (t && ts.isArrayTypeNode(t)) return t.elementType;
    if (t && ts.isTypeReferenceNode(t) && /^(Readonly)?Array$/.test(t.typeName.getText()) && t.typeArguments) return t.typeArguments[0];
    return undefined;
  }
  if (t && ts.isTypeReferenceNode(t) && t.typeName.getText() === 'Record' && t.typeArguments) return t.typeArguments[1];
  const index = members?.find(ts.isIndexSignatureDeclaration);
  return index?.type;
}

const STEP = /^\.(?:properties\[([^\]]*)\]|(items)|(additionalProperties))/;

/**
 * The source location of a CRD field error, or undefined when no version source fits (the caller
 * falls back to the kind's declaration).
 */
export function locateCrdField(field: string, ctx: LocatorContext): SourceLocation | undefined {
  const versionMatch = /^spec\.versions\[(\d+)\](.*)$/.exec(field);
  const first = ctx.sources[0];
  if (!first) return undefined;
  const allMarkers = (name: string) => ctx.sources.flatMap((s) => ctx.markersOf(s.decl)).find((m) => m.name === name);
  const packageMarker = (name: string) => ctx.sources.flatMap((s) => s.packageMarkers).find((m) => m.name === name);
  if (!versionMatch) {
    if (field.startsWith('metadata.annotations')) return (allMarkers('kubebuilder:metadata') ?? packageMarker('groupName') ?? { location: nodeLocation(first.decl) }).location;
    if (field.startsWith('spec.group')) return (packageMarker('groupName') ?? { location: nodeLocation(first.decl) }).location;
    if (field === 'metadata.name' || field.startsWith('spec.names') || field === 'spec.scope') {
      const resource = allMarkers('kubebuilder:resource');
      if (resource && !field.endsWith('.kind') && !field.endsWith('.listKind')) return resource.location;
      if (field === 'metadata.name') return (packageMarker('groupName') ?? { location: nodeLocation(first.decl) }).location;
    }
    return nodeLocation(first.decl);
  }
  const source = ctx.sources.find((s) => s.version === ctx.versionNames[Number(versionMatch[1])]) ?? first;
  const rest = versionMatch[2];
  const own = ctx.markersOf(source.decl);
  const byName = (name: string) => own.find((m) => m.name === name);
  const column = /^\.additionalPrinterColumns\[(\d+)\]/.exec(rest);
  if (column) return own.filter((m) => m.name === 'kubebuilder:printcolumn')[Number(column[1])]?.location ?? nodeLocation(source.decl);
  const selectable = /^\.selectableFields\[(\d+)\]/.exec(rest);
  if (selectable) return own.filter((m) => m.name === 'kubebuilder:selectablefield')[Number(selectable[1])]?.location ?? nodeLocation(source.decl);
  if (rest.startsWith('.subresources.scale')) return byName('kubebuilder:subresource:scale')?.location ?? nodeLocation(source.decl);
  if (rest.startsWith('.deprecationWarning')) return byName('kubebuilder:deprecatedversion')?.location ?? nodeLocation(source.decl);
  if (rest === '.name') return (source.packageMarkers.find((m) => m.name === 'versionName') ?? { location: nodeLocation(source.decl) }).location;
  const schemaPrefix = '.schema.openAPIV3Schema';
  if (!rest.startsWith(schemaPrefix)) return nodeLocation(source.decl);
  return locateSchemaPath(rest.slice(schemaPrefix.length), source.decl, ctx);
}

/** Walks `path` (below openAPIV3Schema) through the types from `root`. */
function locateSchemaPath(path: string, root: ts.InterfaceDeclaration | ts.TypeAliasDeclaration, ctx: LocatorContext): SourceLocation {
  let holder: ts.Node = root; // the field or declaration whose markers apply
  // A kind declared as an alias of another version's kind is walked through the aliased declaration.
  const start = ts.isInterfaceDeclaration(root) ? { decl: root as ts.Node, members: allMembers(ctx, root), typeNode: undefined } : placeOf(ctx, root.type);
  let typeDecl: ts.Node | undefined = start.decl ?? root;
  let members: readonly ts.TypeElement[] | undefined = start.members;
  let typeNode: ts.TypeNode | undefined = start.typeNode;
  let itemsDepth = 0; // `.items` steps taken inside one field (items markers)
  let rest = path;
  for (;;) {
    const step = STEP.exec(rest);
    if (!step) break;
    rest = rest.slice(step[0].length);
    if (step[1] !== undefined) {
      const member = members?.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && propertyText(m) === step[1]);
      if (!member) break;
      holder = member;
      itemsDepth = 0;
      const place = placeOf(ctx, member.type);
      typeDecl = place.decl;
      members = place.members;
      typeNode = place.typeNode ?? member.type;
    } else {
      const element = elementOf(typeNode, members, step[2] ? 'items' : 'additionalProperties');
      if (!element) break;
      const place = placeOf(ctx, element);
      if (place.decl) {
        typeDecl = place.decl;
        holder = place.decl;
        itemsDepth = 0;
      } else if (step[2]) itemsDepth++;
      members = place.members;
      typeNode = place.typeNode ?? element;
    }
  }
  const keyword = /^\.([A-Za-z$-]+)/.exec(rest)?.[1] ?? '';
  const names = KEYWORD_MARKERS[keyword];
  if (names) {
    const fromHolder = findMarker(ctx.markersOf(holder), names, itemsDepth > 0 ? ':items:' : '');
    if (fromHolder) return fromHolder.location;
    if (typeDecl && typeDecl !== holder) {
      const fromType = findMarker(ctx.markersOf(typeDecl), names);
      if (fromType) return fromType.location;
    }
  }
  return nodeLocation(holder);
}

function propertyText(member: ts.PropertySignature): string {
  const n = member.name;
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isNumericLiteral(n)) return n.text;
  return n.getText();
}
