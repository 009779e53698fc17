// src/controllers/[<group>/]<kind>_controller.ts and its test: the reconciler of a kind (the
// project's, a built-in one, or another project's), started in src/main.ts.
import { runtimeBuiltinKinds } from '../../../project/core-groups.js';
import { reconcilerClassName } from '../../../project/controller-name.js';
import { externalTypeImport } from '../../../project/external-api.js';
import { mainFile } from '../../../project/layout.js';
import { relativeImport } from '../../../project/names.js';
import type { Plan } from '../../machinery/plan.js';
import { schemeRegistration } from './api-package.js';
import type { ApiContext } from './context.js';
import { controllerPaths, controllerRegistration, reconcilerAlias, reconcilerArgs } from './controller-paths.js';
import { importedTypes } from './imported-crd.js';

/** `hasCrds`: config/crd/bases will hold CRDs (the test starts the API server with them); `name`: --controller-name. */
export function planControllerFiles(plan: Plan, ac: ApiContext, hasCrds: boolean, name?: string): void {
  const { res, names, core, multigroup } = ac;
  const { file, testFile } = controllerPaths(res, multigroup, name);
  const runtimeKind = core ? runtimeBuiltinKinds.get(`${res.group}/${res.version}/${res.kind}`) : undefined;
  const apiIndex = `${names.apiPath}/index.ts`;
  const importedFile = importedTypes(plan, res);
  const external = res.external === true && !res.api && importedFile === undefined;
  const importedIndex = importedFile === undefined ? undefined : importedFile.replace(/[^/]+$/, 'index.ts');
  const className = reconcilerClassName(res.kind, name);
  const runtimeName = name ?? names.lowerKind;
  const data = {
    ...ac.data,
    hasCrds,
    runtimeKind: runtimeKind ?? '',
    inlineKind: (core && !runtimeKind) || external,
    externalImport: external ? externalTypeImport(res.path!, file, (f) => plan.exists(f)) : '',
    externalPath: external ? res.path ?? '' : '',
    kindImport: core || external ? '' : relativeImport(file, importedIndex ?? apiIndex),
    kindRef: runtimeKind ?? res.kind,
    reconcilerName: className,
    controllerName: multigroup && res.group !== '' ? `${res.group}-${runtimeName}` : runtimeName,
  };
  plan.addFile({ path: file, template: 'controller/controller.ts', data, ifExists: 'error' });
  const testData = {
    ...data,
    apiImport: core || external ? '' : relativeImport(testFile, importedIndex ?? apiIndex),
    controllerImport: relativeImport(testFile, file),
    createsObject: !core && !external && !importedIndex,
    sampleImport: core || external || importedIndex ? '' : relativeImport(testFile, names.sampleFile),
  };
  plan.addFile({ path: testFile, template: 'controller/controller.test.ts', data: testData, ifExists: 'error' });
  // As an API package of the project: src/main.ts registers the imported kinds with the scheme.
  if (importedIndex) plan.insertAll(schemeRegistration(names.importAlias, importedIndex));
  const alias = reconcilerAlias(res, multigroup, name);
  const imported = alias === className ? className : `${className} as ${alias}`;
  plan.insert(mainFile, 'imports', [`import { ${imported} } from '${relativeImport(mainFile, file)}';`]);
  plan.insert(mainFile, 'builder', [controllerRegistration(alias, reconcilerArgs)]);
}
