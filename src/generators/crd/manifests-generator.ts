/** The CRD generator as `scaffolder manifests` runs it: one config/crd/bases/<group>_<plural>.yaml per CRD. */
import path from 'node:path';
import type { Diagnostic, MarkerRegistry, SourceLocation } from '../../markers/index.js';
import type { GeneratedOutput, GenerationContext, GenerationResult, Generator } from '../generator.js';
import { CrdGenerator, type CrdGeneratorOptions, type GeneratedCrd } from './generator.js';
import { crdKustomizationAnnotations } from './kustomize-annotations.js';
import { registerCrdMarkers } from './markers/definitions.js';

export type CrdManifestsOptions = Omit<CrdGeneratorOptions, 'project' | 'markers'>;

export class CrdManifestsGenerator implements Generator {
  /** Built on the first run, over the runtime's project and markers; kept for watch mode's cheap regeneration. */
  private engine: CrdGenerator | undefined;
  private last: readonly GeneratedCrd[] = [];
  private kustomized: (crdName: string) => ReadonlySet<string> = () => new Set();

  constructor(private readonly options: CrdManifestsOptions) {}

  registerMarkers(registry: MarkerRegistry): void {
    registerCrdMarkers(registry);
  }

  /** The CRDs of the last run as objects, in the engine's order, those whose file name would escape included. */
  get crds(): readonly GeneratedCrd[] {
    return this.last;
  }

  /** The marker or declaration behind a field of a CRD of the last run (see CrdGenerator.locate). */
  locate(crdName: string, field: string): SourceLocation | undefined {
    return this.engine?.locate(crdName, field);
  }

  invalidate(changed: readonly string[]): void {
    this.engine?.invalidate(changed);
  }

  generate(context: GenerationContext): GenerationResult {
    // config/crd/kustomization.yaml is read on every run (watch mode): the annotations it adds count.
    const kustomized = crdKustomizationAnnotations(context.outputDir);
    this.engine ??= new CrdGenerator({
      ...this.options,
      project: context.project,
      markers: context.markers,
      annotationsAddedLater: (name) => this.kustomized(name),
    });
    this.kustomized = kustomized;
    const result = this.engine.generate();
    this.last = result.crds;
    const crdDir = path.join(context.outputDir, 'crd', 'bases');
    const outputs: GeneratedOutput[] = [];
    const pathErrors: Diagnostic[] = [];
    for (const { fileName, crd } of [...result.crds].sort((a, b) => (a.fileName < b.fileName ? -1 : 1))) {
      // The name comes from +groupName and +kubebuilder:resource:path: it must stay one file in crd/bases.
      const file = path.join(crdDir, fileName);
      if (path.dirname(file) !== crdDir || fileName !== path.basename(fileName)) {
        pathErrors.push(escapingPathDiagnostic(context, fileName, crd.metadata.name, result.diagnostics));
        continue;
      }
      outputs.push({ file, documents: [crd] });
    }
    return { outputs, diagnostics: [...result.diagnostics, ...pathErrors] };
  }
}

/** A CRD file name that would land outside config/crd/bases, at the marker that named it. */
function escapingPathDiagnostic(context: GenerationContext, fileName: string, crdName: string, crdDiagnostics: readonly Diagnostic[]): Diagnostic {
  const where = crdDiagnostics.find((d) => d.message.includes(`"${crdName}" is invalid: `) && /(metadata\.name|spec\.group|spec\.names\.plural)/.test(d.message));
  const location = where ?? { file: path.join(context.projectDir, 'PROJECT'), line: 1, column: 1 };
  return {
    severity: 'error',
    file: location.file,
    line: location.line,
    column: location.column,
    message: `CRD file name ${JSON.stringify(fileName)} (from +groupName and +kubebuilder:resource:path) would be written outside ${path.relative(context.projectDir, path.join(context.outputDir, 'crd', 'bases')) || '.'}`,
  };
}
