/**
 * The npm packages that carry Kubernetes' OpenAPI descriptions of the built-in types, which
 * scaffolder does not ship: generated projects depend on them (init) and `manifests` reads them
 * from the project's node_modules (src/generators/crd/schema/kubernetes-models-package.ts).
 */

/** kubernetes-models (MIT): one `.d.ts` per model, each property's description as JSDoc. */
export const KUBERNETES_MODELS_PACKAGE = 'kubernetes-models';

/** Where kubernetes-models takes ObjectMeta, Condition, IntOrString and the other apimachinery types from. */
export const KUBERNETES_MODELS_APIMACHINERY = '@kubernetes-models/apimachinery';
