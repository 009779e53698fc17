// Conversion: the hub marker, each spoke's `<kind>_conversion.ts`, the CRD's conversion patch and
// its CA injection in config/default.
import { uncommentBlock } from '../../machinery/inserter.js';
import * as blocks from '../../machinery/kustomize-blocks.js';
import type { Plan } from '../../machinery/plan.js';
import { relativeImport } from '../../../project/names.js';
import { enableInDefault } from '../../machinery/kustomize-edits.js';
import { markRootType } from '../../machinery/root-markers.js';
import { typesFileOf } from '../api/types-file.js';
import { type WebhookContext, spokeNamesOf } from './context.js';

/** The CRD's conversion patch, relative to config/crd (multigroup names carry the group, as kubebuilder's). */
export function conversionPatchFile(wc: WebhookContext): string {
  const suffix = wc.multigroup && wc.res.group !== '' ? `${wc.res.group}_${wc.names.plural}` : wc.names.plural;
  return `patches/webhook_in_${suffix}.yaml`;
}

export function planConversion(plan: Plan, wc: WebhookContext, spokes: string[], force: boolean): void {
  const hubTypes = typesFileOf(wc.names);
  markRootType(plan, hubTypes, '// +kubebuilder:conversion:hub', wc.res.kind);
  for (const spoke of spokes) {
    const spokeNames = spokeNamesOf(wc, spoke);
    const file = `${spokeNames.apiPath}/${wc.names.lowerKind}_conversion.ts`;
    plan.addFile({
      path: file,
      template: 'webhook/conversion.ts',
      data: {
        ...wc.ctx, ...spokeNames, version: spoke, hubVersion: wc.res.version, hubApiVersion: wc.names.apiVersion,
        hubTypesImport: relativeImport(file, hubTypes),
      },
      ifExists: force ? 'overwrite' : 'error',
    });
    plan.insert(`${spokeNames.apiPath}/index.ts`, 'exports', [`export * from './${wc.names.lowerKind}_conversion.js';`]);
  }

  const patch = conversionPatchFile(wc);
  plan.addFile({ path: `config/crd/${patch}`, template: 'webhook/config/crd_webhook_patch.yaml', data: { ...wc.ctx, ...wc.names }, ifExists: 'skip' });
  plan.insert('config/crd/kustomization.yaml', 'crdkustomizewebhookpatch', [`- path: ${patch}`]);
  plan.edit('config/crd/kustomization.yaml', (content) => uncommentBlock(content, blocks.crdConfigurations));

  const crdName = `${wc.names.plural}.${wc.names.qualifiedGroup}`;
  enableInDefault(plan, blocks.conversionNamespaceSource);
  enableInDefault(plan, blocks.conversionNameSource);
  plan.insert('config/default/kustomization.yaml', 'crdkustomizecainjectionns', [blocks.conversionCrdTarget(crdName, 0)]);
  plan.insert('config/default/kustomization.yaml', 'crdkustomizecainjectionname', [blocks.conversionCrdTarget(crdName, 1)]);
}
