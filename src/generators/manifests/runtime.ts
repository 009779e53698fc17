/**
 * Runs generators over one loaded project (controller-tools' genall.Runtime): it owns the marker registry
 * every generator registers in, the one marker collection they share, watch mode's re-reading of changed
 * files, and what becomes of the generators' diagnostics (syntax errors first, de-duplication, --strict),
 * each done here once.
 */
import path from 'node:path';
import { type Project, type SourceFile, ts } from 'ts-morph';
import { existsSync } from 'node:fs';
import { type Diagnostic, type MarkerCollection, MarkerRegistry, collectMarkers, defineCommonMarkers, nestingProblem } from '../../markers/index.js';
import type { GeneratedOutput, GenerationContext, GenerationResult, Generator } from '../generator.js';

export interface RuntimeOptions {
  /** The loaded sources (loader.ts). */
  readonly project: Project;
  readonly generators: readonly Generator[];
  /** Absolute. */
  readonly projectDir: string;
  /** Absolute. */
  readonly outputDir: string;
  /** Every warning (an unknown marker, ...) is an error: `manifests --strict`. */
  readonly strict?: boolean;
}

/** The registry of the markers every generator reads, and of those no generator reads but kubebuilder projects carry. */
export function createRegistry(generators: readonly Generator[]): MarkerRegistry {
  const registry = new MarkerRegistry();
  defineCommonMarkers(registry);
  for (const generator of generators) generator.registerMarkers(registry);
  return registry;
}

export class GeneratorRuntime {
  readonly project: Project;
  readonly registry: MarkerRegistry;
  readonly markers: MarkerCollection;
  private readonly context: GenerationContext;

  constructor(private readonly options: RuntimeOptions) {
    this.project = options.project;
    this.registry = createRegistry(options.generators);
    this.markers = collectMarkers(this.project.getSourceFiles(), this.registry);
    this.context = { project: this.project, markers: this.markers, projectDir: options.projectDir, outputDir: options.outputDir };
  }

  /** Re-reads changed, added or deleted source files (absolute paths). */
  refresh(changed: readonly string[]): void {
    for (const file of changed) {
      const existing = this.project.getSourceFile(file);
      if (!existsSync(file)) {
        if (existing) {
          this.markers.remove(existing.getFilePath());
          this.project.removeSourceFile(existing);
        }
        continue;
      }
      const sf = existing ?? this.project.addSourceFileAtPath(file);
      if (existing) sf.refreshFromFileSystemSync();
      this.markers.update(sf);
    }
    for (const generator of this.options.generators) generator.invalidate?.(changed);
  }

  /**
   * Runs the generators (`only`: some of them, in their order) and returns their outputs and every
   * diagnostic, de-duplicated, sorted by place, and with --strict made errors; nothing is written here.
   */
  run(only: readonly Generator[] = this.options.generators): GenerationResult {
    // Sources nested past the limits would overflow the generators' recursive walks: report them alone.
    const tooDeep = this.project.getSourceFiles().flatMap((f) => nestingProblem(f.compilerNode) ?? []);
    if (tooDeep.length > 0) return { outputs: [], diagnostics: tooDeep };
    const outputs: GeneratedOutput[] = [];
    const generated: Diagnostic[] = [...this.markers.diagnostics];
    for (const generator of only) {
      const result = generator.generate(this.context);
      outputs.push(...result.outputs);
      generated.push(...result.diagnostics);
    }
    const syntax = this.project.getSourceFiles().flatMap(syntaxErrors);
    // In a file that does not parse, what the generators say follows from the parser's recovery
    // (`unknown type ` with no name, a field named after the next line's token): report the syntax
    // errors alone there, as tsc does.
    const unparsed = new Set(syntax.map((d) => d.file));
    const diagnostics = dedupe([...syntax, ...generated.filter((d) => !unparsed.has(d.file))]).map((d) =>
      this.options.strict && d.severity === 'warning' ? { ...d, severity: 'error' as const } : d,
    );
    return { outputs, diagnostics };
  }
}

/**
 * TypeScript syntax errors of a source file: a half-written file must not silently produce a CRD without
 * its validation (the parser's diagnostics, which ts keeps on the source file, cost nothing to read).
 */
function syntaxErrors(sf: SourceFile): Diagnostic[] {
  const node = sf.compilerNode as ts.SourceFile & { parseDiagnostics?: readonly ts.DiagnosticWithLocation[] };
  return (node.parseDiagnostics ?? []).map((d) => {
    const { line, character } = node.getLineAndCharacterOfPosition(d.start);
    return {
      severity: 'error' as const,
      message: `TypeScript syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      file: path.resolve(node.fileName),
      line: line + 1,
      column: character + 1,
    };
  });
}

/** One diagnostic per place, severity and message (two generators, or two paths of one, may find the same), sorted by place. */
function dedupe(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${d.file}:${d.line}:${d.column}:${d.severity}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out.sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
}
