/**
 * kubescaffolder/testing: an in-process Kubernetes API server for tests (envtest without binaries).
 *
 *   const env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], webhookConfigPaths: ['config/webhook'] });
 *   env.kubeConfig   // for @kubernetes/client-node and Manager.create({ kubeConfig })
 *   env.server       // fault injection (failNext, hangNext, dropWatches, stallWatches, setWatchHistoryLimit) and direct store access
 *   await env.stop();
 */
export {
  startTestEnvironment,
  type TestEnvironment,
  type TestEnvironmentOptions,
  type WebhookInstallOptions,
} from './environment/test-environment.js';
export type { CRDInstallOptions, WebhookInstallSettings } from './environment/environment-options.js';
export type { FlagOverrides } from './environment/control-plane-flags.js';
export { ControlPlaneStartError } from './environment/control-plane-readiness.js';
export { TestAPIServer, type ObjectReference, type TestAPIServerOptions } from './server/api-server.js';
export type { FaultFilter, FaultSpec, HangSpec, InjectedFault } from './server/faults/faults.js';
export type { AuthenticatedUser, AuthenticationPolicy, AuthorizationAttributes, AuthorizationPolicy } from './server/auth/access-reviews.js';
export type { ObjectStore, StoreEvent, ChangeType } from './store/object-store.js';
export { kubeConfigFor } from './environment/kubeconfig.js';
export { loadManifests, readManifestFile, ManifestError } from './environment/manifest-loader.js';
export type { KubeObject, StoredObject } from './model/object.js';
export type { Status, StatusCause, StatusDetails } from '../kube/status.js';
export { compileSchema, type CompiledSchema, type FieldCause, type JSONSchemaProps } from '../apiextensions/schema/index.js';
export { invalidStatus } from '../kube/status.js';
export { AdmissionChain, convertObjects, type ServiceResolver, type WebhookConfiguration } from './admission/index.js';
export { eventually, type EventuallyOptions } from './eventually.js';
export { fuzzConversion, type ConversionLoss, type FuzzConversionOptions, type FuzzConversionResult, type SpokeConversion } from './fuzz-conversion/index.js';
