// The files deploy-image writes over the base plugin's (planned a moment ago, or with --force planned
// again): the kind's types and samples, its controller and test; and the conditions its controllers share.
import { relativeImport } from '../../../project/names.js';
import type { AnyScaffoldFile } from '../../machinery/template.js';
import { sampleFileName } from '../api/samples.js';
import { typesFileOf } from '../api/types-file.js';
import type { DeployImageContext } from './context.js';

export function deployImageFiles({ res, names, file, testFile, data }: DeployImageContext): AnyScaffoldFile[] {
  const testSampleData = { ...data, apiImport: relativeImport(names.sampleFile, `${names.apiPath}/index.ts`) };
  return [
    { path: typesFileOf(names), template: 'deploy-image/types.ts', data, ifExists: 'overwrite' },
    { path: `config/samples/${sampleFileName(res, names)}`, template: 'deploy-image/sample.yaml', data, ifExists: 'overwrite' },
    { path: names.sampleFile, template: 'deploy-image/test_sample.ts', data: testSampleData, ifExists: 'overwrite' },
    { path: file, template: 'deploy-image/controller.ts', data, ifExists: 'overwrite' },
    { path: testFile, template: 'deploy-image/controller.test.ts', data, ifExists: 'overwrite' },
    { path: file.replace(/[^/]+$/, 'conditions.ts'), template: 'deploy-image/conditions.ts', data, ifExists: 'skip' },
  ];
}
