/**
 * The collector: finds every `//` marker comment in TypeScript sources, attaches it to its declaration
 * (type, field) or to its package (the folder), and parses it against the registry.
 *
 * Attachment follows controller-gen: a node owns the markers of its doc group (comments adjacent to it)
 * and of the group just above that (the marker block). At top level, earlier groups, markers on
 * statements that are not type declarations, and comments at the end of a file are package markers.
 * Where controller-gen would silently drop a package marker sitting on a type's doc comment
 * (`// +kubebuilder:rbac:...` right above `export class FooReconciler`), we move it to the package;
 * markers above a class's methods (where Go code has them above `Reconcile`) are package markers too.
 */
import path from 'node:path';
import { Node, type SourceFile, ts } from 'ts-morph';
import { type CommentGroup, type LeadingComments, commentGroupsAt, isMarkerComment, leadingComments, lineStarts } from './comments.js';
import type { Diagnostic } from './diagnostic.js';
import { parseMarker } from './grammar.js';
import { nestingProblem } from './nesting.js';
import type { MarkerRegistry } from './registry.js';
import { MarkerSyntaxError } from './scanner.js';
import { isCheckedMarker, nearestMarkerName } from './suggest.js';
import { type DefinitionRef, firstMarkerOf, markersOf } from './typed-values.js';
import type { MarkedValue, MarkerDefinition, MarkerTarget, MarkerValue, SourceLocation, TypedMarkedValue } from './types.js';

/** The markers of one node or package, in source order. */
export class MarkerValues {
  static readonly EMPTY = new MarkerValues([]);

  constructor(private readonly values: readonly MarkedValue[]) {}

  /** The first value of the marker (controller-gen's Get), or undefined. */
  get(name: string): MarkedValue | undefined {
    return this.values.find((v) => v.name === name);
  }

  getAll(name: string): MarkedValue[] {
    return this.values.filter((v) => v.name === name);
  }

  /** The first marker of a definition, its value typed from it, or undefined. */
  first<D extends DefinitionRef>(def: D): TypedMarkedValue<D> | undefined {
    return firstMarkerOf(def, this.values);
  }

  /** Every marker of a definition, values typed from it. */
  of<D extends DefinitionRef>(def: D): TypedMarkedValue<D>[] {
    return markersOf(def, this.values);
  }

  has(name: string): boolean {
    return this.values.some((v) => v.name === name);
  }

  names(): string[] {
    return [...new Set(this.values.map((v) => v.name))];
  }

  all(): readonly MarkedValue[] {
    return this.values;
  }

  get size(): number {
    return this.values.length;
  }
}

interface RawMarker {
  readonly text: string;
  readonly location: SourceLocation;
}

/** What one file contributes. */
export interface FileMarkers {
  readonly fileName: string;
  /** The package: the file's folder, absolute. */
  readonly dir: string;
  readonly nodes: ReadonlyMap<ts.Node, readonly MarkedValue[]>;
  readonly packageMarkers: readonly MarkedValue[];
  readonly diagnostics: readonly Diagnostic[];
}

type AnySourceFile = SourceFile | ts.SourceFile;

function compilerSourceFile(sf: AnySourceFile): ts.SourceFile {
  return Node.isNode(sf) ? sf.compilerNode : sf;
}

const TYPE_DECLARATION_KINDS = new Set([
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.EnumDeclaration,
]);

const CLASS_FUNCTION_KINDS = new Set([
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

const FIELD_KINDS = new Set([ts.SyntaxKind.PropertySignature, ts.SyntaxKind.PropertyDeclaration, ts.SyntaxKind.EnumMember]);

// read once: properties of the `ts` namespace are getters, and the member walk visits every node
const FIRST_NODE = ts.SyntaxKind.FirstNode;
const forEachChild = ts.forEachChild;
const isFunctionLike = ts.isFunctionLike;

/**
 * Parsed values by definition and marker text. The same texts recur on field after field and file after
 * file (`+optional`, `+kubebuilder:validation:MinLength=1`, ...), and a parse depends on nothing else.
 * Texts that fail to parse are not kept (they throw again, with their position, each time).
 */
const parsedValues = new WeakMap<MarkerDefinition, Map<string, MarkerValue>>();

function copyValue(value: MarkerValue): MarkerValue {
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyValue);
  const out: { [key: string]: MarkerValue } = Object.create(null) as { [key: string]: MarkerValue }; // keys are the user's: `__proto__` is one like any other
  for (const key of Object.keys(value)) out[key] = copyValue(value[key]);
  return out;
}

function parseCached(def: MarkerDefinition, text: string): MarkerValue {
  let forDef = parsedValues.get(def);
  if (forDef === undefined) parsedValues.set(def, (forDef = new Map<string, MarkerValue>()));
  let value = forDef.get(text);
  if (value === undefined) {
    value = parseMarker(def, text);
    if (forDef.size >= 1000) forDef.clear();
    forDef.set(text, value);
  }
  // each marker gets its own copy of an array or object value, as when it was parsed on its own
  return copyValue(value);
}

/** `//`, optional whitespace, `+`: every marker comment matches (so does some other text, which only costs a walk). */
const MARKER_TEXT = /\/\/\s*\+/;

/** Whether text[from, to) may hold a marker comment: the member walk skips declarations whose members have none. */
function mayHoldMarker(text: string, from: number, to: number): boolean {
  return MARKER_TEXT.test(text.slice(from, to));
}

/** Where a node's leading comments end (its own text, members included, follows). */
function endOfLeadingComments(lc: LeadingComments, pos: number): number {
  const group = lc.doc ?? lc.markerBlock ?? lc.earlier[lc.earlier.length - 1];
  return group && group.length > 0 ? group[group.length - 1].end : pos;
}

/** Collects the markers of one file. */
export function collectFileMarkers(source: AnySourceFile, registry: MarkerRegistry): FileMarkers {
  const sf = compilerSourceFile(source);
  const fileName = path.resolve(sf.fileName);
  const nodes = new Map<ts.Node, MarkedValue[]>();
  const packageMarkers: MarkedValue[] = [];
  const diagnostics: Diagnostic[] = [];
  const starts = lineStarts(sf);

  const markersOf = (groups: readonly (CommentGroup | undefined)[]): RawMarker[] => {
    const out: RawMarker[] = [];
    for (const group of groups) {
      for (const c of group ?? []) {
        if (!isMarkerComment(sf, c)) continue;
        const raw = sf.text.slice(c.pos + 2, c.end);
        const plus = c.pos + 2 + raw.indexOf('+');
        // a `//` comment is one line: the `+` is on the comment's first line
        const column = plus - (starts[c.startLine]);
        out.push({ text: raw.trim(), location: { file: fileName, line: c.startLine + 1, column: column + 1 } });
      }
    }
    return out;
  };

  const parse = (raw: RawMarker, target: MarkerTarget): MarkedValue | undefined => {
    const def = registry.lookup(raw.text, target);
    if (def === undefined) {
      report(raw, target);
      return undefined;
    }
    try {
      return { name: def.name, value: parseCached(def, raw.text), target, location: raw.location, text: raw.text.slice(1) };
    } catch (e) {
      if (!(e instanceof MarkerSyntaxError)) throw e;
      diagnostics.push({
        severity: 'error',
        message: `invalid marker +${def.name}: ${e.message}`,
        file: fileName,
        line: raw.location.line,
        column: raw.location.column + e.offset,
      });
      return undefined;
    }
  };

  const report = (raw: RawMarker, target: MarkerTarget): void => {
    if (!isCheckedMarker(raw.text)) return;
    const head = raw.text.split('=')[0];
    if (registry.isKnown(raw.text)) {
      const targets = (['package', 'type', 'field'] as const).filter((t) => registry.lookup(raw.text, t) !== undefined);
      diagnostics.push({
        severity: 'warning',
        message: `marker ${head} does not apply to a ${target} (it applies to: ${targets.join(', ')}); it is ignored here`,
        ...raw.location,
      });
      return;
    }
    const near = nearestMarkerName(raw.text.slice(1), registry.names());
    diagnostics.push({
      severity: 'warning', // an error under --strict (src/generators/manifests/runtime.ts)
      message: `unknown marker ${head}${near ? `: did you mean +${near}?` : ''}`,
      ...raw.location,
    });
  };

  const attach = (node: ts.Node, raws: readonly RawMarker[], target: MarkerTarget, topLevel: boolean): void => {
    const own: MarkedValue[] = [];
    for (const raw of raws) {
      const routeToPackage = target === 'package' || (topLevel && registry.lookup(raw.text, target) === undefined && registry.lookup(raw.text, 'package') !== undefined);
      const value = parse(raw, routeToPackage ? 'package' : target);
      if (value === undefined) continue;
      (routeToPackage ? packageMarkers : own).push(value);
    }
    if (own.length > 0) nodes.set(node, own);
  };

  const visitChild = (child: ts.Node): undefined => {
    if (FIELD_KINDS.has(child.kind)) {
      const lc = leadingComments(sf, child);
      attach(child, markersOf([lc.markerBlock, lc.doc]), 'field', false);
    } else if (CLASS_FUNCTION_KINDS.has(child.kind)) {
      // `+kubebuilder:rbac` above a reconcile method, as Go writes it above the Reconcile function
      const lc = leadingComments(sf, child);
      attach(child, markersOf([lc.markerBlock, lc.doc]), 'package', false);
    }
    // markers inside function bodies belong to no declaration; tokens and identifiers have no children
    if (child.kind < FIRST_NODE || isFunctionLike(child)) return;
    visitMembers(child);
  };
  const visitMembers = (node: ts.Node): void => {
    forEachChild(node, visitChild);
  };

  // A file nested past the limits is reported, and not walked (the walk would run out of stack).
  const tooDeep = nestingProblem(sf);
  if (tooDeep) diagnostics.push(tooDeep);

  for (const statement of sf.statements) {
    const lc = leadingComments(sf, statement);
    attach(statement, markersOf(lc.earlier), 'package', true);
    const own = markersOf([lc.markerBlock, lc.doc]);
    if (TYPE_DECLARATION_KINDS.has(statement.kind)) {
      attach(statement, own, 'type', true);
      if (!tooDeep && mayHoldMarker(sf.text, endOfLeadingComments(lc, statement.pos), statement.end)) visitMembers(statement);
    } else {
      attach(statement, own, 'package', true);
    }
  }
  attach(sf.endOfFileToken, markersOf(commentGroupsAt(sf, sf.endOfFileToken.pos)), 'package', true);

  return { fileName, dir: path.dirname(fileName), nodes, packageMarkers, diagnostics };
}

/**
 * The markers of a set of files. Files can be replaced one at a time (watch mode re-reads only what changed).
 */
export class MarkerCollection {
  private readonly files = new Map<string, FileMarkers>();
  private readonly byNode = new Map<ts.Node, MarkerValues>();
  /** Package markers by folder; only the folder of an updated or removed file is dropped. */
  private readonly packageCache = new Map<string, MarkerValues>();
  /** Each file's markers in source order, computed once per collected file. */
  private readonly sortedByFile = new WeakMap<FileMarkers, readonly MarkedValue[]>();
  /** Sorted file names and folders: change only when a file is added or removed, not when one is re-read. */
  private namesCache: string[] | undefined;
  private packagesCache: string[] | undefined;
  private allCache: MarkedValue[] | undefined;
  private diagnosticsCache: Diagnostic[] | undefined;

  constructor(private readonly registry: MarkerRegistry) {}

  /** Collects (or re-collects) one file. */
  update(source: AnySourceFile): FileMarkers {
    const sf = compilerSourceFile(source);
    let collected: FileMarkers;
    try {
      collected = collectFileMarkers(sf, this.registry);
    } catch (e) {
      this.remove(sf.fileName);
      throw e;
    }
    const existing = this.files.get(collected.fileName);
    if (existing !== undefined) {
      for (const node of existing.nodes.keys()) this.byNode.delete(node);
    } else {
      this.namesCache = undefined;
      this.packagesCache = undefined;
    }
    this.files.set(collected.fileName, collected);
    for (const [node, values] of collected.nodes) this.byNode.set(node, new MarkerValues(values));
    this.changed(collected.dir);
    return collected;
  }

  remove(fileName: string): void {
    const existing = this.files.get(path.resolve(fileName));
    if (existing === undefined) return;
    for (const node of existing.nodes.keys()) this.byNode.delete(node);
    this.files.delete(existing.fileName);
    this.namesCache = undefined;
    this.packagesCache = undefined;
    this.changed(existing.dir);
  }

  private changed(dir: string): void {
    this.packageCache.delete(dir);
    this.allCache = undefined;
    this.diagnosticsCache = undefined;
  }

  /** The markers attached to a declaration or field (empty when none). */
  forNode(node: Node | ts.Node): MarkerValues {
    const key = node instanceof Node ? node.compilerNode : node;
    return this.byNode.get(key) ?? MarkerValues.EMPTY;
  }

  /** The package markers of a folder (all its files), in file-name then source order. */
  forPackage(dir: string): MarkerValues {
    let cached = this.packageCache.get(dir);
    if (cached !== undefined) return cached;
    const key = path.resolve(dir);
    cached = this.packageCache.get(key);
    if (cached === undefined) {
      const values: MarkedValue[] = [];
      for (const name of this.sortedNames()) {
        const f = this.files.get(name) as FileMarkers;
        if (f.dir === key) values.push(...f.packageMarkers);
      }
      cached = new MarkerValues(values);
      this.packageCache.set(key, cached);
    }
    return cached;
  }

  /** Folders that have at least one collected file. */
  packages(): string[] {
    this.packagesCache ??= [...new Set([...this.files.values()].map((f) => f.dir))].sort();
    return [...this.packagesCache];
  }

  fileNames(): string[] {
    return [...this.sortedNames()];
  }

  private sortedNames(): readonly string[] {
    this.namesCache ??= [...this.files.keys()].sort();
    return this.namesCache;
  }

  /** Every parsed marker, by file name then source position. */
  all(): readonly MarkedValue[] {
    if (this.allCache === undefined) {
      const out: MarkedValue[] = [];
      for (const name of this.sortedNames()) out.push(...this.sortedMarkers(this.files.get(name) as FileMarkers));
      this.allCache = out;
    }
    return this.allCache;
  }

  /** Every marker of a definition (on its targets), by file name then source position, values typed from it. */
  values<D extends DefinitionRef>(def: D): TypedMarkedValue<D>[] {
    return markersOf(def, this.all());
  }

  private sortedMarkers(f: FileMarkers): readonly MarkedValue[] {
    let sorted = this.sortedByFile.get(f);
    if (sorted === undefined) {
      const byPosition = (a: MarkedValue, b: MarkedValue) => a.location.line - b.location.line || a.location.column - b.location.column;
      sorted = [...f.packageMarkers, ...[...f.nodes.values()].flat()].sort(byPosition);
      this.sortedByFile.set(f, sorted);
    }
    return sorted;
  }

  get diagnostics(): Diagnostic[] {
    this.diagnosticsCache ??= this.sortedNames()
      .flatMap((n) => this.files.get(n)?.diagnostics ?? [])
      .sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
    return [...this.diagnosticsCache];
  }
}

/** Collects the markers of every given source file. */
export function collectMarkers(sourceFiles: Iterable<AnySourceFile>, registry: MarkerRegistry): MarkerCollection {
  const collection = new MarkerCollection(registry);
  for (const sf of sourceFiles) collection.update(sf);
  return collection;
}
