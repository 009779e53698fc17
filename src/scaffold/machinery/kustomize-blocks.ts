// Blocks of config/default/kustomization.yaml (and config/crd's) that init writes commented out
// and later commands switch on. The init template must contain each of them with every line
// prefixed by '#' (a test checks that), so the text here is the single source for the edits.

export const crdResource = '- ../crd';
export const webhookResource = '- ../webhook';
export const certManagerResource = '- ../certmanager';
export const webhookPatch = `- path: manager_webhook_patch.yaml
  target:
    kind: Deployment`;
export const replacementsKey = 'replacements:';

export const webhookServiceReplacements = ` - source: # Uncomment the following block if you have any webhook
     kind: Service
     version: v1
     name: webhook-service
     fieldPath: .metadata.name # Name of the service
   targets:
     - select:
         kind: Certificate
         group: cert-manager.io
         version: v1
         name: serving-cert
       fieldPaths:
         - .spec.dnsNames.0
         - .spec.dnsNames.1
       options:
         delimiter: '.'
         index: 0
         create: true
 - source:
     kind: Service
     version: v1
     name: webhook-service
     fieldPath: .metadata.namespace # Namespace of the service
   targets:
     - select:
         kind: Certificate
         group: cert-manager.io
         version: v1
         name: serving-cert
       fieldPaths:
         - .spec.dnsNames.0
         - .spec.dnsNames.1
       options:
         delimiter: '.'
         index: 1
         create: true`;

function caInjection(comment: string, webhookKind: string): string {
  return ` - source: # Uncomment the following block if you have a ${comment}
     kind: Certificate
     group: cert-manager.io
     version: v1
     name: serving-cert${webhookKind === 'ValidatingWebhookConfiguration' ? ' # This name should match the one in certificate.yaml' : ''}
     fieldPath: .metadata.namespace # Namespace of the certificate CR
   targets:
     - select:
         kind: ${webhookKind}
       fieldPaths:
         - .metadata.annotations.[cert-manager.io/inject-ca-from]
       options:
         delimiter: '/'
         index: 0
         create: true
 - source:
     kind: Certificate
     group: cert-manager.io
     version: v1
     name: serving-cert
     fieldPath: .metadata.name
   targets:
     - select:
         kind: ${webhookKind}
       fieldPaths:
         - .metadata.annotations.[cert-manager.io/inject-ca-from]
       options:
         delimiter: '/'
         index: 1
         create: true`;
}

export const validatingCaInjection = caInjection('ValidatingWebhook (--programmatic-validation)', 'ValidatingWebhookConfiguration');
export const mutatingCaInjection = caInjection('DefaultingWebhook (--defaulting )', 'MutatingWebhookConfiguration');

export const conversionNamespaceSource = ` - source: # Uncomment the following block if you have a ConversionWebhook (--conversion)
     kind: Certificate
     group: cert-manager.io
     version: v1
     name: serving-cert
     fieldPath: .metadata.namespace # Namespace of the certificate CR
   targets: # Do not remove or uncomment the following scaffold marker; required to generate code for target CRD.`;

export const conversionNameSource = ` - source:
     kind: Certificate
     group: cert-manager.io
     version: v1
     name: serving-cert
     fieldPath: .metadata.name
   targets: # Do not remove or uncomment the following scaffold marker; required to generate code for target CRD.`;

/** The target a conversion webhook adds for its CRD under each of the two conversion sources. */
export function conversionCrdTarget(crdName: string, index: 0 | 1): string {
  return `     - select:
         kind: CustomResourceDefinition
         name: ${crdName}
       fieldPaths:
         - .metadata.annotations.[cert-manager.io/inject-ca-from]
       options:
         delimiter: '/'
         index: ${index}
         create: true`;
}

/** In config/crd/kustomization.yaml: the configuration conversion webhooks need. */
export const crdConfigurations = `configurations:
- kustomizeconfig.yaml`;
