/** What a started test environment offers, whichever control plane runs it. */
import type { KubeConfig } from '@kubernetes/client-node';
import type { WebhookConfiguration } from '../admission/index.js';
import type { KubeObject } from '../model/object.js';
import type { TestAPIServer } from '../server/api-server.js';

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
