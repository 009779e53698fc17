/**
 * The generators `scaffolder manifests` runs, over one loaded project and one marker collection
 * (runtime.ts): CRDs, RBAC roles, webhook configurations, each rendered as controller-gen writes it.
 * Kept alive in watch mode, where only the changed files are re-read.
 */
import path from 'node:path';
import type { Project } from 'ts-morph';
import { CrdManifestsGenerator } from '../crd/manifests-generator.js';
import { findKubernetesModels, kubeOpenApiSource, kubernetesApiSource, packageVersion } from '../crd/index.js';
import type { Diagnostic, MarkerCollection } from '../../markers/index.js';
import { RbacManifestsGenerator } from '../rbac/manifests-generator.js';
import { WebhookManifestsGenerator } from '../webhook/manifests-generator.js';
import type { Generator } from '../generator.js';
import { loadSources } from './loader.js';
import { type ProjectSettings, operatorNamespace } from './project-config.js';
import { GeneratorRuntime } from './runtime.js';
import { writeYamlDocuments } from './yaml/emitter.js';
import type { CrdOutputOptions } from '../crd/generator.js';

export interface PipelineOptions extends CrdOutputOptions {
  readonly projectDir: string;
  /** Source folders or files, relative to projectDir (default: api and src, those that exist). */
  readonly paths?: readonly string[];
  /** Relative to projectDir (default: config). */
  readonly outputDir?: string;
  readonly strict?: boolean;
  /**
   * Kubernetes OpenAPI documents (files, or directories of *.json), relative to projectDir: the
   * schemas of client-node types come from them where they have the type. Read once, here.
   */
  readonly kubeOpenApi?: readonly string[];
  /** The Kubernetes minor release of the built-in types (default: the settings', else the newest shipped). */
  readonly kubernetesVersion?: string;
  readonly settings: ProjectSettings;
  /**
   * Files a scaffolding command would write (path relative to projectDir -> content), read in place
   * of those on disk: `create api --dry-run` shows the manifests its run would regenerate.
   */
  readonly planned?: ReadonlyMap<string, string>;
}

export interface GeneratedFiles {
  /** Absolute path -> content, in a stable order. */
  readonly files: Map<string, string>;
  readonly diagnostics: Diagnostic[];
}

export class ManifestsPipeline {
  readonly project: Project;
  readonly markers: MarkerCollection;
  readonly sourcePaths: readonly string[];
  private readonly runtime: GeneratorRuntime;
  /** The CRDs of the last generation, and the markers behind their fields (the compatibility check reads both). */
  readonly crdGenerator: CrdManifestsGenerator;
  /** YAML of the last generation by the JSON of its objects: unchanged CRDs are not re-serialised in watch mode. */
  private yamlCache = new Map<string, string>();

  constructor(options: PipelineOptions) {
    const dir = path.resolve(options.projectDir);
    const { project, sourcePaths } = loadSources({ projectDir: dir, paths: options.paths, planned: options.planned });
    this.project = project;
    this.sourcePaths = sourcePaths;
    // Built-in fields' own descriptions come from the project's kubernetes-models, when installed.
    const kubernetesApi = kubernetesApiSource(options.kubernetesVersion ?? options.settings.kubernetesVersion, findKubernetesModels(dir));
    const builtinSchemas = options.kubeOpenApi?.length ? kubeOpenApiSource(options.kubeOpenApi, dir, kubernetesApi) : kubernetesApi;
    this.crdGenerator = new CrdManifestsGenerator({
      maxDescLen: options.maxDescLen,
      toolVersion: packageVersion(),
      builtinSchemas,
      generateEmbeddedObjectMeta: options.generateEmbeddedObjectMeta,
    });
    const generators: Generator[] = [
      this.crdGenerator,
      new RbacManifestsGenerator(options.settings.namespaced ? { defaultNamespace: operatorNamespace(options.settings, options.projectDir) } : {}),
      new WebhookManifestsGenerator(),
    ];
    this.runtime = new GeneratorRuntime({ project, generators, projectDir: options.projectDir, outputDir: path.resolve(dir, options.outputDir ?? 'config'), strict: options.strict });
    this.markers = this.runtime.markers;
  }

  /** Re-reads changed, added or deleted source files (absolute paths). */
  refresh(changed: readonly string[]): void {
    this.runtime.refresh(changed);
  }

  /** Every output file with its content; nothing is written here. */
  generate(): GeneratedFiles {
    const { outputs, diagnostics } = this.runtime.run();
    const previousYaml = this.yamlCache;
    this.yamlCache = new Map();
    const files = new Map<string, string>();
    for (const { file, documents } of outputs) {
      const key = JSON.stringify(documents);
      const text = previousYaml.get(key) ?? writeYamlDocuments(documents);
      this.yamlCache.set(key, text);
      files.set(file, text);
    }
    return { files, diagnostics: [...diagnostics] };
  }
}
