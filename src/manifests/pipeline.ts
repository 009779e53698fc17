/**
 * The generators run over one ts-morph project and one marker collection: CRDs, RBAC roles, webhook
 * configurations, each rendered as controller-gen writes it. Kept alive in watch mode, where only the
 * changed files are re-read.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Project, type SourceFile, ts } from 'ts-morph';
import { CrdGenerator, createApiProject, kubeOpenApiSource, kubernetesApiSource, packageVersion, registerCrdMarkers } from '../crd/index.js';
import { type Diagnostic, type MarkedValue, type MarkerCollection, MarkerRegistry, collectMarkers, defineCommonMarkers, nestingProblem } from '../markers/index.js';
import { RBAC_MARKER, defineRbacMarkers, generateRoles } from '../rbac/index.js';
import { WEBHOOK_CONFIGURATION_MARKER, WEBHOOK_MARKER, defineWebhookMarkers, generateWebhooks } from '../webhook/index.js';
import { type ProjectSettings, operatorNamespace } from './project-config.js';
import { writeYamlDocuments } from './yaml/emitter.js';

export interface PipelineOptions {
  readonly projectDir: string;
  /** Source folders or files, relative to projectDir (default: api and src, those that exist). */
  readonly paths?: readonly string[];
  /** Relative to projectDir (default: config). */
  readonly outputDir?: string;
  readonly maxDescLen?: number;
  readonly strict?: boolean;
  /**
   * Kubernetes OpenAPI documents (files, or directories of *.json), relative to projectDir: the
   * schemas of client-node types come from them where they have the type. Read once, here.
   */
  readonly kubeOpenApi?: readonly string[];
  /** The Kubernetes minor release of the built-in types (default: the settings', else the newest shipped). */
  readonly kubernetesVersion?: string;
  /** controller-gen's `crd:generateEmbeddedObjectMeta=true`. */
  readonly generateEmbeddedObjectMeta?: boolean;
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

export function createRegistry(): MarkerRegistry {
  const registry = new MarkerRegistry();
  defineCommonMarkers(registry);
  registerCrdMarkers(registry);
  defineRbacMarkers(registry);
  defineWebhookMarkers(registry);
  return registry;
}

export class ManifestsPipeline {
  readonly project: Project;
  readonly markers: MarkerCollection;
  readonly sourcePaths: readonly string[];
  private readonly crds: CrdGenerator;
  private readonly outputDir: string;
  /** YAML of the last generation by the JSON of its objects: unchanged CRDs are not re-serialised in watch mode. */
  private yamlCache = new Map<string, string>();

  constructor(private readonly options: PipelineOptions) {
    const dir = path.resolve(options.projectDir);
    const planned = [...(options.planned ?? [])].map(([rel, content]): [string, string] => [path.resolve(dir, rel), content]);
    const exists = (p: string) => existsSync(p) || planned.some(([f]) => f === p || f.startsWith(`${p}${path.sep}`));
    const requested = options.paths?.length ? options.paths : ['api', 'src'].filter((p) => exists(path.join(dir, p)));
    for (const p of requested) {
      if (!exists(path.resolve(dir, p))) throw new Error(`source path ${p} does not exist in ${dir}`);
    }
    this.sourcePaths = requested.map((p) => path.resolve(dir, p));
    this.outputDir = path.resolve(dir, options.outputDir ?? 'config');
    const kubernetesApi = kubernetesApiSource(options.kubernetesVersion ?? options.settings.kubernetesVersion);
    const builtinSchemas = options.kubeOpenApi?.length ? kubeOpenApiSource(options.kubeOpenApi, dir, kubernetesApi) : kubernetesApi;
    this.project = createApiProject(requested.filter((p) => existsSync(path.resolve(dir, p))), dir);
    // Planned sources under the source paths, as createApiProject would have read them from disk.
    for (const [file, content] of planned) {
      const source = file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts');
      if (source && this.sourcePaths.some((p) => file === p || file.startsWith(`${p}${path.sep}`))) {
        this.project.createSourceFile(file, content, { overwrite: true });
      }
    }
    this.markers = collectMarkers(this.project.getSourceFiles(), createRegistry(), { strict: options.strict });
    this.crds = new CrdGenerator({
      project: this.project,
      markers: this.markers,
      maxDescLen: options.maxDescLen,
      toolVersion: packageVersion(),
      builtinSchemas,
      generateEmbeddedObjectMeta: options.generateEmbeddedObjectMeta,
    });
  }

  /** Re-reads changed, added or deleted source files (absolute paths). */
  refresh(changed: readonly string[]): void {
    for (const file of changed) {
      const existing = this.project.getSourceFile(file);
      if (!existsSync(file)) {
        if (existing) {
          this.markers.remove(existing.getFilePath());
          this.project.removeSourceFile(existing);
        }
        continue;
      }
      const sf = existing ?? this.project.addSourceFileAtPath(file);
      if (existing) sf.refreshFromFileSystemSync();
      this.markers.update(sf);
    }
    this.crds.invalidate(changed);
  }

  /** Every output file with its content; nothing is written here. */
  generate(): GeneratedFiles {
    // Sources nested past the limits would overflow the generators' recursive walks: report them alone.
    const tooDeep = this.project.getSourceFiles().flatMap((f) => nestingProblem(f.compilerNode) ?? []);
    if (tooDeep.length > 0) return { files: new Map(), diagnostics: tooDeep };
    const files = new Map<string, string>();
    const previousYaml = this.yamlCache;
    this.yamlCache = new Map();
    const render = (documents: readonly unknown[]): string => {
      const key = JSON.stringify(documents);
      const text = previousYaml.get(key) ?? writeYamlDocuments(documents);
      this.yamlCache.set(key, text);
      return text;
    };
    const crdResult = this.crds.generate();
    const crdDir = path.join(this.outputDir, 'crd', 'bases');
    const pathErrors: Diagnostic[] = [];
    for (const { fileName, crd } of [...crdResult.crds].sort((a, b) => (a.fileName < b.fileName ? -1 : 1))) {
      // The name comes from +groupName and +kubebuilder:resource:path: it must stay one file in crd/bases.
      const file = path.join(crdDir, fileName);
      if (path.dirname(file) !== crdDir || fileName !== path.basename(fileName)) {
        pathErrors.push(this.escapingPathDiagnostic(fileName, crd.metadata.name, crdResult.diagnostics));
        continue;
      }
      files.set(file, render([crd]));
    }
    const packageMarkers = this.allPackageMarkers();
    const roles = generateRoles(
      packageMarkers.filter((m) => m.name === RBAC_MARKER),
      this.options.settings.namespaced ? { defaultNamespace: operatorNamespace(this.options.settings, this.options.projectDir) } : {},
    );
    if (roles.length > 0) files.set(path.join(this.outputDir, 'rbac', 'role.yaml'), render(roles));
    const webhooks = generateWebhooks(packageMarkers.filter((m) => m.name === WEBHOOK_MARKER || m.name === WEBHOOK_CONFIGURATION_MARKER));
    if (webhooks.configurations.length > 0) files.set(path.join(this.outputDir, 'webhook', 'manifests.yaml'), render(webhooks.configurations));
    const syntax = this.project.getSourceFiles().flatMap(syntaxErrors);
    // In a file that does not parse, what the generators say follows from the parser's recovery
    // (`unknown type ` with no name, a field named after the next line's token): report the syntax
    // errors alone there, as tsc does.
    const unparsed = new Set(syntax.map((d) => d.file));
    const generated = [...this.markers.diagnostics, ...crdResult.diagnostics, ...pathErrors, ...webhooks.diagnostics].filter((d) => !unparsed.has(d.file));
    const diagnostics = dedupe([...syntax, ...generated]).map((d) =>
      this.options.strict && d.severity === 'warning' ? { ...d, severity: 'error' as const } : d,
    );
    return { files, diagnostics };
  }

  /** A CRD file name that would land outside config/crd/bases, at the marker that named it. */
  private escapingPathDiagnostic(fileName: string, crdName: string, crdDiagnostics: readonly Diagnostic[]): Diagnostic {
    const where = crdDiagnostics.find((d) => d.message.includes(`"${crdName}" is invalid: `) && /(metadata\.name|spec\.group|spec\.names\.plural)/.test(d.message));
    const location = where ?? { file: path.join(this.options.projectDir, 'PROJECT'), line: 1, column: 1 };
    return {
      severity: 'error',
      file: location.file,
      line: location.line,
      column: location.column,
      message: `CRD file name ${JSON.stringify(fileName)} (from +groupName and +kubebuilder:resource:path) would be written outside ${path.relative(this.options.projectDir, path.join(this.outputDir, 'crd', 'bases')) || '.'}`,
    };
  }

  private allPackageMarkers(): MarkedValue[] {
    return this.markers.packages().flatMap((dir) => [...this.markers.forPackage(dir).all()]);
  }
}

/**
 * TypeScript syntax errors of a source file: a half-written file must not silently produce a CRD without
 * its validation (the parser's diagnostics, which ts keeps on the source file, cost nothing to read).
 */
function syntaxErrors(sf: SourceFile): Diagnostic[] {
  const node = sf.compilerNode as ts.SourceFile & { parseDiagnostics?: readonly ts.DiagnosticWithLocation[] };
  return (node.parseDiagnostics ?? []).map((d) => {
    const { line, character } = node.getLineAndCharacterOfPosition(d.start);
    return {
      severity: 'error' as const,
      message: `TypeScript syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      file: path.resolve(node.fileName),
      line: line + 1,
      column: character + 1,
    };
  });
}

function dedupe(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${d.file}:${d.line}:${d.column}:${d.severity}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out.sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
}
