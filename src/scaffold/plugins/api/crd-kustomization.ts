// config/crd/: the kustomization that lists the kind's CRD (generated into bases/ by `manifests`)
// and its configuration; config/default then deploys the CRDs.
import * as blocks from '../../machinery/kustomize-blocks.js';
import { enableInDefault } from '../../machinery/kustomize-edits.js';
import type { Plan } from '../../machinery/plan.js';
import type { ApiContext } from './context.js';

export function planCrdKustomization(plan: Plan, ac: ApiContext): void {
  const kustomization = 'config/crd/kustomization.yaml';
  plan.addFile({ path: kustomization, template: 'api/config/crd_kustomization.yaml', data: ac.data, ifExists: 'skip' });
  plan.addFile({ path: 'config/crd/kustomizeconfig.yaml', template: 'api/config/crd_kustomizeconfig.yaml', data: ac.data, ifExists: 'skip' });
  plan.insert(kustomization, 'crdkustomizeresource', [`- bases/${ac.names.qualifiedGroup}_${ac.names.plural}.yaml`]);
  enableInDefault(plan, blocks.crdResource);
}
