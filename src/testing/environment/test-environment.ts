/**
 * startTestEnvironment: envtest for TypeScript. By default an in-process API server loaded
 * with the project's CRDs and webhook configurations; USE_EXISTING_CLUSTER=true uses the
 * kubeconfig's cluster; KUBEBUILDER_ASSETS starts kube-apiserver and etcd from there.
 */
import path from 'node:path';
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type { ServiceResolver, WebhookConfiguration } from '../admission/index.js';
import type { KubeObject } from '../resources/object.js';
import { TestAPIServer, type TestAPIServerOptions } from '../server/api-server.js';
import { startBinaryControlPlane } from './binary-control-plane.js';
import { existingClusterKubeConfig, installCRDsThroughAPI, installWebhooksThroughAPI } from './existing-cluster.js';
import { kubeConfigFor, writeKubeConfigFile } from './kubeconfig.js';
import { conversionTargets, crdName, withConversionWebhook, type ConversionWebhooksOption } from './conversion-webhooks.js';
import { projectKubernetesRelease } from './kubernetes-release.js';
import { checkCRDVersion, loadManifests, ManifestError, manifestSource } from './manifest-loader.js';
import { selfSignedCertificate } from './self-signed-certificate.js';
import { prepareWebhookServing } from './webhook-serving.js';

export interface TestEnvironmentOptions {
  /** Files or directories holding CRD manifests (e.g. `config/crd/bases`). */
  crdDirectoryPaths?: string[];
  /** CRD objects to install besides those read from files (plain JSON or client-node models). */
  crds?: ReadonlyArray<KubeObject | KubernetesObject>;
  /** Fail when a CRD path does not exist (default false, as envtest). */
  errorIfCRDPathMissing?: boolean;
  /**
   * Files or directories holding Mutating/ValidatingWebhookConfigurations (e.g. `config/webhook`);
   * other objects and documents (kustomization.yaml, service.yaml) are skipped, as envtest does.
   */
  webhookConfigPaths?: string[];
  /**
   * Where the project's webhook server listens; service references in webhook configurations
   * point here. Default 127.0.0.1 and a free port (when webhook configurations are loaded).
   */
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
  /** Overrides how webhook and conversion service references resolve to base URLs. */
  resolveService?: ServiceResolver;
  /** Use the current kubeconfig's cluster (default: USE_EXISTING_CLUSTER=true). */
  useExistingCluster?: boolean;
  /** Directory with kube-apiserver and etcd (default: KUBEBUILDER_ASSETS). */
  binaryAssetsDirectory?: string;
  /**
   * Options of the in-process server (watch history size, bookmark interval, ...). Its Kubernetes
   * release (`kubernetesVersion`: the built-in kinds and schemas served, what /version reports) is by
   * default ENVTEST_K8S_VERSION when set, else PROJECT's `kubernetesVersion` in the working
   * directory, else the newest release shipped.
   */
  server?: Omit<TestAPIServerOptions, 'mutatingWebhooks' | 'validatingWebhooks' | 'resolveService' | 'tls'>;
  /**
   * Serve HTTPS with a self-signed certificate that the kubeconfig trusts (default: plain HTTP,
   * which client-node accepts only with TLS verification off).
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

export interface WebhookInstallOptions {
  localServingHost: string;
  localServingPort: number;
  /** tls.crt and tls.key of a self-signed serving certificate; absent without webhook configurations. */
  localServingCertDir?: string;
  /** The serving certificate PEM (its own CA), for clients that verify. */
  localServingCAData?: string;
  mutatingWebhooks: WebhookConfiguration[];
  validatingWebhooks: WebhookConfiguration[];
}

export interface TestEnvironment {
  /** For @kubernetes/client-node and Manager.create({ kubeConfig }). */
  readonly kubeConfig: KubeConfig;
  /** Which control plane the tests run against. */
  readonly mode: 'in-process' | 'existing-cluster' | 'binaries';
  /** The in-process server: fault injection and direct store access. Throws in the other modes. */
  readonly server: TestAPIServer;
  /** The CRDs installed. */
  readonly crds: KubeObject[];
  readonly webhookInstallOptions: WebhookInstallOptions;
  /**
   * Writes a kubeconfig file for kubectl and other tools. In-process over plain HTTP, it names an
   * HTTPS port of the same server (client-go sends credentials only over TLS).
   */
  writeKubeconfig(file: string): Promise<void>;
  stop(): Promise<void>;
}

function envFlag(name: string): boolean {
  return (process.env[name] ?? '').toLowerCase() === 'true';
}

async function readInputs(options: TestEnvironmentOptions): Promise<{ crds: KubeObject[]; mutating: WebhookConfiguration[]; validating: WebhookConfiguration[] }> {
  const crdPaths = (options.crdDirectoryPaths ?? []).map((p) => path.resolve(p));
  const crds = [
    ...(await loadManifests(crdPaths, ['CustomResourceDefinition'], { errorIfPathMissing: options.errorIfCRDPathMissing ?? false, what: 'CRD' })),
    // Round-trip through JSON so client-node models (with Date fields) become plain objects.
    ...(options.crds ?? []).map((c) => JSON.parse(JSON.stringify(c)) as KubeObject),
  ];
  for (const crd of crds) checkCRDVersion(crd, manifestSource(crd) ?? 'options.crds');
  const hooks = await loadManifests((options.webhookConfigPaths ?? []).map((p) => path.resolve(p)), ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'], {
    errorIfPathMissing: true,
    what: 'webhook configuration',
    // Like envtest: a project's config/webhook also holds kustomization.yaml and service.yaml.
    skipOthers: true,
  });
  return {
    crds,
    mutating: hooks.filter((h) => h.kind === 'MutatingWebhookConfiguration') as WebhookConfiguration[],
    validating: hooks.filter((h) => h.kind === 'ValidatingWebhookConfiguration') as WebhookConfiguration[],
  };
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function noServer(mode: string): TestAPIServer {
  throw new Error(`env.server (fault injection, direct store access) exists only for the in-process server, not with ${mode}`);
}

export async function startTestEnvironment(options: TestEnvironmentOptions = {}): Promise<TestEnvironment> {
  const useExisting = options.useExistingCluster ?? envFlag('USE_EXISTING_CLUSTER');
  const assets = options.binaryAssetsDirectory ?? process.env.KUBEBUILDER_ASSETS;
  // Read before anything is prepared, so that a release without data leaves nothing behind.
  const release = useExisting || assets ? undefined : (options.server?.kubernetesVersion ?? projectKubernetesRelease(process.cwd()));
  const kubernetesVersion = release && { major: release.major, minor: release.minor };
  const inputs = await readInputs(options);
  const webhookHost = options.webhookHost ?? '127.0.0.1';
  const converted = await conversionTargets(inputs.crds, options.conversionWebhooks);
  const hasWebhooks = inputs.mutating.length + inputs.validating.length + converted.size > 0;
  const serving = hasWebhooks ? await prepareWebhookServing(webhookHost, options.webhookPort) : undefined;
  if (serving && converted.size > 0) {
    const base = `https://${urlHost(webhookHost)}:${serving.port}`;
    inputs.crds = inputs.crds.map((crd) => (converted.has(crdName(crd)) ? withConversionWebhook(crd, base, serving.caCert) : crd));
  }
  const webhookPort = serving?.port ?? options.webhookPort ?? 9443;
  const webhookInstallOptions: WebhookInstallOptions = {
    localServingHost: webhookHost,
    localServingPort: webhookPort,
    localServingCertDir: serving?.certDir,
    localServingCAData: serving?.caCert,
    mutatingWebhooks: inputs.mutating,
    validatingWebhooks: inputs.validating,
  };
  const removeServing = async (): Promise<void> => {
    await serving?.remove();
  };

  if (useExisting || assets) {
    const plane = useExisting ? { kubeConfig: existingClusterKubeConfig(), stop: async () => {} } : await startBinaryControlPlane(assets!);
    const mode = useExisting ? 'existing-cluster' : 'binaries';
    const stopPlane = async (): Promise<void> => {
      await plane.stop();
      await removeServing();
    };
    try {
      await installCRDsThroughAPI(plane.kubeConfig, inputs.crds);
      if (serving) await installWebhooksThroughAPI(plane.kubeConfig, inputs, serving);
    } catch (err) {
      await stopPlane();
      throw err;
    }
    return {
      kubeConfig: plane.kubeConfig,
      mode,
      get server(): TestAPIServer {
        return noServer(mode);
      },
      crds: inputs.crds,
      webhookInstallOptions,
      writeKubeconfig: (file) => writeKubeConfigFile(plane.kubeConfig, file),
      stop: stopPlane,
    };
  }

  const resolveService: ServiceResolver = options.resolveService ?? (() => `https://${webhookHost}:${webhookPort}`);
  const tls = options.secure ? await selfSignedCertificate('127.0.0.1', 'scaffolder-test-apiserver') : undefined;
  const server = new TestAPIServer({ authn: options.authn, authz: options.authz, authentication: options.authentication, ...options.server, kubernetesVersion, mutatingWebhooks: inputs.mutating, validatingWebhooks: inputs.validating, resolveService, tls });
  const stopServer = async (): Promise<void> => {
    await server.stop();
    await removeServing();
  };
  await server.listen();
  for (const crd of inputs.crds) {
    try {
      await server.installCRDs([crd]);
    } catch (err) {
      await stopServer();
      throw new ManifestError(`${manifestSource(crd) ?? 'options.crds'}: CustomResourceDefinition ${crd.metadata?.name ?? ''} was refused: ${(err as Error).message}`);
    }
  }
  // client-node refuses plain http unless TLS verification is off (there is no TLS to verify).
  // The token is the server's credential (and keeps kubectl from prompting for a user name).
  const kubeConfig = tls
    ? kubeConfigFor(server.url, { caData: Buffer.from(tls.cert).toString('base64'), token: server.token })
    : kubeConfigFor(server.url, { skipTLSVerify: true, token: server.token });
  // kubectl (client-go) sends no credentials to a plain-HTTP server: tools get an HTTPS port of the same server.
  let toolConfig: Promise<KubeConfig> | undefined;
  const kubeConfigForTools = async (): Promise<KubeConfig> => {
    if (tls || !server.requiresToken) return kubeConfig;
    const cert = await selfSignedCertificate('127.0.0.1', 'scaffolder-test-apiserver');
    return kubeConfigFor(await server.listenTLS(cert), { caData: Buffer.from(cert.cert).toString('base64'), token: server.token });
  };
  return {
    kubeConfig,
    mode: 'in-process',
    server,
    crds: inputs.crds,
    webhookInstallOptions,
    writeKubeconfig: async (file) => writeKubeConfigFile(await (toolConfig ??= kubeConfigForTools()), file),
    stop: stopServer,
  };
}
