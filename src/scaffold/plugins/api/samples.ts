// The kind's samples: config/samples/<group>_<version>_<kind>.yaml (listed in its kustomization)
// and the tests' sample object (test/samples/).
import type { Resource } from '../../../project/resource.js';
import type { ResourceNames } from '../../../project/names.js';
import type { Plan } from '../../machinery/plan.js';
import { planTestSample } from '../../machinery/test-sample.js';
import type { ApiContext } from './context.js';

/** The kind's sample in config/samples/; an API in the project's own domain (empty group) is named after the domain's first label. */
export function sampleFileName(res: Resource, names: ResourceNames): string {
  return `${res.group || names.qualifiedGroup.split('.')[0]}_${res.version}_${names.lowerKind}.yaml`;
}

export function planSamples(plan: Plan, ac: ApiContext): void {
  planTestSample(plan, ac.names, ac.data);
  const sample = sampleFileName(ac.res, ac.names);
  const kustomization = 'config/samples/kustomization.yaml';
  plan.addFile({ path: `config/samples/${sample}`, template: 'api/config/sample.yaml', data: ac.data, ifExists: 'error' });
  plan.addFile({ path: kustomization, template: 'api/config/samples_kustomization.yaml', data: ac.data, ifExists: 'skip' });
  plan.insert(kustomization, 'manifestskustomizesamples', [`- ${sample}`]);
}
