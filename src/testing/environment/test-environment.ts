/**
 * startTestEnvironment: envtest for TypeScript. By default an in-process API server loaded
 * with the project's CRDs and webhook configurations; USE_EXISTING_CLUSTER=true uses the
 * kubeconfig's cluster; KUBEBUILDER_ASSETS starts kube-apiserver and etcd from there
 * (cluster-environment.ts), or attaches to the ones the test run shares (shared-control-plane.ts).
 */
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import type { ServiceResolver, WebhookConfiguration } from '../admission/index.js';
import type { KubeObject } from '../model/object.js';
import { TestAPIServer } from '../server/api-server.js';
import { startClusterEnvironment, type ClusterTarget } from './cluster-environment.js';
import { conversionTargets, crdName, withConversionWebhook } from './conversion-webhooks.js';
import { binaryAssets, controlPlaneOptions, wantsExistingCluster, type CRDInstallOptions, type TestEnvironmentOptions } from './environment-options.js';
import { kubeConfigFor, writeKubeConfigFile } from './kubeconfig.js';
import { projectKubernetesRelease } from './kubernetes-release.js';
import { checkCRDVersion, loadManifests, ManifestError, manifestSource } from './manifest-loader.js';
import { selfSignedCertificate } from './self-signed-certificate.js';
import { sharedControlPlaneConfig } from './shared-control-plane.js';
import type { TestEnvironment, WebhookInstallOptions } from './test-environment-api.js';
import { prepareWebhookServing } from './webhook-serving.js';

export type { TestEnvironmentOptions } from './environment-options.js';
export type { TestEnvironment, WebhookInstallOptions } from './test-environment-api.js';

/** The top-level CRD options and crdInstallOptions, as one (envtest merges them the same way). */
function crdInstallOf(options: TestEnvironmentOptions): CRDInstallOptions & { paths: string[] } {
  const more = options.crdInstallOptions ?? {};
  return {
    ...more,
    paths: [...(options.crdDirectoryPaths ?? []), ...(more.paths ?? [])],
    crds: [...(options.crds ?? []), ...(more.crds ?? [])],
    errorIfPathMissing: more.errorIfPathMissing ?? options.errorIfCRDPathMissing ?? false,
  };
}

async function readInputs(
  options: TestEnvironmentOptions,
): Promise<{ crds: KubeObject[]; mutating: WebhookConfiguration[]; validating: WebhookConfiguration[] }> {
  const install = crdInstallOf(options);
  const crds = [
    ...(await loadManifests(install.paths.map((p) => path.resolve(p)), ['CustomResourceDefinition'], { errorIfPathMissing: install.errorIfPathMissing ?? false, what: 'CRD' })),
    // Round-trip through JSON so client-node models (with Date fields) become plain objects.
    ...(install.crds ?? []).map((c) => JSON.parse(JSON.stringify(c)) as KubeObject),
  ];
  for (const crd of crds) checkCRDVersion(crd, manifestSource(crd) ?? 'options.crds');
  const hookPaths = [...(options.webhookConfigPaths ?? []), ...(options.webhookInstallOptions?.paths ?? [])];
  const hooks = await loadManifests(hookPaths.map((p) => path.resolve(p)), ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'], {
    errorIfPathMissing: true,
    what: 'webhook configuration',
    // Like envtest: a project's config/webhook also holds kustomization.yaml and service.yaml.
    skipOthers: true,
  });
  return {
    crds,
    mutating: hooks.filter((h) => h.kind === 'MutatingWebhookConfiguration'),
    validating: hooks.filter((h) => h.kind === 'ValidatingWebhookConfiguration'),
  };
}

export async function startTestEnvironment(options: TestEnvironmentOptions = {}): Promise<TestEnvironment> {
  const useExisting = wantsExistingCluster(options);
  const assets = useExisting ? undefined : binaryAssets(options);
  // Read before anything is prepared, so that a release without data leaves nothing behind.
  const release = useExisting || assets ? undefined : (options.server?.kubernetesVersion ?? projectKubernetesRelease(process.cwd()));
  const kubernetesVersion = release && { major: release.major, minor: release.minor };
  const inputs = await readInputs(options);
  const webhookHost = options.webhookInstallOptions?.localServingHost ?? options.webhookHost ?? '127.0.0.1';
  const requestedPort = options.webhookInstallOptions?.localServingPort ?? options.webhookPort;
  const converted = await conversionTargets(inputs.crds, options.conversionWebhooks);
  const hasWebhooks = inputs.mutating.length + inputs.validating.length + converted.size > 0;
  const serving = hasWebhooks ? await prepareWebhookServing(webhookHost, requestedPort, options.webhookInstallOptions?.localServingCertDir) : undefined;
  if (serving && converted.size > 0) {
    inputs.crds = inputs.crds.map((crd) => (converted.has(crdName(crd)) ? withConversionWebhook(crd, serving) : crd));
  }
  const webhookPort = serving?.port ?? requestedPort ?? 9443;
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
    try {
      const shared = assets && (await sharedControlPlaneConfig(options, hasWebhooks));
      const target: ClusterTarget = useExisting
        ? { kind: 'existing-cluster', config: options.config }
        : shared
          ? { kind: 'shared-binaries', kubeConfig: shared }
          : { kind: 'binaries', assets: assets!, options: controlPlaneOptions(options) };
      return await startClusterEnvironment(target, {
        crds: inputs.crds,
        webhooks: inputs,
        serving,
        webhookInstallOptions,
        crdInstall: crdInstallOf(options),
      });
    } catch (err) {
      await removeServing();
      throw err;
    }
  }

  const resolveService: ServiceResolver = options.resolveService ?? (() => `https://${webhookHost}:${webhookPort}`);
  const tls = options.secure ? await selfSignedCertificate('127.0.0.1', 'scaffolder-test-apiserver') : undefined;
  const server = new TestAPIServer({
    authn: options.authn,
    authz: options.authz,
    authentication: options.authentication,
    ...options.server,
    kubernetesVersion,
    mutatingWebhooks: inputs.mutating,
    validatingWebhooks: inputs.validating,
    resolveService,
    tls,
  });
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
