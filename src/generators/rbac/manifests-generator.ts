/** The RBAC generator as `scaffolder manifests` runs it: every `+kubebuilder:rbac` marker into config/rbac/role.yaml. */
import path from 'node:path';
import type { MarkerRegistry } from '../../markers/index.js';
import { type GenerationContext, type GenerationResult, type Generator, packageMarkersNamed } from '../generator.js';
import { type RbacOptions, generateRoles } from './generate.js';
import { RBAC_MARKER, defineRbacMarkers } from './markers.js';

export class RbacManifestsGenerator implements Generator {
  constructor(private readonly options: RbacOptions = {}) {}

  registerMarkers(registry: MarkerRegistry): void {
    defineRbacMarkers(registry);
  }

  generate(context: GenerationContext): GenerationResult {
    const roles = generateRoles(packageMarkersNamed(context.markers, RBAC_MARKER), this.options);
    return { outputs: roles.length > 0 ? [{ file: path.join(context.outputDir, 'rbac', 'role.yaml'), documents: roles }] : [], diagnostics: [] };
  }
}
