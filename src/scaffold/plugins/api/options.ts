// The flags of `create api`, and the rules between them (as kubebuilder checks them), before PROJECT is read.
import { UsageError } from '../../../project/usage-error.js';
import { validateDomain, validateGvk } from '../../../project/validation.js';
import type { LocatedCrd } from '../../external-crd/crd-source.js';

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

export function checkCreateApiFlags(opts: CreateApiOptions): void {
  validateGvk(opts);
  if (opts.controllerName !== undefined && !opts.controller) throw new UsageError('--controller-name names a controller to create: it cannot go with --controller=false');
  if (opts.resource && (opts.externalApiPath !== undefined || opts.externalApiDomain !== undefined)) {
    throw new UsageError('--external-api-path and --external-api-domain name a kind of another project: they go with --resource=false, not with an API of this project');
  }
  if (opts.externalApiDomain !== undefined && opts.externalApiPath === undefined) throw new UsageError('--external-api-domain needs --external-api-path (the module that exports the kind\'s type)');
  if (opts.externalApiDomain !== undefined) validateDomain(opts.externalApiDomain, 'external API domain');
  // CRD YAML with --controller=false: the types alone, imported (again, with --force: a new release of the CRD).
  if (!opts.resource && !opts.controller && !opts.externalCrds) {
    throw new UsageError('nothing to create: --resource=false and --controller=false');
  }
}
