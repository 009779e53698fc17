/**
 * The CRD generator: API packages -> kinds -> one CRD per group and kind, one version entry per
 * package (controller-gen's parser.go, spec.go and gen.go). Keeps its ts-morph project, marker
 * collection and schema caches so that watch mode regenerates after a change cheaply.
 */
import path from 'node:path';
import { ts, type Project } from 'ts-morph';
import { checkCelRule, type Diagnostic, type MarkedValue, type MarkerCollection, type SourceLocation } from '../../markers/index.js';
import { TypeIndex } from './loader/type-index.js';
import type { MarkerLookup } from './markers/lookup.js';
import type { BuiltinSchemaSource } from './schema/builtin-source.js';
import { limitDescriptions } from './schema/descriptions.js';
import { Flattener, flattenEmbedded } from './schema/flatten.js';
import { cloneJson } from './schema/json-schema.js';
import type { JSONSchemaProps } from '../../kube/json-schema-props.js';
import { TYPE_META_DESCRIPTIONS } from './schema/known-types.js';
import { SchemaBuilder, type SchemaProblem } from './schema/type-to-schema.js';
import { applyCrdMarker, CRD_MARKER_NAMES } from './markers/crd-markers.js';
import { GROUP_NAME, OBJECT_ROOT, SKIP_PACKAGE, VERSION_NAME } from './markers/definitions.js';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion } from './crd-types.js';
import { crdDefaultPlural } from '../../kube/plural.js';
import { celErrorSite } from './rule-diagnostics.js';
import { locateCrdField, type LocatorContext } from './validation-locations.js';
import { validateCustomResourceDefinition } from '../../apiextensions/validation/index.js';
import { perVersionField } from '../../apiextensions/validation/internal-spec.js';
import { STATUS_ROOT_DETAIL, statusRootOffendingKey } from '../../apiextensions/validation/status-root.js';
import { API_APPROVAL_ANNOTATION } from '../../kube/community-groups.js';

export const VERSION_ANNOTATION = 'scaffolder.dev/version';

export interface GeneratedCrd {
  /** `<group>_<plural>.yaml`, as controller-gen names it. */
  fileName: string;
  crd: CustomResourceDefinition;
}

export interface CrdGenerationResult {
  crds: GeneratedCrd[];
  diagnostics: Diagnostic[];
}

/**
 * The CRD generator's options a user sets (controller-gen's `crd:` options), declared once: the
 * generator, `generateCrds`, the manifests pipeline and `runManifests` take them as they are.
 */
export interface CrdOutputOptions {
  /** 0 drops every description; N truncates them (controller-gen's maxDescLen). */
  readonly maxDescLen?: number;
  /**
   * controller-gen's `crd:generateEmbeddedObjectMeta=true`: ObjectMeta below the top level
   * (a PodTemplateSpec's metadata) keeps name, namespace, labels, annotations and finalizers
   * instead of a bare object.
   */
  readonly generateEmbeddedObjectMeta?: boolean;
}

export interface CrdGeneratorOptions extends CrdOutputOptions {
  /** The project whose source files are the API packages (others may be present and are ignored). */
  project: Project;
  /** Markers of the project's files, collected with a registry that has registerCrdMarkers. */
  markers: MarkerCollection;
  /** Our package version, written in the `scaffolder.dev/version` annotation. */
  toolVersion: string;
  /**
   * Where the schemas of Kubernetes built-in types (client-node imports) come from: default
   * the shipped Kubernetes API data (kubernetesApiSource); `kubeOpenApiSource(paths)` reads Kubernetes' OpenAPI documents first.
   */
  builtinSchemas?: BuiltinSchemaSource;
  /**
   * The annotations a later step adds to a CRD (config/crd/kustomization.yaml: see
   * kustomize-annotations.ts). An api-approved.kubernetes.io annotation added there counts.
   */
  annotationsAddedLater?: (crdName: string) => ReadonlySet<string>;
}

interface ApiPackage {
  dir: string;
  group: string;
  version: string;
  files: ts.SourceFile[];
}

interface KindVersion {
  pkg: ApiPackage;
  /** The kind's interface, or a type alias of another version's kind (Go's `type GatewayClass v1.GatewayClass`). */
  decl: ts.InterfaceDeclaration | ts.TypeAliasDeclaration;
}

export class CrdGenerator {
  private readonly index: TypeIndex;
  private readonly builder: SchemaBuilder;
  private readonly flattener: Flattener;
  private readonly rootCache = new Map<string, { schema: JSONSchemaProps; diagnostics: Diagnostic[] }>();
  private readonly lookup: MarkerLookup;
  /** `typeId`: the type an error is about (reported at its declaration), else the kind's root type. */
  private flattenErrors: Array<{ message: string; typeId?: string }> = [];
  /** CEL checks by marker (markers of unchanged files are the same objects from one run to the next). */
  private readonly celChecked = new WeakMap<MarkedValue, Diagnostic | null>();
  private flattenWarnings: string[] = [];
  /** The last run's CRDs by name: what `locate` walks. */
  private readonly locators = new Map<string, LocatorContext>();

  constructor(private readonly options: CrdGeneratorOptions) {
    this.index = new TypeIndex(options.project);
    this.lookup = {
      forNode: (node) => options.markers.forNode(node).all(),
      forPackage: (dir) => options.markers.forPackage(dir).all(),
    };
    this.builder = new SchemaBuilder(this.index, this.lookup, options.builtinSchemas, options.generateEmbeddedObjectMeta);
    this.flattener = new Flattener(
      (id) => this.builder.schemaFor(id),
      (message, typeId) => this.flattenErrors.push({ message, typeId }),
      (message) => this.flattenWarnings.push(message),
    );
  }

  /** Drops what was derived from the given files (absolute paths), or from everything. */
  invalidate(files?: readonly string[]): void {
    this.index.invalidate();
    let changed = files ? new Set(files.map((f) => path.resolve(f))) : undefined;
    // A changed re-export file (index.ts) can change what any name resolves to: start afresh.
    const reExports = (f: string) => this.index.sourceFile(f)?.statements.some((st) => ts.isExportDeclaration(st) && st.moduleSpecifier !== undefined);
    if (changed && [...changed].some(reExports)) {
      changed = undefined;
    }
    if (!changed) this.rootCache.clear();
    this.builder.invalidate(changed);
    // Re-flatten every type whose unflattened schema (or one it includes) was dropped.
    this.flattener.invalidate(changed ? (id) => id.includes('#') && !this.builder.isCached(id) : undefined);
  }

  generate(): CrdGenerationResult {
    this.flattenErrors = [];
    const diagnostics: Diagnostic[] = [];
    const packages = this.apiPackages();
    const kinds = new Map<string, { group: string; kind: string; versions: KindVersion[] }>();
    for (const pkg of packages) {
      for (const file of pkg.files) {
        for (const decl of file.statements) {
          if (ts.isTypeAliasDeclaration(decl)) {
            if (!this.isKindAlias(decl, diagnostics)) continue;
          } else if (!ts.isInterfaceDeclaration(decl) || !this.isKind(decl)) continue;
          const kind = decl.name.text;
          const key = pkg.group ? `${kind}.${pkg.group}` : kind;
          let entry = kinds.get(key);
          if (!entry) kinds.set(key, (entry = { group: pkg.group, kind, versions: [] }));
          const other = entry.versions.find((v) => v.pkg.version === pkg.version)?.decl;
          if (other) {
            // Go refuses a type declared twice in a package; two packages of one group and version are one API version.
            const sf = other.getSourceFile();
            const at = `${path.relative(pkg.dir, sf.fileName)}:${sf.getLineAndCharacterOfPosition(other.getStart(sf)).line + 1}`;
            diagnostics.push(nodeDiagnostic(decl, `kind ${kind} is declared twice in ${pkg.group || '(no group)'}/${pkg.version}: a kind is declared once per version (the other declaration is at ${at})`));
            continue;
          }
          entry.versions.push({ pkg, decl });
        }
      }
    }
    const crds: GeneratedCrd[] = [];
    this.locators.clear();
    const built: Array<{ crd: CustomResourceDefinition; versions: KindVersion[] }> = [];
    for (const key of [...kinds.keys()].sort()) {
      const entry = kinds.get(key)!;
      const crd = this.buildCrd(entry.group, entry.kind, entry.versions, diagnostics);
      if (!crd) continue;
      built.push({ crd, versions: entry.versions });
      this.locators.set(crd.metadata.name, this.locatorContext(crd, entry.versions));
      crds.push({ fileName: `${crd.spec.group}_${crd.spec.names.plural}.yaml`, crd });
    }
    for (const p of this.builder.allProblems()) diagnostics.push(problemDiagnostic(p));
    diagnostics.push(...this.celDiagnostics());
    // What the API server would refuse is checked on CRDs the generator could build without
    // errors: a type it could not map leaves a schema hole the server would only echo, and a rule
    // past CEL's limits is not handed to the validation, whose walks are recursive.
    if (!diagnostics.some((d) => d.severity === 'error')) {
      for (const { crd, versions } of built) diagnostics.push(...this.apiServerDiagnostics(crd, versions));
    }
    return { crds, diagnostics };
  }

  private apiPackages(): ApiPackage[] {
    const byDir = new Map<string, ts.SourceFile[]>();
    for (const wrapper of this.options.project.getSourceFiles()) {
      const file = wrapper.compilerNode;
      if (file.isDeclarationFile) continue;
      const dir = path.dirname(file.fileName);
      let files = byDir.get(dir);
      if (!files) byDir.set(dir, (files = []));
      files.push(file);
    }
    const packages: ApiPackage[] = [];
    for (const [dir, files] of byDir) {
      const markers = this.options.markers.forPackage(dir);
      const groupName = markers.first(GROUP_NAME);
      if (!groupName || markers.first(SKIP_PACKAGE)) continue;
      packages.push({
        dir,
        group: groupName.value,
        version: markers.first(VERSION_NAME)?.value ?? path.basename(dir),
        files: files.sort((a, b) => (a.fileName < b.fileName ? -1 : 1)),
      });
    }
    return packages.sort((a, b) => (a.dir < b.dir ? -1 : 1));
  }

  /**
   * A kind has `metadata` of type ObjectMeta, its own or inherited (as Go kinds embed
   * metav1.ObjectMeta), or extends client-node's KubernetesObject; `<Kind>List`s have ListMeta.
   */
  private isKind(decl: ts.InterfaceDeclaration, seen = new Set<ts.InterfaceDeclaration>()): boolean {
    if (seen.has(decl)) return false;
    seen.add(decl);
    // A `<Kind>List` (with `items`) is recognised and emitted nowhere, whatever its metadata type.
    const hasItems = decl.members.some((m) => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === 'items');
    if (hasItems && decl.name.text.endsWith('List')) return false;
    const file = decl.getSourceFile();
    const metadata = decl.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === 'metadata');
    const typeNode = metadata?.type;
    if (typeNode) {
      if (!ts.isTypeReferenceNode(typeNode)) return false;
      const resolved = this.index.resolve(file, typeNode.typeName.getText(file));
      return (resolved.kind === 'runtime' && resolved.name === 'ObjectMeta') || (resolved.kind === 'model' && resolved.name === 'V1ObjectMeta');
    }
    const heritage = decl.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)?.types ?? [];
    for (const base of heritage) {
      const resolved = this.index.resolve(file, base.expression.getText(file));
      if (resolved.kind === 'model' && resolved.name === 'KubernetesObject') return true;
      if (resolved.kind === 'declaration' && ts.isInterfaceDeclaration(resolved.node) && this.isKind(resolved.node, seen)) return true;
    }
    return false;
  }

  /**
   * Whether a type alias is a kind: `export type GatewayClass = v1.GatewayClass`, as Go API
   * packages declare a version's kind as another version's type (`type GatewayClass
   * v1.GatewayClass`) with its own markers. controller-gen generates that version from the
   * target's fields and the alias's markers and doc. An alias marked +kubebuilder:object:root
   * whose target is not a kind is an error at the alias.
   */
  private isKindAlias(decl: ts.TypeAliasDeclaration, diagnostics: Diagnostic[]): boolean {
    const root = this.options.markers.forNode(decl).of(OBJECT_ROOT).some((m) => m.value !== false);
    const target = this.aliasTarget(decl);
    if (target && this.isKind(target)) return true;
    // A `<Kind>List` alias is a root type that is no kind, as the interface it names.
    const isList = target?.name.text.endsWith('List') && target.members.some((m) => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === 'items');
    if (root && !isList) {
      diagnostics.push(
        nodeDiagnostic(decl, `+kubebuilder:object:root type ${decl.name.text} is an alias of ${decl.type.getText(decl.getSourceFile())}, which is not a kind declared in the API packages read: alias an interface with metadata: ObjectMeta`),
      );
    }
    return false;
  }

  /** The interface a type alias names (`= v1.GatewayClass`, through further aliases), if any. */
  private aliasTarget(decl: ts.TypeAliasDeclaration, depth = 0): ts.InterfaceDeclaration | undefined {
    if (depth > 5 || !ts.isTypeReferenceNode(decl.type) || decl.type.typeArguments?.length) return undefined;
    const file = decl.getSourceFile();
    const resolved = this.index.resolve(file, decl.type.typeName.getText(file));
    if (resolved.kind !== 'declaration') return undefined;
    if (ts.isInterfaceDeclaration(resolved.node)) return resolved.node;
    if (ts.isTypeAliasDeclaration(resolved.node)) return this.aliasTarget(resolved.node, depth + 1);
    return undefined;
  }

  private buildCrd(group: string, kind: string, versions: KindVersion[], diagnostics: Diagnostic[]): CustomResourceDefinition | undefined {
    const plural = crdDefaultPlural(kind);
    const crd: CustomResourceDefinition = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `${plural}.${group}` },
      spec: {
        group,
        names: { kind, listKind: `${kind}List`, plural, singular: kind.toLowerCase() },
        scope: 'Namespaced',
        versions: [],
      },
    };
    versions.sort((a, b) => (a.pkg.version < b.pkg.version ? -1 : a.pkg.version > b.pkg.version ? 1 : 0));
    for (const { pkg, decl } of versions) {
      const schema = this.rootSchema(decl, diagnostics);
      if (!schema) continue;
      crd.spec.versions.push({ name: pkg.version, served: true, storage: false, schema: { openAPIV3Schema: schema } });
    }
    // A CRD has one scope; controller-gen lets the last version's +kubebuilder:resource win silently.
    let scopeSetBy: { version: string; scope: string } | undefined;
    for (const { pkg, decl } of versions) {
      for (const marker of this.options.markers.forNode(decl).all()) {
        if (!CRD_MARKER_NAMES.has(marker.name)) continue;
        const err = applyCrdMarker(crd, pkg.version, marker);
        if (err) diagnostics.push(markerDiagnostic(marker, err));
        if (marker.name !== 'kubebuilder:resource' || err) continue;
        if (scopeSetBy && scopeSetBy.scope !== crd.spec.scope) {
          diagnostics.push(
            markerDiagnostic(
              marker,
              `${kind} ${pkg.version} is ${crd.spec.scope}-scoped but ${scopeSetBy.version} is ${scopeSetBy.scope}-scoped: a CRD has one scope, so every version's +kubebuilder:resource must give the same scope`,
            ),
          );
        }
        scopeSetBy = { version: pkg.version, scope: crd.spec.scope };
      }
    }
    crd.metadata.name = `${crd.spec.names.plural}.${group}`;
    (crd.metadata.annotations ??= {})[VERSION_ANNOTATION] = this.options.toolVersion;
    if (crd.spec.versions.length === 0) return undefined;
    crd.spec.versions.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (crd.spec.versions.length === 1) crd.spec.versions[0].storage = true;
    const first = versions[0].decl;
    const groupKind = group ? `${kind}.${group}` : kind;
    const storage = crd.spec.versions.filter((v) => v.storage);
    if (storage.length === 0) {
      diagnostics.push(
        nodeDiagnostic(first, `CRD for ${groupKind} has no storage version: mark exactly one version's ${kind} with +kubebuilder:storageversion`),
      );
    } else if (storage.length > 1) {
      diagnostics.push(
        nodeDiagnostic(first, `CRD for ${groupKind} has more than one storage version (${storage.map((v) => v.name).join(', ')}): +kubebuilder:storageversion must mark exactly one`),
      );
    }
    if (!crd.spec.versions.some((v: CustomResourceDefinitionVersion) => v.served)) {
      diagnostics.push(nodeDiagnostic(first, `CRD for ${groupKind} with version(s) ${crd.spec.versions.map((v) => v.name).join(', ')} does not serve any version`));
    }
    return crd;
  }

  /**
   * What kube-apiserver would refuse in `crd`, each at the marker or declaration that produced
   * it, worded as the API server words it. The storage-version count is left to buildCrd's own
   * diagnostics, which say which marker to add.
   */
  private apiServerDiagnostics(crd: CustomResourceDefinition, versions: KindVersion[]): Diagnostic[] {
    const storageCount = crd.spec.versions.filter((v) => v.storage).length;
    const approvalField = `metadata.annotations[${API_APPROVAL_ANNOTATION}]`;
    const all = validateCustomResourceDefinition(crd).filter((e) => !(e.field === 'spec.versions' && storageCount !== 1 && e.message.endsWith('must have exactly one version marked as storage version')));
    // A protected group's missing approval is a warning, not an error: projects add the annotation
    // after generation (config/crd's kustomization, which counts), as controller-gen leaves it to them.
    const approvalMissing = all.find((e) => e.field === approvalField && e.message.startsWith('Required value'));
    const errors = all.filter((e) => e !== approvalMissing);
    const warnings: Diagnostic[] = [];
    if (approvalMissing && !this.options.annotationsAddedLater?.(crd.metadata.name).has(API_APPROVAL_ANNOTATION)) {
      warnings.push({
        ...nodeDiagnostic(versions[0].decl, ''),
        severity: 'warning',
        message:
          `CustomResourceDefinition ${JSON.stringify(crd.metadata.name)} is in the protected group ${crd.spec.group}: kube-apiserver refuses it without the ${API_APPROVAL_ANNOTATION} annotation ` +
          `(the URL of the API review that approved it, or "unapproved, <reason>"); add +kubebuilder:metadata:annotations="${API_APPROVAL_ANNOTATION}=<url>" to the kind, or add the annotation in config/crd/kustomization.yaml (commonAnnotations or a patch)`,
      });
    }
    if (errors.length === 0) return warnings;
    const ctx = this.locatorContext(crd, versions);
    const markers = [...this.options.markers.all()];
    return [...warnings, ...errors.map((e) => {
      // A validation rule's error points at the rule in its XValidation marker.
      // Fields every version has alike are reported at the top level; their source is any version's.
      const field = locatableField(crd, perVersionField(e.field), e.message);
      // The same rule text may be in several packages (a kind's versions share their types' names):
      // the markers of the version's own package are looked at first.
      const versionName = crd.spec.versions[Number(/^spec\.versions\[(\d+)\]/.exec(field)?.[1] ?? -1)]?.name;
      const pkgDir = versions.find((v) => v.pkg.version === versionName)?.pkg.dir;
      const own = pkgDir === undefined ? [] : markers.filter((m) => path.dirname(m.location.file) === pkgDir);
      const cel = celErrorSite(crd, field, e.message, [...own, ...markers]);
      return {
        severity: 'error' as const,
        ...(cel?.location ?? locateCrdField(field, ctx) ?? nodeDiagnostic(versions[0].decl, '')),
        message: `CustomResourceDefinition ${JSON.stringify(crd.metadata.name)} is invalid: ${e.field}: ${e.message.replace(LONG_QUOTED_RULE, '$1…"')}${cel?.note ?? ''}`,
      };
    })];
  }

  /**
   * The marker or declaration behind a field of a CRD of the last run (`spec.versions[0].schema.openAPIV3Schema...`),
   * found as the API server's errors are.
   */
  locate(crdName: string, field: string): SourceLocation | undefined {
    const ctx = this.locators.get(crdName);
    return ctx ? locateCrdField(field, ctx) : undefined;
  }

  /** What locateCrdField needs to map a field of `crd` back to the sources. */
  private locatorContext(crd: CustomResourceDefinition, versions: KindVersion[]): LocatorContext {
    return {
      index: this.index,
      markersOf: (node) => this.options.markers.forNode(node).all(),
      versionNames: crd.spec.versions.map((v) => v.name),
      sources: versions.map(({ pkg, decl }) => ({ version: pkg.version, decl, packageMarkers: this.options.markers.forPackage(pkg.dir).all() })),
    };
  }

  /** A kind's finished schema, cached while its flattened schema is (watch mode regenerates the rest). */
  private rootSchema(decl: ts.InterfaceDeclaration | ts.TypeAliasDeclaration, diagnostics: Diagnostic[]): JSONSchemaProps | undefined {
    const id = this.builder.refFor(decl);
    const cached = this.rootCache.get(id);
    if (cached && this.flattener.has(id)) {
      diagnostics.push(...cached.diagnostics);
      return cloneJson(cached.schema);
    }
    const own: Diagnostic[] = [];
    const schema = this.buildRootSchema(id, decl, own);
    diagnostics.push(...own);
    if (!schema) return undefined;
    this.rootCache.set(id, { schema, diagnostics: own });
    return cloneJson(schema);
  }

  private buildRootSchema(id: string, decl: ts.InterfaceDeclaration | ts.TypeAliasDeclaration, diagnostics: Diagnostic[]): JSONSchemaProps | undefined {
    this.flattenErrors = [];
    this.flattenWarnings = [];
    const flattened = this.flattener.flattenType(id);
    if (!flattened) return undefined;
    flattenEmbedded(flattened, (message) => this.flattenErrors.push({ message }));
    for (const { message, typeId } of this.flattenErrors) {
      const at = typeId?.includes('#') ? this.index.declarationById(typeId) : undefined;
      diagnostics.push(nodeDiagnostic(at ?? decl, message));
    }
    for (const m of this.flattenWarnings) diagnostics.push({ ...nodeDiagnostic(decl, m), severity: 'warning' });
    const props = flattened.properties;
    if (props) {
      for (const field of ['apiVersion', 'kind'] as const) {
        if (props[field] && !props[field].description) props[field].description = TYPE_META_DESCRIPTIONS[field];
      }
      if (props.metadata) props.metadata = { type: 'object' };
    }
    if (this.options.maxDescLen !== undefined) limitDescriptions(flattened, this.options.maxDescLen);
    return flattened;
  }

  /** CEL syntax problems of the XValidation markers of every collected file (each rule parsed once). */
  celDiagnostics(): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const m of this.options.markers.all()) {
      if (m.name !== 'kubebuilder:validation:XValidation' && m.name !== 'kubebuilder:validation:items:XValidation') continue;
      let checked = this.celChecked.get(m);
      if (checked === undefined) {
        checked = checkCelRule(m) ?? null;
        this.celChecked.set(m, checked);
      }
      if (checked) out.push(checked);
    }
    return out;
  }
}

function nodeDiagnostic(node: ts.Node, message: string): Diagnostic {
  const sf = node.getSourceFile();
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return { severity: 'error', file: sf.fileName, line: line + 1, column: character + 1, message };
}

function markerDiagnostic(marker: MarkedValue, message: string): Diagnostic {
  return { severity: 'error', ...marker.location, message: `${message} (+${marker.name})` };
}

/**
 * A rule the API server's message quotes (`ValidationRule{Rule:"..."`) past its first 80 characters:
 * the diagnostic is at the rule already, and a rule may be 100,000 characters long.
 */
const LONG_QUOTED_RULE = /((?:Rule:|"Rule":)"(?:[^"\\]|\\.){80})(?:[^"\\]|\\.)+"/g;

function problemDiagnostic(p: SchemaProblem): Diagnostic {
  if (p.marker) return { severity: 'error', ...p.marker.location, message: p.message };
  return nodeDiagnostic(p.node, p.message);
}

/**
 * The field a diagnostic is placed by: an error on a whole root schema that the status subresource
 * restricts is placed at the first field the API server objects to (the marker that wrote it).
 */
function locatableField(crd: CustomResourceDefinition, field: string, message: string): string {
  const root = /^spec\.versions\[(\d+)\]\.schema\.openAPIV3Schema$/.exec(field);
  if (!root || !message.endsWith(STATUS_ROOT_DETAIL)) return field;
  const schema = crd.spec.versions[Number(root[1])]?.schema?.openAPIV3Schema;
  const key = schema ? statusRootOffendingKey(schema) : undefined;
  return key ? `${field}.${key}` : field;
}
