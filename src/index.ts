/**
 * The package's root entry (`import ... from 'kubescaffolder'`): the generators, for programs that drive them
 * without the CLI.
 *
 *   // everything `scaffolder manifests` does, into config/:
 *   await runManifests({ projectDir }, { stdout: console.log, stderr: console.error });
 *
 *   // CRDs only, as objects:
 *   const { crds, diagnostics } = generateCrds({ paths: ['api'], cwd: projectDir });
 *
 *   // the generators over one marker collection, as `manifests` runs them (a Generator of one's own
 *   // registers its markers and generates alongside):
 *   const runtime = new GeneratorRuntime({
 *     project: createApiProject(['api', 'src'], projectDir),
 *     generators: [new CrdManifestsGenerator({ toolVersion }), new RbacManifestsGenerator(), new WebhookManifestsGenerator()],
 *     projectDir, outputDir: path.join(projectDir, 'config'),
 *   });
 *   const { outputs, diagnostics } = runtime.run();   // [{ file, documents }], nothing written
 *
 * The runtime that generated operators use is `kubescaffolder/runtime`; the test API server is `kubescaffolder/testing`.
 */

// the manifests command
export {
  type GeneratedFiles,
  type GeneratedOutput,
  type GenerationContext,
  type GenerationResult,
  type Generator,
  GeneratorRuntime,
  type ManifestsIO,
  type ManifestsOptions,
  ManifestsPipeline,
  type PipelineOptions,
  type ProjectSettings,
  checkFiles,
  createApiProject,
  createRegistry,
  marshalYaml,
  packageMarkersNamed,
  readProjectSettings,
  runManifests,
  writeFiles,
  writeYamlDocuments,
} from './generators/manifests/index.js';

// CRDs
export {
  type CrdGenerationResult,
  CrdGenerator,
  type CrdGeneratorOptions,
  type CustomResourceDefinition,
  type CustomResourceDefinitionVersion,
  type GeneratedCrd,
  type JSONSchemaProps,
  CrdManifestsGenerator,
  type CrdManifestsOptions,
  VERSION_ANNOTATION,
  type ValidationRule,
  packageVersion,
  registerCrdMarkers,
  truncateDescription,
} from './generators/crd/index.js';
export { type GenerateCrdsOptions, generateCrds } from './generators/manifests/generate-crds.js';

// RBAC: +kubebuilder:rbac -> Roles and ClusterRoles
export { type PolicyRule, RBAC_MARKER, RbacManifestsGenerator, type RbacOptions, type RbacRule, type RoleObject, defineRbacMarkers, generateRoles, normalizeRules } from './generators/rbac/index.js';

// webhooks: +kubebuilder:webhook -> Mutating/ValidatingWebhookConfigurations
export {
  type Webhook,
  type WebhookConfiguration,
  type WebhookResult,
  WEBHOOK_CONFIGURATION_MARKER,
  WEBHOOK_MARKER,
  WebhookManifestsGenerator,
  applyWebhookPatch,
  defineWebhookMarkers,
  generateWebhooks,
} from './generators/webhook/index.js';

// the marker engine, for generators of one's own
export {
  type ArgSpec,
  type ArgType,
  type Diagnostic,
  DiagnosticError,
  type FileMarkers,
  type MarkedValue,
  MarkerCollection,
  type MarkerDefinition,
  MarkerRegistry,
  MarkerSyntaxError,
  type MarkerTarget,
  type MarkerValue,
  MarkerValues,
  type SourceLocation,
  collectFileMarkers,
  collectMarkers,
  defineCommonMarkers,
  extractDescription,
  formatDiagnostic,
  hasErrors,
  nearestMarkerName,
  parseMarker,
  splitMarker,
} from './markers/index.js';
