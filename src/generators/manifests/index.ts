/**
 * The `manifests` command: runManifests(opts, io) is what the CLI (and `create api --make`) calls.
 * ManifestsPipeline runs the generators (each a `Generator`, generator.ts) in memory through one
 * GeneratorRuntime (runtime.ts: registry, markers, diagnostics) over the sources loader.ts read; the
 * YAML writer (yaml/emitter.ts) writes as controller-gen.
 */
export { type ManifestsIO, type ManifestsOptions, runManifests } from './run.js';
export { type GeneratedFiles, ManifestsPipeline, type PipelineOptions } from './pipeline.js';
export { type GeneratedOutput, type GenerationContext, type GenerationResult, type Generator, packageMarkersNamed } from '../generator.js';
export { GeneratorRuntime, type RuntimeOptions, createRegistry } from './runtime.js';
export { createApiProject, loadSources } from './loader.js';
export { conflictingOptions } from './options.js';
export { type ProjectSettings, readProjectSettings } from './project-config.js';
export { checkFiles, writeFiles } from './output.js';
export { marshalYaml, writeYamlDocuments } from './yaml/emitter.js';
export { watchSources } from './watch.js';
