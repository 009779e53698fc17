// `create api`: a kind's TypeScript types (the CRD source), its controller, the config/ entries
// that install and sample it, and its registration in src/main.ts.
import { UsageError } from '../../project/usage-error.js';
import * as blocks from '../machinery/kustomize-blocks.js';
import type { Plan } from '../machinery/plan.js';
import { render } from '../machinery/render.js';
import { projectContext, type ProjectContext } from '../../project/context.js';
import { builtinGroupDomain, clusterScopedBuiltinKinds, isBuiltinGroup, runtimeBuiltinKinds } from '../../project/core-groups.js';
import { checkBuiltinKind } from '../../project/builtin-kinds.js';
import { pascal, relativeImport, resourceNames, type ResourceNames } from '../../project/names.js';
import { crdDefaultPlural, resourcePlural } from '../../kube/plural.js';
import { API_APPROVAL_ANNOTATION, isProtectedCommunityGroup } from '../../kube/community-groups.js';
import { findResource, type ProjectConfig } from '../../project/project-file.js';
import { mainFile } from '../../project/layout.js';
import { enableInDefault } from '../machinery/kustomize-edits.js';
import { keepRootMarkers, markRootType } from '../machinery/root-markers.js';
import { planTestSample } from '../machinery/test-sample.js';
import { apiNamespaced, gvkText, importAlias, pluralOf, qualifiedGroup, sameGvk, type Resource } from '../../project/resource.js';
import { validateDomain, validateGvk } from '../../project/validation.js';
import { addController, controllerFileBase, reconcilerClassName } from '../../project/controller-name.js';
import { externalTypeImport, resolveExternalApiPath } from '../../project/external-api.js';
import type { LocatedCrd } from '../external-crd/crd-source.js';
import { findImportedCrd, planImportedCrd } from '../external-crd/plan-imported-crd.js';

export interface CreateApiOptions {
  group: string;
  version: string;
  kind: string;
  plural?: string;
  resource: boolean;
  controller: boolean;
  /** undefined: as the kind's other versions, else true. */
  namespaced?: boolean;
  force: boolean;
  /** `--controller-name`: one of several controllers of the kind (see project/controller-name.ts). */
  controllerName?: string;
  /** `--external-api-path`/`--external-api-domain`: a kind of another project (see project/external-api.ts). */
  externalApiPath?: string;
  externalApiDomain?: string;
  /** The CRDs `--external-api-path` named when it is CRD YAML (read by the command: see external-crd/crd-source.ts). */
  externalCrds?: readonly LocatedCrd[];
}

/** What the templates of create api are rendered with: the project's values, the kind's names, its scope and markers. */
type ApiData = ProjectContext & ResourceNames & {
  group: string;
  version: string;
  namespaced: boolean;
  resourceMarker: string;
  apiApprovalAnnotation: string;
};

/** The controller's templates also know whether config/crd/bases will hold CRDs. */
type ControllerData = ApiData & { hasCrds: boolean };

/** Groups the project itself defines APIs in. */
function ownGroups(cfg: ProjectConfig): Set<string> {
  return new Set(cfg.resources.filter((r) => r.api && !r.core && !r.external).map((r) => r.group));
}

/** Plans `create api`; returns the updated PROJECT configuration. */
export function planCreateApi(plan: Plan, cfg: ProjectConfig, opts: CreateApiOptions): ProjectConfig {
  validateGvk(opts);
  checkControllerAndExternalFlags(opts);
  // CRD YAML with --controller=false: the types alone, imported (again, with --force: a new release of the CRD).
  if (!opts.resource && !opts.controller && !opts.externalCrds) {
    throw new UsageError('nothing to create: --resource=false and --controller=false');
  }
  const existing = findResource(cfg, opts);
  const hasApi = existing?.api !== undefined;
  if (opts.resource) {
    if (hasApi && !opts.force) throw new UsageError(`API ${gvkText(opts)} already exists in PROJECT; pass --force to scaffold it again`);
    const groups = ownGroups(cfg);
    if (!cfg.multigroup && groups.size > 0 && !groups.has(opts.group)) {
      throw new UsageError(`group "${opts.group}" would be a second API group (the project has "${[...groups].join('", "')}"); multiple groups need a multi-group project: run \`scaffolder edit --multigroup\` first`);
    }
  }
  if (opts.controller && existing?.controller && !opts.force && !opts.resource && opts.controllerName === undefined) {
    throw new UsageError(`a controller for ${gvkText(opts)} already exists in PROJECT; pass --force to scaffold it again`);
  }
  if (!opts.resource && existing && opts.plural !== undefined && opts.plural !== pluralOf(existing)) {
    throw new UsageError(`--plural ${opts.plural}: ${gvkText(opts)} is recorded in PROJECT with plural "${pluralOf(existing)}"; leave --plural out`);
  }
  const imported = opts.externalCrds && !opts.resource ? importCrd(plan, cfg, opts) : undefined;
  const crd = opts.resource ? sameCrdAs(cfg, opts) : imported ?? { plural: opts.plural, namespaced: opts.namespaced };
  if (opts.resource) {
    const cased = cfg.resources.find((r) => r.api && r.group === opts.group && r.kind !== opts.kind && r.kind.toLowerCase() === opts.kind.toLowerCase());
    if (cased) throw new UsageError(`kind "${opts.kind}" differs from ${gvkText(cased)} only in case: their files (${opts.kind.toLowerCase()}_types.ts, ...) and CRD would be the same`);
    // The types file of a kind declares <Kind>, <Kind>Spec, <Kind>Status and <Kind>List in its package.
    const declared = (kind: string) => [kind, `${kind}Spec`, `${kind}Status`, `${kind}List`];
    for (const other of cfg.resources.filter((r) => r.api && r.group === opts.group && r.version === opts.version && r.kind !== opts.kind)) {
      const both = declared(opts.kind).find((n) => declared(other.kind).includes(n));
      if (both) throw new UsageError(`kind "${opts.kind}" clashes with ${gvkText(other)}: both would declare ${both} in the same API package; choose another kind name`);
    }
    // src/main.ts imports each API package under `<group><version>` with '-' and '.' dropped.
    const alias = importAlias(opts);
    const twin = cfg.resources.find((r) => r.api && r.group !== opts.group && importAlias(r) === alias);
    if (twin) throw new UsageError(`group "${opts.group}" would share the import name ${alias} with group "${twin.group}" in src/main.ts; choose another group name`);
  }
  const external = !opts.resource && !hasApi && (opts.externalApiPath !== undefined || existing?.external === true);
  const core = !opts.resource && !hasApi && !external && (existing?.core === true || isBuiltinGroup(opts.group));
  if (!opts.resource && !hasApi && !core && !external) {
    throw new UsageError(`${gvkText(opts)} is neither an API of this project nor in a built-in group (core, apps, batch, ...); create it with --resource`);
  }
  if (core && !existing) {
    const note = checkBuiltinKind(cfg, opts);
    if (note) plan.note(note);
  }

  const res: Resource = existing ? { ...existing } : { group: opts.group, version: opts.version, kind: opts.kind };
  if (opts.resource) {
    res.domain = cfg.domain;
    res.path = resourceNames({ ...res, domain: cfg.domain }, cfg.multigroup === true).apiPath;
    // Without --namespaced: the scope of the kind's other versions, else of this version when scaffolded again, else namespaced.
    res.api = { crdVersion: 'v1', namespaced: crd.namespaced ?? (existing?.api ? apiNamespaced(existing.api) : true) };
  } else if (core) {
    res.core = true;
    res.domain = builtinGroupDomain(opts.group) ?? '';
  } else if (external && opts.externalApiPath !== undefined) {
    res.external = true;
    res.path = imported?.path ?? opts.externalApiPath;
    res.domain = imported?.domain ?? opts.externalApiDomain ?? '';
    resolveExternalApiPath(res.path, (f) => plan.exists(f));
  }
  const plural = crd.plural ?? res.plural;
  if (plural !== undefined && plural !== resourcePlural(opts.kind)) res.plural = plural;
  else delete res.plural;
  if (opts.controller) addController(res, opts.controllerName, { force: opts.force });

  const multigroup = cfg.multigroup === true;
  const names = resourceNames(res, multigroup);
  const samePlural = opts.resource && cfg.resources.find((r) => r.api && r.group === res.group && r.kind !== res.kind && pluralOf(r) === names.plural);
  if (samePlural) {
    throw new UsageError(`plural "${names.plural}" is already the plural of ${gvkText(samePlural)}: two kinds of a group cannot share a resource name (CRD ${names.plural}.${names.qualifiedGroup}); pass another --plural`);
  }
  if (opts.resource && names.plural.length > 63) {
    throw new UsageError(`kind "${opts.kind}" gives the plural "${names.plural}" (${names.plural.length} characters), longer than the 63 a resource name may have; pass a shorter --plural or choose a shorter kind`);
  }
  if (qualifiedGroup(res) !== '' && qualifiedGroup(res).length > 253) throw new UsageError(`group "${qualifiedGroup(res)}" is longer than 253 characters`);
  const ctx = projectContext(cfg);
  const namespaced = res.api ? apiNamespaced(res.api) : external ? (crd.namespaced ?? true) : !clusterScopedBuiltinKinds.has(res.kind);
  // path= whenever controller-gen would not choose this plural itself (kubebuilder writes it only for a
  // --plural, but its rule and controller-gen's differ for a few kinds, e.g. BigOx).
  const pathMarker = names.plural !== crdDefaultPlural(res.kind) ? [`path=${names.plural}`] : [];
  const resourceMarker = [...pathMarker, ...(namespaced ? [] : ['scope=Cluster'])].join(',');
  // A Kubernetes community group's CRD is refused without the API approval annotation.
  const apiApprovalAnnotation = isProtectedCommunityGroup(names.qualifiedGroup) ? API_APPROVAL_ANNOTATION : '';
  const data = { ...ctx, ...names, group: res.group, version: res.version, namespaced, resourceMarker, apiApprovalAnnotation };

  if (opts.resource) planResourceFiles(plan, res, names, data);
  if (opts.resource && !hasApi) planStorageVersion(plan, cfg, res);
  const hub = opts.resource && !hasApi && cfg.resources.find((r) => r.api && r.group === res.group && r.kind === res.kind && r.webhooks?.conversion);
  if (hub) {
    plan.note(`${res.kind} converts through its hub ${hub.version}, which cannot convert ${res.version} yet: run \`scaffolder create webhook --group ${res.group} --version ${hub.version} --kind ${res.kind} --conversion --spoke ${res.version}\``);
  }
  const resources = existing ? cfg.resources.map((r) => (r === existing ? res : r)) : [...cfg.resources, res];
  // Whether config/crd/bases will hold CRDs: a project with controllers for built-in kinds only has none.
  // Imported CRDs count: manifests generates them from their types (src/external/) too.
  const hasCrds = resources.some((r) => r.api !== undefined) || imported !== undefined || importedTypes(plan, res) !== undefined;
  if (opts.controller && !opts.force) {
    // One controller file per kind name: another version's (or, without multigroup, another group's
    // kind of the same name, such as core Pod) is in the way; kubebuilder refuses too.
    const file = controllerFile(res, multigroup, opts.controllerName);
    const owner = cfg.resources.find((r) => !sameGvk(r, res) && controllerNames(r).some((n) => controllerFile(r, multigroup, n) === file));
    if (owner && plan.exists(file)) {
      const way = owner.group === res.group
        ? (opts.resource ? 'pass --controller=false to scaffold only the API, or --force to overwrite it' : 'pass --force to overwrite it')
        : 'run `scaffolder edit --multigroup` first to give each group its own src/controllers/<group>/';
      throw new UsageError(`${file} already exists: it is the controller of ${gvkText(owner)}; ${way}`);
    }
  }
  if (opts.controller) planControllerFiles(plan, res, names, { ...data, hasCrds }, multigroup, core, opts.controllerName);

  return { ...cfg, resources };
}

/**
 * `--external-api-path` naming CRD YAML: the kind's CRD written as types under src/external/ (every
 * version), its plural and scope taken from the CRD; PROJECT's path is then the package of the version.
 */
function importCrd(plan: Plan, cfg: ProjectConfig, opts: CreateApiOptions): { path: string; domain: string; plural: string; namespaced: boolean } {
  const source = opts.externalApiPath!;
  const { located, domain } = findImportedCrd(opts.externalCrds!, { ...opts, domain: opts.externalApiDomain }, source);
  const { names, scope } = located.crd.spec;
  if (opts.plural !== undefined && opts.plural !== names.plural) throw new UsageError(`--plural ${opts.plural}: the CRD of ${opts.kind} (${located.file}) has plural "${names.plural}"; leave --plural out`);
  const namespaced = scope !== 'Cluster';
  if (opts.namespaced !== undefined && opts.namespaced !== namespaced) throw new UsageError(`--namespaced=${opts.namespaced}: the CRD of ${opts.kind} (${located.file}) is ${namespaced ? 'namespaced' : 'cluster-scoped'}; leave --namespaced out`);
  const dirs = planImportedCrd(plan, located, { boilerplate: projectContext(cfg).boilerplate, source });
  return { path: `./${dirs.get(opts.version)!}`, domain, plural: names.plural, namespaced };
}

/** The types file of an external kind imported from its CRD (it declares the kind's descriptor), if it is one. */
function importedTypes(plan: Plan, res: Resource): string | undefined {
  if (res.external !== true || res.api || res.path === undefined || !res.path.startsWith('./')) return undefined;
  const file = `${res.path.slice(2).replace(/\/$/, '')}/${res.kind.toLowerCase()}_types.ts`;
  return plan.read(file)?.includes(`export const ${res.kind} = defineKind<${res.kind}>(`) ? file : undefined;
}

/**
 * The versions of a kind share one CRD, so one plural and one scope: a new version takes them from
 * the kind's other versions, and a --plural or --namespaced that disagrees is an error.
 */
function sameCrdAs(cfg: ProjectConfig, opts: CreateApiOptions): { plural?: string; namespaced?: boolean } {
  const first = cfg.resources.find((r) => r.api && r.group === opts.group && r.kind === opts.kind && r.version !== opts.version);
  if (!first) return { plural: opts.plural, namespaced: opts.namespaced };
  if (opts.plural !== undefined && opts.plural !== pluralOf(first)) {
    throw new UsageError(`--plural ${opts.plural} differs from "${pluralOf(first)}" of ${gvkText(first)}: the versions of a kind share one CRD and so one plural; leave --plural out`);
  }
  const namespaced = apiNamespaced(first.api!);
  if (opts.namespaced !== undefined && opts.namespaced !== namespaced) {
    throw new UsageError(`--namespaced=${opts.namespaced}: ${gvkText(first)} is ${namespaced ? 'namespaced' : 'cluster-scoped'}, and the versions of a kind share one CRD and so one scope; leave --namespaced out`);
  }
  return { plural: first.plural, namespaced };
}

function planResourceFiles(plan: Plan, res: Resource, names: ResourceNames, data: ApiData): void {
  const pkg = names.apiPath;
  plan.add({ path: `${pkg}/groupversion_info.ts`, body: render('api/groupversion_info.ts', data), ifExists: 'skip' });
  plan.add({ path: `${pkg}/index.ts`, body: render('api/index.ts', data), ifExists: 'skip' });
  const typesFile = `${pkg}/${names.lowerKind}_types.ts`;
  const previousTypes = plan.read(typesFile);
  const types = render('api/types.ts', data);
  plan.add({ path: typesFile, body: previousTypes === undefined ? types : keepRootMarkers(previousTypes, types), ifExists: 'error' });
  plan.insert(`${pkg}/index.ts`, 'imports', [`import { ${names.kind} } from './${names.lowerKind}_types.js';`]);
  plan.insert(`${pkg}/index.ts`, 'exports', [`export * from './${names.lowerKind}_types.js';`]);
  plan.insert(`${pkg}/index.ts`, 'scheme', [`scheme.add(${names.kind});`]);

  planTestSample(plan, names, data);

  plan.insert(mainFile, 'imports', [`import * as ${names.importAlias} from '${relativeImport(mainFile, `${pkg}/index.ts`)}';`]);
  plan.insert(mainFile, 'scheme', [`${names.importAlias}.addToScheme(scheme);`]);

  const sample = sampleFileName(res, names);
  plan.add({ path: `config/samples/${sample}`, body: render('api/config/sample.yaml', data), ifExists: 'error' });
  plan.add({ path: 'config/samples/kustomization.yaml', body: render('api/config/samples_kustomization.yaml', data), ifExists: 'skip' });
  plan.insert('config/samples/kustomization.yaml', 'manifestskustomizesamples', [`- ${sample}`]);

  const roleName = names.groupedLowerKind.replace(/_/g, '-');
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    const file = `${names.groupedLowerKind}_${role}_role.yaml`;
    plan.add({ path: `config/rbac/${file}`, body: render(`api/config/${role}_role.yaml`, { ...data, roleName }), ifExists: 'overwrite' });
    if (plan.exists('config/rbac/kustomization.yaml')) plan.insert('config/rbac/kustomization.yaml', 'rbackustomizeroles', [`- ${file}`]);
    else plan.note(`config/rbac/kustomization.yaml not found: list config/rbac/${file} in your kustomize configuration by hand`);
  }

  plan.add({ path: 'config/crd/kustomization.yaml', body: render('api/config/crd_kustomization.yaml', data), ifExists: 'skip' });
  plan.add({ path: 'config/crd/kustomizeconfig.yaml', body: render('api/config/crd_kustomizeconfig.yaml', data), ifExists: 'skip' });
  plan.insert('config/crd/kustomization.yaml', 'crdkustomizeresource', [`- bases/${names.qualifiedGroup}_${names.plural}.yaml`]);
  enableInDefault(plan, blocks.crdResource);
}

/** The kind's sample in config/samples/; an API in the project's own domain (empty group) is named after the domain's first label. */
export function sampleFileName(res: Resource, names: ResourceNames): string {
  return `${res.group || names.qualifiedGroup.split('.')[0]}_${res.version}_${names.lowerKind}.yaml`;
}

/** Options that only go with others, as kubebuilder checks them. */
function checkControllerAndExternalFlags(opts: CreateApiOptions): void {
  if (opts.controllerName !== undefined && !opts.controller) throw new UsageError('--controller-name names a controller to create: it cannot go with --controller=false');
  if (opts.resource && (opts.externalApiPath !== undefined || opts.externalApiDomain !== undefined)) {
    throw new UsageError('--external-api-path and --external-api-domain name a kind of another project: they go with --resource=false, not with an API of this project');
  }
  if (opts.externalApiDomain !== undefined && opts.externalApiPath === undefined) throw new UsageError('--external-api-domain needs --external-api-path (the module that exports the kind\'s type)');
  if (opts.externalApiDomain !== undefined) validateDomain(opts.externalApiDomain, 'external API domain');
}

/** The names of a resource's controllers: undefined for its unnamed one. */
function controllerNames(r: Resource): Array<string | undefined> {
  return [...(r.controller ? [undefined] : []), ...(r.controllers ?? []).map((c) => c.name)];
}

function controllerFile(res: Resource, multigroup: boolean, name?: string): string {
  return controllerPaths(res, multigroup, name).file;
}

/** Where a kind's controller and its test go: `src/controllers/[<group>/]<name>_controller.ts` and `test/controllers/...test.ts`. */
export function controllerPaths(res: Resource, multigroup: boolean, name?: string): { file: string; testFile: string } {
  const sub = multigroup && res.group !== '' ? `/${res.group}` : '';
  const base = `${controllerFileBase(res.kind, name)}_controller`;
  return { file: `src/controllers${sub}/${base}.ts`, testFile: `test/controllers${sub}/${base}.test.ts` };
}

/** The reconciler's class as src/main.ts imports it (prefixed with the group's name in a multi-group project). */
export function reconcilerAlias(res: Resource, multigroup: boolean, name?: string): string {
  const className = reconcilerClassName(res.kind, name);
  return multigroup && res.group !== '' ? `${pascal(res.group)}${className}` : className;
}

/** The line of src/main.ts that starts a controller: its constructor takes `args`. */
export function controllerRegistration(alias: string, args: string[]): string {
  return `await new ${alias}(${args.join(', ')}).setupWithManager(mgr);`;
}

/** What src/main.ts passes a scaffolded reconciler. */
export const reconcilerArgs = ['mgr.getClient()', 'mgr.getScheme()'];

function planControllerFiles(plan: Plan, res: Resource, names: ResourceNames, data: ControllerData, multigroup: boolean, core: boolean, name?: string): void {
  const { file, testFile } = controllerPaths(res, multigroup, name);
  const runtimeKind = core ? runtimeBuiltinKinds.get(`${res.group}/${res.version}/${res.kind}`) : undefined;
  const apiIndex = `${names.apiPath}/index.ts`;
  const importedFile = importedTypes(plan, res);
  const external = res.external === true && !res.api && importedFile === undefined;
  const importedIndex = importedFile === undefined ? undefined : importedFile.replace(/[^/]+$/, 'index.ts');
  const className = reconcilerClassName(res.kind, name);
  const runtimeName = name ?? names.lowerKind;
  const controllerData = {
    ...data,
    runtimeKind: runtimeKind ?? '',
    inlineKind: (core && !runtimeKind) || external,
    externalImport: external ? externalTypeImport(res.path!, file, (f) => plan.exists(f)) : '',
    externalPath: external ? res.path ?? '' : '',
    kindImport: core || external ? '' : relativeImport(file, importedIndex ?? apiIndex),
    kindRef: runtimeKind ?? res.kind,
    reconcilerName: className,
    controllerName: multigroup && res.group !== '' ? `${res.group}-${runtimeName}` : runtimeName,
  };
  plan.add({ path: file, body: render('controller/controller.ts', controllerData), ifExists: 'error' });
  plan.add({
    path: testFile,
    body: render('controller/controller.test.ts', {
      ...controllerData,
      apiImport: core || external ? '' : relativeImport(testFile, importedIndex ?? apiIndex),
      controllerImport: relativeImport(testFile, file),
      createsObject: !core && !external && !importedIndex,
      sampleImport: core || external || importedIndex ? '' : relativeImport(testFile, names.sampleFile),
    }),
    ifExists: 'error',
  });
  if (importedIndex) {
    // As an API package of the project: src/main.ts registers the imported kinds with the scheme.
    plan.insert(mainFile, 'imports', [`import * as ${names.importAlias} from '${relativeImport(mainFile, importedIndex)}';`]);
    plan.insert(mainFile, 'scheme', [`${names.importAlias}.addToScheme(scheme);`]);
  }
  const alias = reconcilerAlias(res, multigroup, name);
  const imported = alias === className ? className : `${className} as ${alias}`;
  plan.insert(mainFile, 'imports', [`import { ${imported} } from '${relativeImport(mainFile, file)}';`]);
  plan.insert(mainFile, 'builder', [controllerRegistration(alias, reconcilerArgs)]);
}

// A CRD with several versions stores exactly one of them: when a kind gets its second version,
// the existing one becomes the storage version unless one is marked already.
function planStorageVersion(plan: Plan, cfg: ProjectConfig, res: Resource): void {
  const marker = '// +kubebuilder:storageversion';
  const others = cfg.resources.filter((r) => r.api && r.group === res.group && r.kind === res.kind && r.version !== res.version);
  if (others.length === 0) return;
  const typesOf = (r: Resource) => `${resourceNames(r, cfg.multigroup === true).apiPath}/${r.kind.toLowerCase()}_types.ts`;
  if (others.some((r) => plan.read(typesOf(r))?.includes(marker))) return;
  const first = others[0];
  if (!plan.exists(typesOf(first))) return;
  markRootType(plan, typesOf(first), marker, first.kind);
  plan.note(
    `${typesOf(first)}: marked ${first.kind} ${first.version} as the storage version (+kubebuilder:storageversion). To store ${res.version} instead: move the marker to ${typesOf(res)}, deploy, ` +
      `run scaffolder/runtime's StorageVersionMigrator once (it rewrites the stored objects and leaves the CRD's status.storedVersions with ${res.version} alone), and only then stop serving ${first.version}; ` +
      '`scaffolder manifests --check-compat` warns until then',
  );
}
