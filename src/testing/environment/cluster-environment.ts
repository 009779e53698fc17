/**
 * A test environment on a real API server: kube-apiserver and etcd started from binaries
 * (binary-control-plane.ts), or an existing cluster. The CRDs and webhook configurations are
 * installed through the API (install-through-api.ts); stop removes what a cluster that outlives
 * the test should not keep, then the control plane and the serving certificate directory.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeObject } from '../model/object.js';
import type { TestAPIServer } from '../server/api-server.js';
import { startBinaryControlPlane, type BinaryControlPlaneOptions } from './binary-control-plane.js';
import type { CRDInstallOptions } from './environment-options.js';
import { existingClusterKubeConfig } from './existing-cluster.js';
import {
  installCRDsThroughAPI,
  installWebhooksThroughAPI,
  pointedAtLocalServer,
  uninstallCRDsThroughAPI,
  uninstallWebhooksThroughAPI,
  type WebhookConfigurations,
} from './install-through-api.js';
import { writeKubeConfigFile } from './kubeconfig.js';
import type { TestEnvironment, WebhookInstallOptions } from './test-environment-api.js';
import type { WebhookServing } from './webhook-serving.js';

export type ClusterTarget =
  | { kind: 'binaries'; assets: string; options: BinaryControlPlaneOptions }
  // The test run's shared binaries (shared-control-plane.ts): it outlives this environment.
  | { kind: 'shared-binaries'; kubeConfig: KubeConfig }
  | { kind: 'existing-cluster'; config?: KubeConfig };

export interface ClusterInputs {
  crds: KubeObject[];
  webhooks: WebhookConfigurations;
  serving: WebhookServing | undefined;
  webhookInstallOptions: WebhookInstallOptions;
  crdInstall: CRDInstallOptions;
}

function noServer(mode: string): TestAPIServer {
  throw new Error(`env.server (fault injection, direct store access) exists only for the in-process server, not with ${mode}`);
}

export async function startClusterEnvironment(target: ClusterTarget, inputs: ClusterInputs): Promise<TestEnvironment> {
  const plane =
    target.kind === 'binaries'
      ? await startBinaryControlPlane(target.assets, target.options)
      : { kubeConfig: target.kind === 'shared-binaries' ? target.kubeConfig : existingClusterKubeConfig(target.config), stop: async () => {} };
  const mode = target.kind === 'existing-cluster' ? target.kind : 'binaries';
  const kubeConfig = plane.kubeConfig;
  const webhooks = inputs.serving ? pointedAtLocalServer(inputs.webhooks, inputs.serving) : { mutating: [], validating: [] };
  const stop = async (): Promise<void> => {
    try {
      // A control plane of our own goes as a whole; a cluster that stays keeps nothing that points at
      // us. On the shared binaries nothing points at us (no webhooks), and the CRDs stay for the others.
      if (target.kind === 'existing-cluster') {
        await uninstallWebhooksThroughAPI(kubeConfig, webhooks);
        if (inputs.crdInstall.cleanUpAfterUse) await uninstallCRDsThroughAPI(kubeConfig, inputs.crds);
      }
    } finally {
      await plane.stop();
      await inputs.serving?.remove();
    }
  };
  try {
    await installCRDsThroughAPI(kubeConfig, inputs.crds, inputs.crdInstall);
    await installWebhooksThroughAPI(kubeConfig, webhooks);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    kubeConfig,
    mode,
    get server(): TestAPIServer {
      return noServer(mode);
    },
    crds: inputs.crds,
    webhookInstallOptions: inputs.webhookInstallOptions,
    writeKubeconfig: (file) => writeKubeConfigFile(kubeConfig, file),
    stop,
  };
}
