/**
 * What a manifests generator is (controller-tools' genall.Generator): it registers the markers it reads,
 * then turns the loaded sources and their markers into output files and diagnostics. The runtime
 * (runtime.ts) owns what they share: the loaded sources, the marker registry and collection, and what
 * happens to diagnostics afterwards (syntax errors first, de-duplication, --strict).
 */
import type { Project } from 'ts-morph';
import type { Diagnostic, MarkedValue, MarkerCollection, MarkerRegistry } from '../markers/index.js';

export interface GenerationContext {
  /** The loaded sources (parsed, not type-checked). */
  readonly project: Project;
  /** Their markers, collected with a registry every generator registered its markers in. */
  readonly markers: MarkerCollection;
  /** Absolute. */
  readonly projectDir: string;
  /** Where the outputs land (absolute; `<projectDir>/config` by default). */
  readonly outputDir: string;
}

export interface GeneratedOutput {
  /** Absolute path of the file. */
  readonly file: string;
  /** Its YAML documents, in order. */
  readonly documents: readonly unknown[];
}

export interface GenerationResult {
  /** Only files with content: a generator with nothing to write returns none (manifests never deletes). */
  readonly outputs: readonly GeneratedOutput[];
  readonly diagnostics: readonly Diagnostic[];
}

export interface Generator {
  /** Defines the markers this generator reads; called once, before the markers are collected. */
  registerMarkers(registry: MarkerRegistry): void;
  generate(context: GenerationContext): GenerationResult;
  /** Watch mode: forgets what was derived from these files (absolute paths), after the runtime re-read them. */
  invalidate?(changed: readonly string[]): void;
}

/** The package markers of every package with one of `names`, in package order. */
export function packageMarkersNamed(markers: MarkerCollection, ...names: string[]): MarkedValue[] {
  return markers.packages().flatMap((dir) => [...markers.forPackage(dir).all()]).filter((m) => names.includes(m.name));
}
