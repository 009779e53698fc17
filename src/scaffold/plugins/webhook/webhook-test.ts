// The webhook test: unit tests of the defaulter and validator, the API server block that runs the
// manager's webhook server, the conversion tests, and the other versions' webhooks it also serves.
import { scaffoldMarker } from '../../machinery/inserter.js';
import { addNamedImports } from '../../machinery/ts-imports.js';
import type { Plan } from '../../machinery/plan.js';
import { render } from '../../machinery/render.js';
import { relativeImport, resourceNames, type ResourceNames } from '../../../project/names.js';
import { planTestSample } from '../../machinery/test-sample.js';
import { type WebhookContext, type WebhookTypes, sectionData, spokeIndex, spokeNamesOf, spokeSampleName, apiWebhookTestFile } from './context.js';
import { conversionPatchFile } from './conversion.js';

const admissionBlockTitle = "describe('through the API server'";

export function planWebhookTest(plan: Plan, wc: WebhookContext, types: WebhookTypes, rewrite: boolean): void {
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
      hubAlias: wc.names.importAlias, hubVersion: wc.res.version, crdName: `${wc.names.plural}.${wc.names.qualifiedGroup}`, conversionPatch: `config/crd/${conversionPatchFile(wc)}`,
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
    importNames('kubescaffolder/runtime', ['Manager', 'builtinScheme']);
    importNames('kubescaffolder/testing', ['startTestEnvironment', ...(types.spokes.length > 0 ? ['fuzzConversion'] : []), ...(admission ? ['type TestEnvironment'] : [])]);
    imports.push(`import * as ${wc.names.importAlias} from '${hubModule}';`);
  }
  const needsType = types.defaulting || types.validation;
  const typeImport = wc.inlineKind
    ? `import type { ObjectOf } from 'kubescaffolder/runtime';\nimport type { ${wc.kindRef} } from '${relativeImport(wc.testFile, wc.webhookFile)}';`
    : wc.core
    ? `import type { ObjectOf, ${wc.kindRef} } from 'kubescaffolder/runtime';`
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
export function planSiblingAdmission(plan: Plan, wc: WebhookContext): void {
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
