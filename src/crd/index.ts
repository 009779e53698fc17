/**
 * CRD generation from TypeScript types: `+kubebuilder:` markers and types in API packages
 * (api/<version>/ or api/<group>/<version>/, marked `+groupName` in groupversion_info.ts) to
 * apiextensions.k8s.io/v1 CustomResourceDefinition objects, as controller-gen's `crd` generator.
 *
 * How to call:
 *
 *   // One shot (loads the files itself):
 *   const { crds, diagnostics } = generateCrds({ paths: ['api'], cwd: projectRoot, maxDescLen: 0 });
 *   for (const { fileName, crd } of crds) write(`config/crd/bases/${fileName}`, crd);   // serialise as YAML
 *
 *   // As one of the generators `manifests` runs (src/manifests/runtime.ts):
 *   new GeneratorRuntime({ project, generators: [new CrdManifestsGenerator({ maxDescLen, toolVersion }), ...], projectDir, outputDir }).run();
 *
 *   // The engine alone, over a project and markers collected with registerCrdMarkers in the registry:
 *   const gen = new CrdGenerator({ project, markers, maxDescLen, toolVersion });
 *   gen.generate();                                     // { crds, diagnostics }
 *   // Kubernetes' OpenAPI documents as the source of built-in types (client-node imports):
 *   new CrdGenerator({ ..., builtinSchemas: kubeOpenApiSource(['k8s/batch-v1.json'], projectRoot) });
 *   // watch mode: after refreshing changed files in `project` and `markers.update(file)`:
 *   gen.invalidate([changedFilePath]); gen.generate();
 *
 * Diagnostics carry file, line, column and message; any with severity 'error' means the output is
 * not to be trusted (controller-gen would exit non-zero). Objects are plain JSON: the caller writes
 * them (keys sorted, as controller-gen does).
 */
import path from 'node:path';
import type { Diagnostic } from '../markers/index.js';
import { createApiProject } from '../manifests/loader.js';
import { GeneratorRuntime } from '../manifests/runtime.js';
import { RbacManifestsGenerator } from '../rbac/manifests-generator.js';
import { WebhookManifestsGenerator } from '../webhook/manifests-generator.js';
import type { GeneratedCrd } from './generator.js';
import { CrdManifestsGenerator } from './manifests-generator.js';
import type { BuiltinSchemaSource } from './schema/builtin-source.js';
import { kubernetesApiSource } from './schema/kubernetes-api-source.js';
import { packageVersion } from '../scaffold/machinery/package-root.js';

export { CrdGenerator, VERSION_ANNOTATION, type CrdGenerationResult, type CrdGeneratorOptions, type GeneratedCrd } from './generator.js';
export { registerCrdMarkers } from './markers/definitions.js';
export { CrdManifestsGenerator, type CrdManifestsOptions } from './manifests-generator.js';
export { createApiProject } from '../manifests/loader.js';
export type { CustomResourceDefinition, CustomResourceDefinitionVersion } from './crd-types.js';
export type { JSONSchemaProps, ValidationRule } from '../kube/json-schema-props.js';
export { truncateDescription } from './schema/descriptions.js';
export type { BuiltinSchemaSource } from './schema/builtin-source.js';
export { clientNodeModels } from './schema/kubernetes-models.js';
export { KubeOpenApiSource, kubeOpenApiSource } from './schema/kube-openapi.js';
export { KubernetesApiSource, kubernetesApiSource } from './schema/kubernetes-api-source.js';
export { KubeOpenApiError } from './schema/kube-openapi-documents.js';

export interface GenerateCrdsOptions {
  /** Folders (or .ts files) to read, relative to `cwd`; every .ts file below a folder is read. */
  paths: readonly string[];
  cwd?: string;
  maxDescLen?: number;
  /** Every warning (an unknown `+kubebuilder:`/`+k8s:` marker, ...) is an error. */
  strict?: boolean;
  /** Defaults to this package's version. */
  toolVersion?: string;
  /** Where the schemas of Kubernetes built-in types come from (default: the shipped data of `kubernetesVersion`). */
  builtinSchemas?: BuiltinSchemaSource;
  /** The Kubernetes minor release of the built-in types (`'1.36'`; default: the newest shipped). */
  kubernetesVersion?: string;
  /** controller-gen's `crd:generateEmbeddedObjectMeta=true` (see CrdGeneratorOptions). */
  generateEmbeddedObjectMeta?: boolean;
}

/** The version of the scaffolder package, for the CRD annotation. */
export { packageVersion };

/**
 * Reads the API packages under `paths` and returns their CRDs and the problems found: the CRD generator
 * alone, run as `manifests` runs it (the other generators' markers are known, not reported as unknown).
 */
export function generateCrds(options: GenerateCrdsOptions): { crds: GeneratedCrd[]; diagnostics: Diagnostic[] } {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const crdGenerator = new CrdManifestsGenerator({
    maxDescLen: options.maxDescLen,
    toolVersion: options.toolVersion ?? packageVersion(),
    builtinSchemas: options.builtinSchemas ?? kubernetesApiSource(options.kubernetesVersion),
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
