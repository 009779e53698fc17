import type {
  AdmissionAttributes,
  AdmissionResult,
  MutatingWebhookConfiguration,
  ServiceResolver,
  ValidatingWebhookConfiguration,
} from './types.js';

export interface AdmissionChainOptions {
  mutating?: MutatingWebhookConfiguration[];
  validating?: ValidatingWebhookConfiguration[];
  resolveService: ServiceResolver;
  /** Accept any server certificate (tests only). */
  insecureSkipTLSVerify?: boolean;
}

/** The webhooks of a set of configurations, called in API-server order for each request. */
export class AdmissionChain {
  constructor(private readonly options: AdmissionChainOptions) {}

  async admit(attrs: AdmissionAttributes): Promise<AdmissionResult> {
    void this.options;
    return { allowed: true, object: attrs.object, warnings: [] };
  }
}
