/**
 * The CRD generator alone, run as `manifests` runs it (the library entry point `generateCrds`): the
 * other generators' markers are registered, so they are known and not reported as unknown.
 */
import path from 'node:path';
import type { Diagnostic } from '../../markers/index.js';
import type { CrdOutputOptions, GeneratedCrd } from '../crd/generator.js';
import { CrdManifestsGenerator } from '../crd/manifests-generator.js';
import type { BuiltinSchemaSource } from '../crd/schema/builtin-source.js';
import { kubernetesApiSource } from '../crd/schema/kubernetes-api-source.js';
import { findKubernetesModels } from '../crd/schema/kubernetes-models-package.js';
import { RbacManifestsGenerator } from '../rbac/manifests-generator.js';
import { WebhookManifestsGenerator } from '../webhook/manifests-generator.js';
import { packageVersion } from '../../files/package-root.js';
import { createApiProject } from './loader.js';
import { GeneratorRuntime } from './runtime.js';

export interface GenerateCrdsOptions extends CrdOutputOptions {
  /** Folders (or .ts files) to read, relative to `cwd`; every .ts file below a folder is read. */
  paths: readonly string[];
  cwd?: string;
  /** Every warning (an unknown `+kubebuilder:`/`+k8s:` marker, ...) is an error. */
  strict?: boolean;
  /** Defaults to this package's version. */
  toolVersion?: string;
  /**
   * Where the schemas of Kubernetes built-in types come from (default: the shipped data of
   * `kubernetesVersion`, described by the kubernetes-models package installed for `cwd`, if any).
   */
  builtinSchemas?: BuiltinSchemaSource;
  /** The Kubernetes minor release of the built-in types (`'1.36'`; default: the newest shipped). */
  kubernetesVersion?: string;
}

/**
 * Reads the API packages under `paths` and returns their CRDs and the problems found: the CRD generator
 * alone, run as `manifests` runs it (the other generators' markers are known, not reported as unknown).
 */
export function generateCrds(options: GenerateCrdsOptions): { crds: GeneratedCrd[]; diagnostics: Diagnostic[] } {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const crdGenerator = new CrdManifestsGenerator({
    maxDescLen: options.maxDescLen,
    toolVersion: options.toolVersion ?? packageVersion(),
    builtinSchemas: options.builtinSchemas ?? kubernetesApiSource(options.kubernetesVersion, findKubernetesModels(cwd)),
    generateEmbeddedObjectMeta: options.generateEmbeddedObjectMeta,
  });
  const runtime = new GeneratorRuntime({
    project: createApiProject(options.paths, cwd),
    generators: [crdGenerator, new RbacManifestsGenerator(), new WebhookManifestsGenerator()],
    projectDir: cwd,
    outputDir: cwd,
    strict: options.strict,
  });
  const { diagnostics } = runtime.run([crdGenerator]);
  return { crds: [...crdGenerator.crds], diagnostics: [...diagnostics] };
}
