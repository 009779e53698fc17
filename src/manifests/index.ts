/**
 * The `manifests` command: runManifests(opts, io) is what the CLI (and `create api --make`) calls.
 * ManifestsPipeline runs the generators in memory; the YAML writer (yaml/emitter.ts) writes as controller-gen.
 */
export { type ManifestsIO, type ManifestsOptions, runManifests } from './run.js';
export { type GeneratedFiles, ManifestsPipeline, type PipelineOptions, createRegistry } from './pipeline.js';
export { type ProjectSettings, readProjectSettings } from './project-config.js';
export { checkFiles, writeFiles } from './output.js';
export { marshalYaml, writeYamlDocuments } from './yaml/emitter.js';
export { watchSources } from './watch.js';
