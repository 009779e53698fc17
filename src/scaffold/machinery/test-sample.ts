// The kind's sample object for the scaffolded tests (test/samples/), planned by create api and create webhook.
import { relativeImport, type ResourceNames } from '../../project/names.js';
import type { Plan } from './plan.js';

/** The kind's sample object for the tests; the user's once written (it holds their spec). */
export function planTestSample(plan: Plan, names: ResourceNames, data: { boilerplate: string; namespaced: boolean }): void {
  const apiImport = relativeImport(names.sampleFile, `${names.apiPath}/index.ts`);
  plan.addFile({ path: names.sampleFile, template: 'api/test_sample.ts', data: { ...data, ...names, apiImport }, ifExists: 'skip' });
}
