/**
 * Finds the declaration a type name stands for, across the files of the project, by syntax
 * alone (no type checker, and on the compiler's nodes: no ts-morph wrappers on this hot path):
 * local declarations, named and namespace imports, `export ... from` re-exports. Names from
 * kubescaffolder/runtime and @kubernetes/client-node resolve to known types.
 */
import path from 'node:path';
import { ts, type Project } from 'ts-morph';
import { CLIENT_NODE_MODULE, isRuntimeModule } from './known-modules.js';

export type TypeDeclarationNode = ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.EnumDeclaration;

/** What a type name resolves to. */
export type ResolvedType =
  | { kind: 'declaration'; node: TypeDeclarationNode; id: string }
  | { kind: 'runtime'; name: string }
  | { kind: 'model'; name: string }
  | { kind: 'unresolved'; reason: string };

export function declarationId(node: TypeDeclarationNode): string {
  return `${node.getSourceFile().fileName}#${node.name.text}`;
}

export function isTypeDeclaration(node: ts.Node): node is TypeDeclarationNode {
  return ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node);
}

/** The type declarations of a file by name (first wins, as interface before a same-named const). */
const declarationsByFile = new WeakMap<ts.SourceFile, Map<string, TypeDeclarationNode>>();

export function localDeclaration(file: ts.SourceFile, name: string): TypeDeclarationNode | undefined {
  let byName = declarationsByFile.get(file);
  if (!byName) {
    byName = new Map();
    for (const statement of file.statements) {
      if (isTypeDeclaration(statement) && !byName.has(statement.name.text)) byName.set(statement.name.text, statement);
    }
    declarationsByFile.set(file, byName);
  }
  return byName.get(name);
}

function moduleSpecifierText(node: ts.Expression | undefined): string | undefined {
  return node && ts.isStringLiteral(node) ? node.text : undefined;
}

export class TypeIndex {
  private readonly resolved = new Map<string, ResolvedType>();

  constructor(private readonly project: Project) {}

  /** Forgets what was resolved (after files changed on disk). */
  invalidate(): void {
    this.resolved.clear();
  }

  /** The compiler's source file at an absolute path, if the project has it. */
  sourceFile(filePath: string): ts.SourceFile | undefined {
    return this.project.getSourceFile(filePath)?.compilerNode;
  }

  /** The project's source files in a folder (an API package). */
  filesIn(dir: string): ts.SourceFile[] {
    return this.project
      .getSourceFiles()
      .filter((f) => path.dirname(f.getFilePath()) === dir)
      .map((f) => f.compilerNode);
  }

  /** The declaration a `file#Name` id stands for, read afresh from the project. */
  declarationById(id: string): TypeDeclarationNode | undefined {
    const hash = id.lastIndexOf('#');
    const file = this.sourceFile(id.slice(0, hash));
    return file ? localDeclaration(file, id.slice(hash + 1)) : undefined;
  }

  /** Resolves a (possibly qualified, `ns.Name`) type name as written in `file`. */
  resolve(file: ts.SourceFile, name: string): ResolvedType {
    const key = `${file.fileName}\u0000${name}`;
    let hit = this.resolved.get(key);
    if (!hit) {
      hit = this.resolveUncached(file, name, new Set());
      this.resolved.set(key, hit);
    }
    return hit;
  }

  private resolveUncached(file: ts.SourceFile, name: string, seen: Set<string>): ResolvedType {
    const dot = name.indexOf('.');
    if (dot > 0) return this.resolveQualified(file, name.slice(0, dot), name.slice(dot + 1), seen);

    const local = localDeclaration(file, name);
    if (local) return { kind: 'declaration', node: local, id: declarationId(local) };

    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        if (element.name.text !== name) continue;
        const specifier = moduleSpecifierText(statement.moduleSpecifier);
        if (specifier === undefined) break;
        return this.resolveExport(file, specifier, (element.propertyName ?? element.name).text, seen);
      }
    }
    return { kind: 'unresolved', reason: `unknown type ${name}` };
  }

  private resolveQualified(file: ts.SourceFile, ns: string, name: string, seen: Set<string>): ResolvedType {
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === ns) {
        const specifier = moduleSpecifierText(statement.moduleSpecifier);
        if (specifier !== undefined) return this.resolveExport(file, specifier, name, seen);
      }
    }
    return { kind: 'unresolved', reason: `unknown type ${ns}.${name}` };
  }

  /** The export `name` of module `specifier` imported from `from`. */
  private resolveExport(from: ts.SourceFile, specifier: string, name: string, seen: Set<string>): ResolvedType {
    if (specifier === CLIENT_NODE_MODULE) return { kind: 'model', name };
    if (!specifier.startsWith('.')) {
      if (isRuntimeModule(specifier)) return { kind: 'runtime', name };
      return { kind: 'unresolved', reason: `type ${name} comes from package ${specifier}, which has no known schema` };
    }
    const resolvedPath = path.resolve(path.dirname(from.fileName), specifier);
    if (isRuntimeModule(specifier, resolvedPath)) return { kind: 'runtime', name };
    const target = this.moduleFile(resolvedPath);
    if (!target) return { kind: 'unresolved', reason: `cannot find module ${specifier} (importing ${name})` };
    return this.exportOf(target, name, seen);
  }

  private exportOf(file: ts.SourceFile, name: string, seen: Set<string>): ResolvedType {
    const key = `${file.fileName}#${name}`;
    if (seen.has(key)) return { kind: 'unresolved', reason: `circular re-export of ${name}` };
    seen.add(key);
    const local = localDeclaration(file, name);
    if (local) return { kind: 'declaration', node: local, id: declarationId(local) };
    // A name the file imports and re-exports with `export { X }`.
    const imported = this.resolveUncached(file, name, seen);
    if (imported.kind !== 'unresolved') return imported;
    for (const statement of file.statements) {
      if (!ts.isExportDeclaration(statement)) continue;
      const specifier = moduleSpecifierText(statement.moduleSpecifier);
      if (specifier === undefined) continue;
      const clause = statement.exportClause;
      if (!clause) {
        const got = this.resolveExport(file, specifier, name, seen);
        if (got.kind !== 'unresolved') return got;
        continue;
      }
      if (!ts.isNamedExports(clause)) continue;
      for (const element of clause.elements) {
        if (element.name.text === name) return this.resolveExport(file, specifier, (element.propertyName ?? element.name).text, seen);
      }
    }
    return { kind: 'unresolved', reason: `${path.basename(file.fileName)} has no exported type ${name}` };
  }

  private moduleFile(base: string): ts.SourceFile | undefined {
    const stem = base.replace(/\.(js|ts|mjs|mts)$/, '');
    const candidates = [`${stem}.ts`, `${stem}.mts`, `${stem}.d.ts`, path.join(base, 'index.ts')];
    for (const candidate of candidates) {
      const sf = this.sourceFile(candidate);
      if (sf) return sf;
    }
    for (const candidate of [`${stem}.ts`, path.join(base, 'index.ts')]) {
      if (isRuntimeModule(candidate)) return undefined;
      try {
        const sf = this.project.addSourceFileAtPathIfExists(candidate);
        if (sf) return sf.compilerNode;
      } catch {
        // unreadable: reported by the caller as unresolved
      }
    }
    return undefined;
  }
}
