/**
 * Webhook configurations and CRD conversions pointed at a webhook server outside the cluster (the
 * test environment's, and `make run`'s): a service reference becomes `https://<host>:<port><path>`
 * and the serving certificate, its own CA, the caBundle. envtest does the same for a real API server.
 */
import type { WebhookClientConfig, WebhookConfiguration } from './admissionregistration.js';

/** Where the API server calls: the host and port of the local webhook server, and its certificate (PEM). */
export interface LocalWebhookServing {
  host: string;
  port: number;
  caCert: string;
}

/** A host as it goes into a URL: an IPv6 address in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** `https://<host>:<port>`, the base of every local webhook URL. */
export function localBaseURL(serving: LocalWebhookServing): string {
  return `https://${urlHost(serving.host)}:${serving.port}`;
}

function localClientConfig(clientConfig: WebhookClientConfig, serving: LocalWebhookServing, defaultPath: string): WebhookClientConfig {
  return {
    url: clientConfig.url ?? `${localBaseURL(serving)}${clientConfig.service?.path ?? defaultPath}`,
    caBundle: Buffer.from(serving.caCert).toString('base64'),
  };
}

/** A configuration whose webhooks call the local server (a URL already given is kept). */
export function pointedAtLocalServer<C extends WebhookConfiguration>(config: C, serving: LocalWebhookServing): C {
  return { ...config, webhooks: (config.webhooks ?? []).map((w) => ({ ...w, clientConfig: localClientConfig(w.clientConfig, serving, '/') })) };
}

/** A CRD's spec.conversion sending conversions to the local server's /convert (review versions kept). */
export function localConversion(previous: unknown, serving: LocalWebhookServing): Record<string, unknown> {
  const reviewVersions = (previous as { webhook?: { conversionReviewVersions?: string[] } } | undefined)?.webhook?.conversionReviewVersions;
  return {
    strategy: 'Webhook',
    webhook: {
      clientConfig: localClientConfig({}, serving, '/convert'),
      conversionReviewVersions: reviewVersions ?? ['v1', 'v1beta1'],
    },
  };
}
