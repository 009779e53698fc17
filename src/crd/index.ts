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
 *   // Sharing one project and marker collection with the other generators (the manifests command):
 *   registerCrdMarkers(registry);                       // before collecting markers
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
import { Project } from 'ts-morph';
import { collectMarkers, defineCommonMarkers, MarkerRegistry, parserOverflowError, type Diagnostic } from '../markers/index.js';
import { defineRbacMarkers } from '../rbac/markers.js';
import { defineWebhookMarkers } from '../webhook/markers.js';
import { CrdGenerator, type GeneratedCrd } from './generator.js';
import { registerCrdMarkers } from './markers/definitions.js';
import type { BuiltinSchemaSource } from './schema/builtin-source.js';
import { kubernetesApiSource } from './schema/kubernetes-api-source.js';
import { packageVersion } from '../scaffold/machinery/package-root.js';

export { CrdGenerator, VERSION_ANNOTATION, type CrdGenerationResult, type CrdGeneratorOptions, type GeneratedCrd } from './generator.js';
export { registerCrdMarkers } from './markers/definitions.js';
export type { CustomResourceDefinition, CustomResourceDefinitionVersion } from './spec/crd-types.js';
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
  /** Unknown `+kubebuilder:`/`+k8s:` markers are errors instead of warnings. */
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

/** Creates the ts-morph project the generator reads (parse only: no type checking, no dependency resolution). */
export function createApiProject(paths: readonly string[], cwd = process.cwd()): Project {
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: false, noLib: true },
  });
  for (const p of paths) {
    const abs = path.resolve(cwd, p.replace(/\/\.\.\.$/, ''));
    try {
      if (abs.endsWith('.ts')) project.addSourceFileAtPath(abs);
      else project.addSourceFilesAtPaths([`${abs}/**/*.ts`, `!${abs}/**/*.test.ts`, `!${abs}/**/*.d.ts`]);
    } catch (err) {
      throw parserOverflowError(err, abs); // a stack overflow in TypeScript's parser names the file
    }
  }
  return project;
}

/** Reads the API packages under `paths` and returns their CRDs and the problems found. */
export function generateCrds(options: GenerateCrdsOptions): { crds: GeneratedCrd[]; diagnostics: Diagnostic[] } {
  const project = createApiProject(options.paths, options.cwd);
  const registry = new MarkerRegistry();
  defineCommonMarkers(registry);
  registerCrdMarkers(registry);
  // The sibling generators' markers are known too, so that they are not reported as unknown here.
  defineRbacMarkers(registry);
  defineWebhookMarkers(registry);
  const markers = collectMarkers(project.getSourceFiles(), registry, { strict: options.strict });
  const generator = new CrdGenerator({
    project,
    markers,
    maxDescLen: options.maxDescLen,
    toolVersion: options.toolVersion ?? packageVersion(),
    builtinSchemas: options.builtinSchemas ?? kubernetesApiSource(options.kubernetesVersion),
    generateEmbeddedObjectMeta: options.generateEmbeddedObjectMeta,
  });
  const result = generator.generate();
  return { crds: result.crds, diagnostics: [...markers.diagnostics, ...result.diagnostics] };
}
