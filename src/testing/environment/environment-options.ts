/**
 * What startTestEnvironment takes: envtest's Environment fields in TypeScript, and the environment
 * variables envtest reads for them (USE_EXISTING_CLUSTER, KUBEBUILDER_ASSETS,
 * KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT, KUBEBUILDER_CONTROLPLANE_START_TIMEOUT / _STOP_TIMEOUT).
 */
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type { ServiceResolver } from '../admission/index.js';
import type { KubeObject } from '../model/object.js';
import type { TestAPIServerOptions } from '../server/api-server.js';
import type { BinaryControlPlaneOptions } from './binary-control-plane.js';
import type { ConversionWebhooksOption } from './conversion-webhooks.js';
import type { CRDWaitOptions } from './install-through-api.js';

/** envtest's CRDInstallOptions. Paths and CRDs add to crdDirectoryPaths and crds. */
export interface CRDInstallOptions extends CRDWaitOptions {
  paths?: string[];
  crds?: ReadonlyArray<KubeObject | KubernetesObject>;
  /** Fail when a path does not exist (default false, as envtest). */
  errorIfPathMissing?: boolean;
  /** On a real API server, delete the CRDs again on stop (default false, as envtest). */
  cleanUpAfterUse?: boolean;
}

/** envtest's WebhookInstallOptions, as given. Paths add to webhookConfigPaths. */
export interface WebhookInstallSettings {
  paths?: string[];
  /** Where the project's webhook server will listen (default 127.0.0.1). */
  localServingHost?: string;
  /** Its port (default: a free one). */
  localServingPort?: number;
  /** Where tls.crt and tls.key are written (default: a temporary directory, removed on stop; a given one is kept). */
  localServingCertDir?: string;
}

export interface TestEnvironmentOptions {
  /** Files or directories holding CRD manifests (e.g. `config/crd/bases`). */
  crdDirectoryPaths?: string[];
  /** CRD objects to install besides those read from files (plain JSON or client-node models). */
  crds?: ReadonlyArray<KubeObject | KubernetesObject>;
  /** Fail when a CRD path does not exist (default false, as envtest). */
  errorIfCRDPathMissing?: boolean;
  /** More CRD options, as envtest's CRDInstallOptions: paths, errorIfPathMissing, maxTimeMs, pollIntervalMs, cleanUpAfterUse. */
  crdInstallOptions?: CRDInstallOptions;
  /**
   * Files or directories holding Mutating/ValidatingWebhookConfigurations (e.g. `config/webhook`);
   * other objects and documents (kustomization.yaml, service.yaml) are skipped, as envtest does.
   */
  webhookConfigPaths?: string[];
  /** Where the project's webhook server listens, as envtest's WebhookInstallOptions. */
  webhookInstallOptions?: WebhookInstallSettings;
  /** Shorthands for webhookInstallOptions.localServingHost and localServingPort. */
  webhookHost?: string;
  webhookPort?: number;
  /**
   * CRDs whose conversion goes to the local webhook server's `/convert` (as envtest does for
   * convertible types): names `<plural>.<group>`, or `'auto'` for every loaded CRD with more than one
   * version that has a kustomize conversion patch, config/crd/patches/webhook_in_<plural>.yaml
   * beside its directory (what `scaffolder create webhook --conversion` scaffolds). Their
   * spec.conversion becomes strategy Webhook with a clientConfig URL and the serving certificate
   * as caBundle; the local webhook server is prepared (webhookInstallOptions) as for webhook
   * configurations. Default: no CRD is changed.
   */
  conversionWebhooks?: ConversionWebhooksOption;
  /** Overrides how webhook and conversion service references resolve to base URLs (in-process server). */
  resolveService?: ServiceResolver;
  /** Use an existing cluster (default: USE_EXISTING_CLUSTER=true). */
  useExistingCluster?: boolean;
  /** The existing cluster's kubeconfig (envtest's Config); default: the current kubeconfig context. */
  config?: KubeConfig;
  /** Directory with kube-apiserver and etcd (default: KUBEBUILDER_ASSETS); starts them instead of the in-process server. */
  binaryAssetsDirectory?: string;
  /** Copy etcd's and kube-apiserver's output to stdout and stderr (default: KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT=true). */
  attachControlPlaneOutput?: boolean;
  /**
   * The binaries' control plane: flag changes (`apiServerFlags: { 'feature-gates': 'X=true' }`, as envtest's
   * `ControlPlane.GetAPIServer().Configure().Set`), etcdFlags, start and stop timeouts (default:
   * KUBEBUILDER_CONTROLPLANE_START_TIMEOUT / _STOP_TIMEOUT, Go durations such as `90s`).
   */
  controlPlane?: Omit<BinaryControlPlaneOptions, 'attachOutput'>;
  /**
   * With the binaries, attach to the test run's shared etcd + kube-apiserver when its global setup
   * started one (kubescaffolder/testing/shared-control-plane) and this environment installs no
   * webhooks, sets no flags and deletes no CRDs on stop; otherwise start its own (default false).
   * The files that share it see each other's objects and controllers. No effect in-process.
   */
  sharedControlPlane?: boolean;
  /**
   * Options of the in-process server (watch history size, bookmark interval, ...). Its Kubernetes
   * release (`kubernetesVersion`: the built-in kinds and schemas served, what /version reports) is by
   * default ENVTEST_K8S_VERSION when set, else PROJECT's `kubernetesVersion` in the working
   * directory, else the newest release shipped.
   */
  server?: Omit<TestAPIServerOptions, 'mutatingWebhooks' | 'validatingWebhooks' | 'resolveService' | 'tls'>;
  /**
   * Serve HTTPS with a self-signed certificate that the kubeconfig trusts (default: plain HTTP,
   * which client-node accepts only with TLS verification off). The binaries always serve HTTPS.
   */
  secure?: boolean;
  /**
   * TokenReview's tokens (in-process server only): `{ tokens: { 'token-a': { username, groups } } }`;
   * other tokens do not authenticate. Default: any token authenticates as the environment's admin.
   */
  authn?: TestAPIServerOptions['authn'];
  /**
   * Whether the in-process server requires the bearer token its kubeconfig carries (default true,
   * as kube-apiserver requires credentials); false answers any local process.
   */
  authentication?: boolean;
  /** SubjectAccessReview's decisions (in-process server only): `(attrs) => boolean`. Default: everything is allowed. */
  authz?: TestAPIServerOptions['authz'];
}

function envFlag(name: string): boolean {
  return (process.env[name] ?? '').toLowerCase() === 'true';
}

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A Go duration of envtest's timeout variables (`20s`, `1m30s`, `500ms`), in milliseconds. */
function envDurationMs(name: string): number | undefined {
  const text = process.env[name];
  if (!text) return undefined;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) {
    throw new Error(`${name}=${text} is not a duration (examples: 20s, 1m30s, 500ms)`);
  }
  return parts.reduce((sum, p) => sum + Number(p[1]) * DURATION_UNITS_MS[p[2]], 0);
}

export function wantsExistingCluster(options: TestEnvironmentOptions): boolean {
  return options.useExistingCluster ?? envFlag('USE_EXISTING_CLUSTER');
}

/** The assets directory, or undefined for the in-process server (an empty string opts out of KUBEBUILDER_ASSETS). */
export function binaryAssets(options: TestEnvironmentOptions): string | undefined {
  return (options.binaryAssetsDirectory ?? process.env.KUBEBUILDER_ASSETS) || undefined;
}

export function controlPlaneOptions(options: TestEnvironmentOptions): BinaryControlPlaneOptions {
  return {
    ...options.controlPlane,
    attachOutput: options.attachControlPlaneOutput ?? envFlag('KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT'),
    startTimeoutMs: options.controlPlane?.startTimeoutMs ?? envDurationMs('KUBEBUILDER_CONTROLPLANE_START_TIMEOUT'),
    stopTimeoutMs: options.controlPlane?.stopTimeoutMs ?? envDurationMs('KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT'),
  };
}
