import type { MarkerDefinition, MarkerRegistry } from '../../markers/index.js';

const list = { type: { slice: 'string' } } as const;
const optionalString = { type: 'string', optional: true } as const;

/** `+kubebuilder:webhook`: one admission webhook. */
export const WEBHOOK_DEFINITION = {
  name: 'kubebuilder:webhook',
  target: 'package',
  args: {
    mutating: { type: 'bool' },
    failurePolicy: { type: 'string' },
    matchPolicy: optionalString,
    sideEffects: optionalString,
    timeoutSeconds: { type: 'int', optional: true },
    groups: list,
    resources: list,
    verbs: list,
    versions: list,
    name: { type: 'string' },
    serviceName: optionalString,
    serviceNamespace: optionalString,
    path: optionalString,
    servicePort: { type: 'int', optional: true },
    webhookVersions: { type: { slice: 'string' }, optional: true },
    admissionReviewVersions: list,
    reinvocationPolicy: optionalString,
    url: optionalString,
    patch: optionalString,
  },
  help: 'an admission webhook (config/webhook/manifests.yaml)',
} as const satisfies MarkerDefinition;

/** `+kubebuilder:webhookconfiguration`: the name of the generated Mutating/ValidatingWebhookConfiguration. */
export const WEBHOOK_CONFIGURATION_DEFINITION = {
  name: 'kubebuilder:webhookconfiguration',
  target: 'package',
  args: { mutating: { type: 'bool' }, name: optionalString },
  help: 'the name of the generated Mutating/ValidatingWebhookConfiguration',
} as const satisfies MarkerDefinition;

export const WEBHOOK_MARKER = WEBHOOK_DEFINITION.name;
export const WEBHOOK_CONFIGURATION_MARKER = WEBHOOK_CONFIGURATION_DEFINITION.name;

export function defineWebhookMarkers(registry: MarkerRegistry): void {
  registry.define(WEBHOOK_DEFINITION);
  registry.define(WEBHOOK_CONFIGURATION_DEFINITION);
}
