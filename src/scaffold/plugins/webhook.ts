// `create webhook`: defaulting, validating and conversion webhooks for a kind, the config/ that
// serves them (service, cert-manager certificates, manager patch), and their registration.
// A later run for another webhook type of the same kind merges into the existing file.
import { UsageError } from '../errors.js';
import { containsLines, scaffoldMarker, uncommentBlock } from '../machinery/inserter.js';
import * as blocks from '../machinery/kustomize-blocks.js';
import { addNamedImports } from '../machinery/ts-imports.js';
import { Plan } from '../machinery/plan.js';
import { render } from '../machinery/render.js';
import { projectContext, type ProjectContext } from '../project/context.js';
import { builtinGroupDomain, clusterScopedBuiltinKinds, isBuiltinGroup, runtimeBuiltinKinds } from '../project/core-groups.js';
import { pascal, relativeImport, resourceNames, type ResourceNames } from '../project/names.js';
import { resourcePlural } from '../../kube/plural.js';
import { findResource, type ProjectConfig } from '../project/project-file.js';
import { apiNamespaced, pluralOf, type Resource, type ResourceWebhooks } from '../project/resource.js';
import { validateVersion, validateWebhookPath } from '../project/validation.js';
import { enableInDefault, gvkText, mainFile, markRootType, planTestSample, validateGvk } from './api.js';

export interface CreateWebhookOptions {
  group: string;
  version: string;
  kind: string;
  plural?: string;
  defaulting: boolean;
  validation: boolean;
  conversion: boolean;
  spoke: string[];
  defaultingPath?: string;
  validationPath?: string;
  force: boolean;
}

interface WebhookTypes {
  defaulting: boolean;
  validation: boolean;
  spokes: string[];
}

interface WebhookContext {
  res: Resource;
  names: ResourceNames;
  ctx: ProjectContext;
  core: boolean;
  /** The identifier of the kind descriptor in the webhook file. */
  kindRef: string;
  /** The TypeScript type of an object of the kind. */
  kindType: string;
  /** A built-in kind scaffolder/runtime has no descriptor for: the webhook file defines one. */
  inlineKind: boolean;
  webhookFile: string;
  testFile: string;
  defaultingPath: string;
  validationPath: string;
  multigroup: boolean;
  cfg: ProjectConfig;
}

/** Plans `create webhook`; returns the updated PROJECT configuration. */
export function planCreateWebhook(plan: Plan, cfg: ProjectConfig, opts: CreateWebhookOptions): ProjectConfig {
  validateGvk(opts);
  if (!opts.defaulting && !opts.validation && !opts.conversion) {
    throw new UsageError('create webhook needs at least one of --defaulting, --programmatic-validation, --conversion');
  }
  if (opts.spoke.length > 0 && !opts.conversion) throw new UsageError('--spoke is only valid with --conversion');
  if (opts.conversion && opts.spoke.length === 0) throw new UsageError('--conversion needs at least one --spoke version (the versions converted to and from this hub version)');
  if (opts.defaultingPath !== undefined && !opts.defaulting) throw new UsageError('--defaulting-path is only valid with --defaulting');
  if (opts.validationPath !== undefined && !opts.validation) throw new UsageError('--validation-path is only valid with --programmatic-validation');
  for (const p of [opts.defaultingPath, opts.validationPath]) {
    if (p !== undefined) validateWebhookPath(p);
  }

  const existing = findResource(cfg, opts);
  const own = existing?.api !== undefined;
  const core = !own && (existing?.core === true || isBuiltinGroup(opts.group));
  if (!own && !core) {
    throw new UsageError(`API ${gvkText(opts)} does not exist in this project; create it first with \`scaffolder create api --group ${opts.group} --version ${opts.version} --kind ${opts.kind}\``);
  }
  if (existing && opts.plural !== undefined && opts.plural !== pluralOf(existing)) {
    throw new UsageError(`--plural ${opts.plural}: ${gvkText(opts)} is recorded in PROJECT with plural "${pluralOf(existing)}"; leave --plural out`);
  }
  if (core && opts.conversion) throw new UsageError(`--conversion is not possible for built-in kind ${gvkText(opts)}: only the project's own APIs can convert`);
  for (const spoke of opts.spoke) {
    validateVersion(spoke);
    if (spoke === opts.version) throw new UsageError(`--spoke ${spoke} is the hub version itself; spokes are the other versions of ${opts.kind}`);
    if (!findResource(cfg, { ...opts, version: spoke })?.api) {
      throw new UsageError(`--spoke ${spoke}: API ${gvkText({ ...opts, version: spoke })} does not exist; create it first with \`scaffolder create api\``);
    }
  }
  if (opts.conversion) {
    // A kind converts through one hub: another version that is already the hub takes the new spokes.
    const hub = cfg.resources.find((r) => r.api && r.group === opts.group && r.kind === opts.kind && r.version !== opts.version && r.webhooks?.conversion);
    if (hub) {
      const wanted = [opts.version, ...opts.spoke].filter((v) => v !== hub.version && !hub.webhooks?.spoke?.includes(v));
      const how = wanted.length > 0
        ? `add spokes to it: \`scaffolder create webhook --group ${opts.group} --version ${hub.version} --kind ${opts.kind} --conversion --spoke ${wanted.join(',')}\``
        : 'it converts those versions already';
      throw new UsageError(`${gvkText(hub)} is already the conversion hub of ${opts.kind} (spokes ${(hub.webhooks?.spoke ?? []).join(', ')}); a kind has one hub: ${how}`);
    }
  }

  const old: ResourceWebhooks | undefined = existing?.webhooks;
  if (!opts.force) {
    if (opts.defaulting && old?.defaulting) throw new UsageError(`${gvkText(opts)} already has a defaulting webhook; pass --force to scaffold it again`);
    if (opts.validation && old?.validation) throw new UsageError(`${gvkText(opts)} already has a validating webhook; pass --force to scaffold it again`);
    const known = opts.spoke.filter((s) => old?.spoke?.includes(s));
    if (known.length > 0) throw new UsageError(`${gvkText(opts)} already converts to ${known.join(', ')}; pass --force to scaffold it again`);
  }

  const res: Resource = existing ? { ...existing } : { group: opts.group, version: opts.version, kind: opts.kind, core: true, domain: builtinGroupDomain(opts.group) ?? '' };
  if (opts.plural !== undefined && opts.plural !== resourcePlural(opts.kind)) res.plural = opts.plural;
  const webhooks: ResourceWebhooks = { ...(old ?? {}), webhookVersion: 'v1' };
  if (opts.defaulting) {
    webhooks.defaulting = true;
    if (opts.defaultingPath) webhooks.defaultingPath = opts.defaultingPath;
  }
  if (opts.validation) {
    webhooks.validation = true;
    if (opts.validationPath) webhooks.validationPath = opts.validationPath;
  }
  if (opts.conversion) {
    webhooks.conversion = true;
    webhooks.spoke = [...new Set([...(old?.spoke ?? []), ...opts.spoke])].sort();
  }
  res.webhooks = webhooks;

  const multigroup = cfg.multigroup === true;
  const names = resourceNames(res, multigroup);
  const runtimeKind = core ? runtimeBuiltinKinds.get(`${res.group}/${res.version}/${res.kind}`) : undefined;
  const webhookFile = core
    ? `src/webhooks/${res.group}/${res.version}/${names.lowerKind}_webhook.ts`
    : `${names.apiPath}/${names.lowerKind}_webhook.ts`;
  const testFile = core ? `test/webhooks/${res.group}/${res.version}/${names.lowerKind}_webhook.test.ts` : apiWebhookTestFile(names);
  const groupPath = names.qualifiedGroup.replace(/\./g, '-');
  const wc: WebhookContext = {
    res, names, ctx: projectContext(cfg), core, cfg, multigroup,
    kindRef: runtimeKind ?? res.kind,
    kindType: core ? `ObjectOf<typeof ${runtimeKind ?? res.kind}>` : res.kind,
    inlineKind: core && !runtimeKind,
    webhookFile,
    testFile,
    defaultingPath: webhooks.defaultingPath ?? `/mutate-${groupPath}-${res.version}-${names.lowerKind}`,
    validationPath: webhooks.validationPath ?? `/validate-${groupPath}-${res.version}-${names.lowerKind}`,
  };

  const all: WebhookTypes = { defaulting: webhooks.defaulting === true, validation: webhooks.validation === true, spokes: webhooks.spoke ?? [] };
  const added: WebhookTypes = {
    defaulting: opts.defaulting && !old?.defaulting,
    validation: opts.validation && !old?.validation,
    spokes: opts.spoke.filter((s) => !old?.spoke?.includes(s)),
  };
  // A later webhook type rewrites the webhook file and its test while they are still exactly what the
  // earlier types scaffolded, so that they do not depend on the order the types were added (and
  // `alpha generate`, which adds them at once, writes them again as they are); edited, they are merged into.
  const before: WebhookTypes = { defaulting: old?.defaulting === true, validation: old?.validation === true, spokes: old?.spoke ?? [] };
  const rewrite = opts.force || !plan.exists(webhookFile) || asScaffolded(plan, wc.webhookFile, (scratch) => planWebhookSource(scratch, wc, before, true));
  planWebhookSource(plan, wc, rewrite ? all : added, rewrite);
  const rewriteTest = rewrite || !plan.exists(wc.testFile) || asScaffolded(plan, wc.testFile, (scratch) => planWebhookTest(scratch, wc, before, true));
  planWebhookTest(plan, wc, rewriteTest ? all : added, rewriteTest);
  if (!core && (webhooks.defaulting || webhooks.validation)) planSiblingAdmission(plan, wc);
  planRegistration(plan, wc);
  planWebhookConfig(plan, wc, opts);
  if (opts.conversion) planConversion(plan, wc, opts.spoke, opts.force);

  const resources = existing ? cfg.resources.map((r) => (r === existing ? res : r)) : [...cfg.resources, res];
  return { ...cfg, resources };
}

/**
 * Whether `file` holds exactly what `write` (a rewrite of it, planned on a scratch plan that is never
 * applied) would scaffold: the user has not changed it, nor has another command inserted into it.
 */
function asScaffolded(plan: Plan, file: string, write: (scratch: Plan) => void): boolean {
  const scratch = new Plan(plan.root, { force: true });
  write(scratch);
  return scratch.read(file) === plan.read(file);
}

/** An API's webhook test mirrors its package (api/v1 -> test/webhooks/v1, api/crew/v1 -> test/webhooks/crew/v1). */
function apiWebhookTestFile(names: ResourceNames): string {
  return `test/webhooks/${names.apiPath.replace(/^api\//, '')}/${names.lowerKind}_webhook.test.ts`;
}

/** The names of a spoke version, from its own PROJECT entry (its package path may differ from the hub's layout). */
function spokeNamesOf(wc: WebhookContext, spoke: string): ResourceNames {
  const own = findResource(wc.cfg, { ...wc.res, version: spoke });
  return resourceNames(own ?? { ...wc.res, version: spoke, path: undefined }, wc.multigroup);
}

function spokeAlias(wc: WebhookContext, spoke: string): string {
  return spokeNamesOf(wc, spoke).importAlias;
}

/** The spoke's sample constructor as the conversion tests import it: `newCronJobV2`. */
function spokeSampleName(wc: WebhookContext, spoke: string): string {
  return `new${wc.res.kind}${pascal(spoke)}`;
}

function spokeIndex(wc: WebhookContext, spoke: string): string {
  return `${spokeNamesOf(wc, spoke).apiPath}/index.ts`;
}

function sectionData(wc: WebhookContext): Record<string, unknown> {
  return {
    ...wc.ctx, ...wc.names, version: wc.res.version, kindRef: wc.kindRef, kindType: wc.kindType,
    defaultingPath: wc.defaultingPath, validationPath: wc.validationPath, markerGroup: wc.names.webhookGroup, core: wc.core,
    inlineKind: wc.inlineKind, group: wc.res.group,
    namespaced: wc.res.api ? apiNamespaced(wc.res.api) : !clusterScopedBuiltinKinds.has(wc.res.kind),
  };
}

function builderCalls(wc: WebhookContext, types: WebhookTypes): string[] {
  const calls: string[] = [];
  const webhooks = wc.res.webhooks;
  if (types.defaulting) {
    calls.push(`.withDefaulter(new ${wc.res.kind}CustomDefaulter())`);
    if (webhooks?.defaultingPath) calls.push(`.withDefaulterCustomPath('${webhooks.defaultingPath}')`);
  }
  if (types.validation) {
    calls.push(`.withValidator(new ${wc.res.kind}CustomValidator())`);
    if (webhooks?.validationPath) calls.push(`.withValidatorCustomPath('${webhooks.validationPath}')`);
  }
  for (const spoke of types.spokes) {
    const alias = spokeAlias(wc, spoke);
    calls.push(`.withConversion({ hub: ${wc.res.kind}, spoke: ${alias}.${wc.res.kind}, ...${alias}.${wc.names.camelKind}Conversion })`);
  }
  return calls;
}

function runtimeNames(types: WebhookTypes, wc: WebhookContext, full: boolean): string[] {
  const names: string[] = [];
  if (types.defaulting) names.push('type CustomDefaulter');
  if (types.validation) names.push('type CustomValidator', 'type Warnings');
  if (full) {
    names.push('type Manager', 'log', 'webhookManagedBy');
    if (wc.core) names.push('type ObjectOf', wc.inlineKind ? 'defineKind' : wc.kindRef);
  }
  return names;
}

function planWebhookSource(plan: Plan, wc: WebhookContext, types: WebhookTypes, rewrite: boolean): void {
  const data = sectionData(wc);
  const sections: string[] = [];
  if (types.defaulting) sections.push(render('webhook/defaulter.ts', data).trimEnd());
  if (types.validation) sections.push(render('webhook/validator.ts', data).trimEnd());
  const spokeImports = types.spokes.map((s) => `import * as ${spokeAlias(wc, s)} from '${relativeImport(wc.webhookFile, spokeIndex(wc, s))}';`);
  if (rewrite) {
    const extraImports = [...(wc.core ? [] : [`import { ${wc.res.kind} } from './${wc.names.lowerKind}_types.js';`]), ...spokeImports];
    const body = render('webhook/webhook.ts', {
      ...data,
      runtimeImports: runtimeNames(types, wc, true).join(', '),
      extraImports,
      builderCalls: builderCalls(wc, types),
      sections,
    });
    plan.add({ path: wc.webhookFile, body, ifExists: 'overwrite' });
    return;
  }
  const imports = [...spokeImports];
  const runtime = runtimeNames(types, wc, false);
  if (runtime.length > 0) {
    const merged = addNamedImports(plan.read(wc.webhookFile) ?? '', 'scaffolder/runtime', runtime);
    if (merged === undefined) imports.unshift(`import { ${runtime.join(', ')} } from 'scaffolder/runtime';`);
    else plan.edit(wc.webhookFile, () => merged);
  }
  plan.insert(wc.webhookFile, 'imports', imports);
  plan.insert(wc.webhookFile, 'webhookbuilder', builderCalls(wc, types));
  if (sections.length > 0) plan.insert(wc.webhookFile, 'webhookimpl', sections.map((s) => `${s}\n\n`));
}

const admissionBlockTitle = "describe('through the API server'";

function planWebhookTest(plan: Plan, wc: WebhookContext, types: WebhookTypes, rewrite: boolean): void {
  const data = sectionData(wc);
  const sections: string[] = [];
  if (types.defaulting) sections.push(render('webhook/test_defaulting.ts', data).trimEnd());
  if (types.validation) sections.push(render('webhook/test_validation.ts', data).trimEnd());
  // One block starts the API server with the manager's webhook server; a merge adds it only once.
  const hasAdmissionBlock = !rewrite && (plan.read(wc.testFile) ?? '').includes(admissionBlockTitle);
  const admission = !wc.core && (types.defaulting || types.validation) && !hasAdmissionBlock;
  if (admission) sections.push(render('webhook/test_admission.ts', data).trimEnd());
  // The hub version's API package, relative to the test file (api/<version>/ or api/<group>/<version>/).
  const hubModule = relativeImport(wc.testFile, `${wc.names.apiPath}/index.ts`);
  for (const spoke of types.spokes) {
    const spokeNames = spokeNamesOf(wc, spoke);
    sections.push(render('webhook/test_conversion.ts', {
      ...data, spokeVersion: spoke, spokeAlias: spokeNames.importAlias, spokeApiVersion: spokeNames.apiVersion, spokeSample: spokeSampleName(wc, spoke),
      hubAlias: wc.names.importAlias, crdName: `${wc.names.plural}.${wc.names.qualifiedGroup}`, conversionPatch: `config/crd/${conversionPatchFile(wc)}`,
    }).trimEnd());
  }
  const classes = [
    ...(types.defaulting ? [`${wc.res.kind}CustomDefaulter`] : []),
    ...(types.validation ? [`${wc.res.kind}CustomValidator`] : []),
    ...(admission ? [`setup${wc.res.kind}WebhookWithManager`] : []),
  ];
  const vitest = ['describe', 'expect', 'it', ...(admission ? ['afterAll', 'beforeAll'] : [])];
  if (!rewrite && admission) {
    const withHooks = addNamedImports(plan.read(wc.testFile) ?? '', 'vitest', vitest);
    if (withHooks !== undefined) plan.edit(wc.testFile, () => withHooks);
  }
  const imports: string[] = [];
  // Named imports go into the file's existing import of the module when a merge finds one.
  const importNames = (module: string, names: string[]) => {
    if (names.length === 0) return;
    const merged = rewrite ? undefined : addNamedImports(plan.read(wc.testFile) ?? '', module, names);
    if (merged !== undefined) plan.edit(wc.testFile, () => merged);
    else imports.push(`import { ${names.join(', ')} } from '${module}';`);
  };
  importNames(relativeImport(wc.testFile, wc.webhookFile), classes);
  // The tests start from the kind's sample objects (test/samples/), one per version.
  if (!wc.core && (types.defaulting || types.validation || admission)) {
    planTestSample(plan, wc.names, data);
    importNames(relativeImport(wc.testFile, wc.names.sampleFile), [`new${wc.res.kind}`]);
  }
  for (const spoke of types.spokes) {
    const spokeNames = spokeNamesOf(wc, spoke);
    planTestSample(plan, spokeNames, data);
    imports.push(`import * as ${spokeNames.importAlias} from '${relativeImport(wc.testFile, spokeIndex(wc, spoke))}';`);
    imports.push(`import { new${wc.res.kind} as ${spokeSampleName(wc, spoke)} } from '${relativeImport(wc.testFile, spokeNames.sampleFile)}';`);
  }
  // The admission block and the conversion tests run the manager against the test environment,
  // with the kind's API package (the hub version, for conversion) in its scheme.
  if (admission || types.spokes.length > 0) {
    importNames('scaffolder/runtime', ['Manager', 'builtinScheme']);
    importNames('scaffolder/testing', ['startTestEnvironment', ...(admission ? ['type TestEnvironment'] : [])]);
    imports.push(`import * as ${wc.names.importAlias} from '${hubModule}';`);
  }
  const needsType = types.defaulting || types.validation;
  const typeImport = wc.inlineKind
    ? `import type { ObjectOf } from 'scaffolder/runtime';\nimport type { ${wc.kindRef} } from '${relativeImport(wc.testFile, wc.webhookFile)}';`
    : wc.core
    ? `import type { ObjectOf, ${wc.kindRef} } from 'scaffolder/runtime';`
    : `import type { ${wc.res.kind} } from '${relativeImport(wc.testFile, `${wc.names.apiPath}/${wc.names.lowerKind}_types.ts`)}';`;
  if (needsType) imports.unshift(typeImport);
  if (rewrite) {
    const vitestImport = ['afterAll', 'beforeAll', 'describe', 'expect', 'it'].filter((n) => vitest.includes(n)).join(', ');
    plan.add({ path: wc.testFile, body: render('webhook/webhook.test.ts', { ...data, vitestImport, imports, sections }), ifExists: 'overwrite' });
    return;
  }
  plan.insert(wc.testFile, 'imports', imports);
  if (sections.length > 0) plan.insert(wc.testFile, 'webhooktests', sections.map((s) => `${s.replace(/^ {2}/gm, '')}\n\n`));
}

const setupPoint = 'webhooksetup';

/**
 * The API server calls the admission webhooks of every version of a kind (converting the object),
 * so the API server test of each version serves the other versions' webhooks too: this version's
 * test registers theirs, and theirs register this one's.
 */
function planSiblingAdmission(plan: Plan, wc: WebhookContext): void {
  const setup = `setup${wc.res.kind}WebhookWithManager`;
  const register = (testFile: string, other: ResourceNames) => {
    const content = plan.read(testFile);
    if (content === undefined || !content.includes(admissionBlockTitle)) return;
    if (!content.includes(scaffoldMarker(setupPoint))) {
      plan.note(`${testFile}: no "${scaffoldMarker(setupPoint)}" line in its API server test; call ${other.importAlias}.${setup}(mgr) there by hand`);
      return;
    }
    plan.insert(testFile, 'imports', [`import * as ${other.importAlias} from '${relativeImport(testFile, `${other.apiPath}/index.ts`)}';`]);
    plan.insert(testFile, setupPoint, [`${other.importAlias}.${setup}(mgr);`]);
  };
  const siblings = wc.cfg.resources.filter((r) => r.api && r.group === wc.res.group && r.kind === wc.res.kind
    && r.version !== wc.res.version && (r.webhooks?.defaulting || r.webhooks?.validation));
  for (const sibling of siblings) {
    const names = resourceNames(sibling, wc.multigroup);
    register(wc.testFile, names);
    register(apiWebhookTestFile(names), wc.names);
  }
}

function planRegistration(plan: Plan, wc: WebhookContext): void {
  const setup = `setup${wc.res.kind}WebhookWithManager`;
  if (wc.core) {
    const alias = `${wc.names.importAlias}${wc.res.kind}Webhook`;
    plan.insert(mainFile, 'imports', [`import * as ${alias} from '${relativeImport(mainFile, wc.webhookFile)}';`]);
    plan.insert(mainFile, 'webhook', [`${alias}.${setup}(mgr);`]);
    return;
  }
  plan.insert(`${wc.names.apiPath}/index.ts`, 'exports', [`export * from './${wc.names.lowerKind}_webhook.js';`]);
  plan.insert(mainFile, 'webhook', [`${wc.names.importAlias}.${setup}(mgr);`]);
}

function planWebhookConfig(plan: Plan, wc: WebhookContext, opts: CreateWebhookOptions): void {
  const data = { ...wc.ctx, ...wc.names };
  // Written by the first webhook only: later ones leave the user's changes (issuer, patch, ...) alone.
  const add = (template: string, path: string) => plan.add({ path, body: render(template, data), ifExists: 'skip' });
  add('webhook/config/kustomization.yaml', 'config/webhook/kustomization.yaml');
  add('webhook/config/service.yaml', 'config/webhook/service.yaml');
  add('webhook/config/manager_webhook_patch.yaml', 'config/default/manager_webhook_patch.yaml');
  add('webhook/config/allow-webhook-traffic.yaml', 'config/network-policy/allow-webhook-traffic.yaml');
  for (const f of ['kustomization.yaml', 'kustomizeconfig.yaml', 'issuer.yaml', 'certificate-webhook.yaml', 'certificate-metrics.yaml']) {
    add(`webhook/config/certmanager/${f}`, `config/certmanager/${f}`);
  }
  if (!plan.exists('config/network-policy/kustomization.yaml')) {
    plan.note('config/network-policy/kustomization.yaml not found: list allow-webhook-traffic.yaml there by hand');
  } else plan.edit('config/network-policy/kustomization.yaml', (content) => {
    if (containsLines(content, '- allow-webhook-traffic.yaml')) return content;
    return content.replace(/^resources:\n/m, 'resources:\n- allow-webhook-traffic.yaml\n');
  });
  for (const block of [blocks.webhookResource, blocks.certManagerResource, blocks.webhookPatch, blocks.replacementsKey, blocks.webhookServiceReplacements]) {
    enableInDefault(plan, block);
  }
  if (opts.defaulting) enableInDefault(plan, blocks.mutatingCaInjection);
  if (opts.validation) enableInDefault(plan, blocks.validatingCaInjection);
}

/** The CRD's conversion patch, relative to config/crd (multigroup names carry the group, as kubebuilder's). */
function conversionPatchFile(wc: WebhookContext): string {
  const suffix = wc.multigroup && wc.res.group !== '' ? `${wc.res.group}_${wc.names.plural}` : wc.names.plural;
  return `patches/webhook_in_${suffix}.yaml`;
}

function planConversion(plan: Plan, wc: WebhookContext, spokes: string[], force: boolean): void {
  const hubTypes = `${wc.names.apiPath}/${wc.names.lowerKind}_types.ts`;
  markRootType(plan, hubTypes, '// +kubebuilder:conversion:hub', wc.res.kind);
  for (const spoke of spokes) {
    const spokeNames = spokeNamesOf(wc, spoke);
    const file = `${spokeNames.apiPath}/${wc.names.lowerKind}_conversion.ts`;
    plan.add({
      path: file,
      body: render('webhook/conversion.ts', {
        ...wc.ctx, ...spokeNames, version: spoke, hubVersion: wc.res.version, hubApiVersion: wc.names.apiVersion,
        hubTypesImport: relativeImport(file, hubTypes),
      }),
      ifExists: force ? 'overwrite' : 'error',
    });
    plan.insert(`${spokeNames.apiPath}/index.ts`, 'exports', [`export * from './${wc.names.lowerKind}_conversion.js';`]);
  }

  const patch = conversionPatchFile(wc);
  plan.add({ path: `config/crd/${patch}`, body: render('webhook/config/crd_webhook_patch.yaml', { ...wc.ctx, ...wc.names }), ifExists: 'skip' });
  plan.insert('config/crd/kustomization.yaml', 'crdkustomizewebhookpatch', [`- path: ${patch}`]);
  plan.edit('config/crd/kustomization.yaml', (content) => uncommentBlock(content, blocks.crdConfigurations));

  const crdName = `${wc.names.plural}.${wc.names.qualifiedGroup}`;
  enableInDefault(plan, blocks.conversionNamespaceSource);
  enableInDefault(plan, blocks.conversionNameSource);
  plan.insert('config/default/kustomization.yaml', 'crdkustomizecainjectionns', [blocks.conversionCrdTarget(crdName, 0)]);
  plan.insert('config/default/kustomization.yaml', 'crdkustomizecainjectionname', [blocks.conversionCrdTarget(crdName, 1)]);
}

