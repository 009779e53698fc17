import type { MarkerRegistry } from '../../markers/index.js';

export const WEBHOOK_MARKER = 'kubebuilder:webhook';
export const WEBHOOK_CONFIGURATION_MARKER = 'kubebuilder:webhookconfiguration';

/** `+kubebuilder:webhook` (one admission webhook) and `+kubebuilder:webhookconfiguration` (naming its configuration). */
export function defineWebhookMarkers(registry: MarkerRegistry): void {
  const list = { type: { slice: 'string' } } as const;
  const optionalString = { type: 'string', optional: true } as const;
  registry.define({
    name: WEBHOOK_MARKER,
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
  });
  registry.define({
    name: WEBHOOK_CONFIGURATION_MARKER,
    target: 'package',
    args: { mutating: { type: 'bool' }, name: optionalString },
    help: 'the name of the generated Mutating/ValidatingWebhookConfiguration',
  });
}
