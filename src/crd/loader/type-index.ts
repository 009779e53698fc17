/**
 * Finds the declaration a type name stands for, across the files of the project, by syntax
 * alone (no type checker): local declarations, named and namespace imports, `export ... from`
 * re-exports. Names from scaffolder/runtime and @kubernetes/client-node resolve to known types.
 */
import path from 'node:path';
import {
  Node,
  type EnumDeclaration,
  type InterfaceDeclaration,
  type Project,
  type SourceFile,
  type TypeAliasDeclaration,
} from 'ts-morph';
import { CLIENT_NODE_MODULE, isRuntimeModule } from '../schema/known-types.js';

export type TypeDeclarationNode = InterfaceDeclaration | TypeAliasDeclaration | EnumDeclaration;

/** What a type name resolves to. */
export type ResolvedType =
  | { kind: 'declaration'; node: TypeDeclarationNode; id: string }
  | { kind: 'runtime'; name: string }
  | { kind: 'model'; name: string }
  | { kind: 'unresolved'; reason: string };

export function declarationId(node: TypeDeclarationNode): string {
  return `${node.getSourceFile().getFilePath()}#${node.getName()}`;
}

export class TypeIndex {
  private readonly resolved = new Map<string, ResolvedType>();

  constructor(private readonly project: Project) {}

  /** Forgets what was resolved through a file (after it changed on disk). */
  invalidate(): void {
    this.resolved.clear();
  }

  /** The declaration a `file#Name` id stands for, read afresh from the project. */
  declarationById(id: string): TypeDeclarationNode | undefined {
    const hash = id.lastIndexOf('#');
    const file = this.project.getSourceFile(id.slice(0, hash));
    return file ? localDeclaration(file, id.slice(hash + 1)) : undefined;
  }

  /** Resolves a (possibly qualified, `ns.Name`) type name as written in `file`. */
  resolve(file: SourceFile, name: string): ResolvedType {
    const key = `${file.getFilePath()}\u0000${name}`;
    let hit = this.resolved.get(key);
    if (!hit) {
      hit = this.resolveUncached(file, name, new Set());
      this.resolved.set(key, hit);
    }
    return hit;
  }

  private resolveUncached(file: SourceFile, name: string, seen: Set<string>): ResolvedType {
    const dot = name.indexOf('.');
    if (dot > 0) return this.resolveQualified(file, name.slice(0, dot), name.slice(dot + 1), seen);

    const local = localDeclaration(file, name);
    if (local) return { kind: 'declaration', node: local, id: declarationId(local) };

    for (const imp of file.getImportDeclarations()) {
      for (const spec of imp.getNamedImports()) {
        const alias = spec.getAliasNode()?.getText() ?? spec.getName();
        if (alias !== name) continue;
        return this.resolveExport(file, imp.getModuleSpecifierValue(), spec.getName(), seen);
      }
    }
    return { kind: 'unresolved', reason: `unknown type ${name}` };
  }

  private resolveQualified(file: SourceFile, ns: string, name: string, seen: Set<string>): ResolvedType {
    for (const imp of file.getImportDeclarations()) {
      if (imp.getNamespaceImport()?.getText() === ns) return this.resolveExport(file, imp.getModuleSpecifierValue(), name, seen);
    }
    return { kind: 'unresolved', reason: `unknown type ${ns}.${name}` };
  }

  /** The export `name` of module `specifier` imported from `from`. */
  private resolveExport(from: SourceFile, specifier: string, name: string, seen: Set<string>): ResolvedType {
    if (specifier === CLIENT_NODE_MODULE) return { kind: 'model', name };
    if (!specifier.startsWith('.')) {
      if (isRuntimeModule(specifier)) return { kind: 'runtime', name };
      return { kind: 'unresolved', reason: `type ${name} comes from package ${specifier}, which has no known schema` };
    }
    const target = this.moduleFile(from, specifier);
    if (!target) {
      const resolvedPath = path.resolve(from.getDirectoryPath(), specifier);
      if (isRuntimeModule(specifier, resolvedPath)) return { kind: 'runtime', name };
      return { kind: 'unresolved', reason: `cannot find module ${specifier} (importing ${name})` };
    }
    if (isRuntimeModule(specifier, target.getFilePath())) return { kind: 'runtime', name };
    return this.exportOf(target, name, seen);
  }

  private exportOf(file: SourceFile, name: string, seen: Set<string>): ResolvedType {
    const key = `${file.getFilePath()}#${name}`;
    if (seen.has(key)) return { kind: 'unresolved', reason: `circular re-export of ${name}` };
    seen.add(key);
    const local = localDeclaration(file, name);
    if (local) return { kind: 'declaration', node: local, id: declarationId(local) };
    // An imported name that the file re-exports by `export { X }` or uses only as a type alias target.
    const imported = this.resolveUncached(file, name, seen);
    if (imported.kind !== 'unresolved') return imported;
    for (const exp of file.getExportDeclarations()) {
      const spec = exp.getModuleSpecifierValue();
      if (!spec) continue;
      const named = exp.getNamedExports();
      if (named.length === 0) {
        const got = this.resolveExport(file, spec, name, seen);
        if (got.kind !== 'unresolved') return got;
        continue;
      }
      for (const n of named) {
        const exported = n.getAliasNode()?.getText() ?? n.getName();
        if (exported === name) return this.resolveExport(file, spec, n.getName(), seen);
      }
    }
    return { kind: 'unresolved', reason: `${file.getBaseName()} has no exported type ${name}` };
  }

  private moduleFile(from: SourceFile, specifier: string): SourceFile | undefined {
    const base = path.resolve(from.getDirectoryPath(), specifier);
    const stem = base.replace(/\.(js|ts|mjs|mts)$/, '');
    for (const candidate of [`${stem}.ts`, `${stem}.mts`, `${stem}.d.ts`, path.join(base, 'index.ts')]) {
      const sf = this.project.getSourceFile(candidate);
      if (sf) return sf;
    }
    for (const candidate of [`${stem}.ts`, path.join(base, 'index.ts')]) {
      if (isRuntimeModule(candidate)) return undefined;
      try {
        const sf = this.project.addSourceFileAtPathIfExists(candidate);
        if (sf) return sf;
      } catch {
        // unreadable: reported by the caller as unresolved
      }
    }
    return undefined;
  }
}

function localDeclaration(file: SourceFile, name: string): TypeDeclarationNode | undefined {
  return file.getInterface(name) ?? file.getTypeAlias(name) ?? file.getEnum(name);
}

export function isTypeDeclaration(node: Node): node is TypeDeclarationNode {
  return Node.isInterfaceDeclaration(node) || Node.isTypeAliasDeclaration(node) || Node.isEnumDeclaration(node);
}
