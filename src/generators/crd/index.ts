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
 *   // As one of the generators `manifests` runs (src/generators/manifests/runtime.ts):
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
import { packageVersion } from '../../files/package-root.js';

export { CrdGenerator, VERSION_ANNOTATION, type CrdGenerationResult, type CrdGeneratorOptions, type GeneratedCrd } from './generator.js';
export { registerCrdMarkers } from './markers/definitions.js';
export { CrdManifestsGenerator, type CrdManifestsOptions } from './manifests-generator.js';
export type { CustomResourceDefinition, CustomResourceDefinitionVersion } from './crd-types.js';
export type { JSONSchemaProps, ValidationRule } from '../../kube/json-schema-props.js';
export { truncateDescription } from './schema/descriptions.js';
export type { BuiltinSchemaSource } from './schema/builtin-source.js';
export { clientNodeModels } from './schema/kubernetes-models.js';
export { findKubernetesModels, KubernetesModelsDescriptions } from './schema/kubernetes-models-package.js';
export { KubeOpenApiSource, kubeOpenApiSource } from './schema/kube-openapi.js';
export { KubernetesApiSource, kubernetesApiSource } from './schema/kubernetes-api-source.js';
export { KubeOpenApiError } from './schema/kube-openapi-documents.js';

/** The version of the scaffolder package, for the CRD annotation. */
export { packageVersion };
