/**
 * The package's root entry (`import ... from 'scaffolder'`): the generators, for programs that drive them
 * without the CLI.
 *
 *   // everything `scaffolder manifests` does, into config/:
 *   await runManifests({ projectDir }, { stdout: console.log, stderr: console.error });
 *
 *   // CRDs only, as objects:
 *   const { crds, diagnostics } = generateCrds({ paths: ['api'], cwd: projectDir });
 *
 *   // one marker collection shared by several generators:
 *   const registry = new MarkerRegistry();
 *   defineCommonMarkers(registry); registerCrdMarkers(registry); defineRbacMarkers(registry); defineWebhookMarkers(registry);
 *   const project = createApiProject(['api', 'src'], projectDir);
 *   const markers = collectMarkers(project.getSourceFiles(), registry);
 *   new CrdGenerator({ project, markers, toolVersion }).generate();
 *   const pkg = markers.packages().flatMap((dir) => [...markers.forPackage(dir).all()]);
 *   generateRoles(pkg.filter((m) => m.name === RBAC_MARKER));
 *   generateWebhooks(pkg.filter((m) => m.name === WEBHOOK_MARKER || m.name === WEBHOOK_CONFIGURATION_MARKER));
 *
 * The runtime that generated operators use is `scaffolder/runtime`; the test API server is `scaffolder/testing`.
 */

// the manifests command
export {
  type GeneratedFiles,
  type ManifestsIO,
  type ManifestsOptions,
  ManifestsPipeline,
  type PipelineOptions,
  type ProjectSettings,
  checkFiles,
  createRegistry,
  marshalYaml,
  readProjectSettings,
  runManifests,
  writeFiles,
  writeYamlDocuments,
} from './manifests/index.js';

// CRDs
export {
  type CrdGenerationResult,
  CrdGenerator,
  type CrdGeneratorOptions,
  type CustomResourceDefinition,
  type CustomResourceDefinitionVersion,
  type GenerateCrdsOptions,
  type GeneratedCrd,
  type JSONSchemaProps,
  VERSION_ANNOTATION,
  type ValidationRule,
  createApiProject,
  generateCrds,
  packageVersion,
  registerCrdMarkers,
  truncateDescription,
} from './crd/index.js';

// RBAC: +kubebuilder:rbac -> Roles and ClusterRoles
export { type PolicyRule, RBAC_MARKER, type RbacOptions, type RbacRule, type RoleObject, defineRbacMarkers, generateRoles, normalizeRules } from './rbac/index.js';

// webhooks: +kubebuilder:webhook -> Mutating/ValidatingWebhookConfigurations
export {
  type Webhook,
  type WebhookConfiguration,
  type WebhookResult,
  WEBHOOK_CONFIGURATION_MARKER,
  WEBHOOK_MARKER,
  applyWebhookPatch,
  defineWebhookMarkers,
  generateWebhooks,
} from './webhook/index.js';

// the marker engine, for generators of one's own
export {
  type ArgSpec,
  type ArgType,
  type CollectOptions,
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
