/**
 * Gives the Manager its webhook server: on the first `mgr.getWebhookServer()` it is created from
 * the manager's webhook options (`webhookServer`, `--webhook-cert-path`), records into the
 * manager's metrics, and is started before the caches and stopped last with the manager.
 */
import { Manager } from '../manager/manager.js';
import { WebhookServer } from './server.js';

export function webhookServerForManager(mgr: Manager): WebhookServer {
  const options = mgr.options.webhookServer ?? {};
  const server = new WebhookServer({
    ...options,
    certDir: mgr.options.webhookCertPath ?? options.certDir,
    certName: mgr.options.webhookCertName || options.certName,
    keyName: mgr.options.webhookCertKey || options.keyName,
    metrics: mgr.getMetrics(),
    log: mgr.getLogger().withName('webhook'),
  });
  mgr.addServer(server);
  return server;
}

Manager.defaultWebhookServerFactory ??= webhookServerForManager;
