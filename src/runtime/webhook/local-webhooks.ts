/**
 * Webhooks under `make run` (as `pepr dev` serves them): the manager runs on the developer's machine
 * against their cluster, where nothing mounts a serving certificate and no Service leads to it. With
 * `--local-webhooks=<host>[:<port>]` the webhook server serves with a self-signed certificate made
 * in memory, and before the controllers start:
 *
 * 1. a probe webhook checks that the cluster's API server can call https://<host>:<port> at all
 *    (a remote cluster cannot reach the developer's machine: said at once, with what to do instead);
 * 2. the configurations of config/webhook/manifests.yaml are installed pointing there, the
 *    certificate as their caBundle, under names of this project's own;
 * 3. the CRDs whose conversions this manager serves get their conversion pointed there too.
 *
 * When the manager stops (SIGINT, SIGTERM, or a failed start), the configurations are deleted and the
 * CRDs' conversions put back. A process killed outright leaves them: the next `make run` replaces them.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { loadAllYaml } from '@kubernetes/client-node';
import type { WebhookConfiguration } from '../../kube/admissionregistration.js';
import { localBaseURL, localConversion, pointedAtLocalServer, type LocalWebhookServing } from '../../kube/local-webhook-client-config.js';
import { selfSignedCertificate, type ServingCertificate } from '../../kube/self-signed-certificate.js';
import { isNotFound } from '../client/errors.js';
import type { ApplyConfiguration, Client } from '../client/types.js';
import type { Logger } from '../log/logger.js';
import { ConfigMap, CustomResourceDefinition, MutatingWebhookConfiguration, ValidatingWebhookConfiguration } from '../scheme/builtins.js';
import type { Kind } from '../scheme/kind.js';
import { allowed } from './admission/response.js';
import { AdmissionWebhook } from './admission/webhook.js';
import { convertedKinds } from './builder.js';
import type { WebhookServer } from './server.js';

/** Where the cluster's API server calls the webhooks: a host (name or address) and, optionally, a port. */
export interface LocalWebhookAddress {
  host: string;
  /** The webhook server's port when omitted. */
  port?: number;
}

export interface LocalWebhooksOptions {
  address: LocalWebhookAddress;
  /** The configurations to install; default `config/webhook/manifests.yaml` (what `make manifests` writes). */
  manifests?: string;
  /** Appended to the installed names so that two projects running at once keep apart (the leader election ID). */
  nameSuffix?: string;
  /** How long the API server may take to start calling the probe (it learns of new configurations through a watch). Default 30 s. */
  probeTimeoutMs?: number;
}

const DEFAULT_MANIFESTS = 'config/webhook/manifests.yaml';
const FIELD_MANAGER = 'local-webhooks';
const MANAGED_BY = { 'app.kubernetes.io/managed-by': 'scaffolder-local-webhooks' };
const PROBE_PATH = '/local-webhooks-probe';
const PROBE_LABEL = 'local-webhooks.scaffolder.dev/probe';

/** Parses `--local-webhooks`: `host`, `host:port`, `[ipv6]:port` or a bare IPv6 address. */
export function parseLocalWebhookAddress(text: string): LocalWebhookAddress {
  const trimmed = text.trim();
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(trimmed);
  const colons = trimmed.split(':').length - 1;
  const [host, portText] = bracketed ? [bracketed[1], bracketed[2]] : colons === 1 ? trimmed.split(':') as [string, string] : [trimmed, undefined];
  const usage = 'expected <host>[:<port>], the address at which the cluster\'s API server calls this machine (e.g. 127.0.0.1:9443)';
  if (host === '' || /[\s/]/.test(host)) throw new Error(`invalid --local-webhooks "${text}": ${usage}`);
  if (portText === undefined) return { host };
  if (!/^\d+$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
    throw new Error(`invalid --local-webhooks "${text}": port "${portText}" is not a number between 1 and 65535; ${usage}`);
  }
  return { host, port: Number(portText) };
}

/** A loopback address: the webhook server then listens there only, not on every interface. */
export function isLoopbackAddress(host: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
}

type Configuration = { kind: Kind<WebhookConfiguration>; config: WebhookConfiguration };

const configurationKinds: Record<string, Kind<WebhookConfiguration>> = {
  MutatingWebhookConfiguration: MutatingWebhookConfiguration as Kind<WebhookConfiguration>,
  ValidatingWebhookConfiguration: ValidatingWebhookConfiguration as Kind<WebhookConfiguration>,
};

async function readConfigurations(path: string): Promise<Configuration[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw new Error(`local webhooks: ${path} does not exist: the webhook configurations to install come from it (make manifests writes it; make run runs that first)`, { cause: err });
  }
  let docs: unknown[];
  try {
    docs = loadAllYaml(text);
  } catch (err) {
    throw new Error(`local webhooks: ${path} is not YAML: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const configurations: Configuration[] = [];
  for (const doc of docs) {
    const config = doc as WebhookConfiguration | null;
    const kind = typeof config?.kind === 'string' ? configurationKinds[config.kind] : undefined;
    if (kind && config!.webhooks?.length) configurations.push({ kind, config: config! });
  }
  return configurations;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A server the manager starts right after its webhook server (whose port it then knows), and stops before it. */
export class LocalWebhooks {
  readonly #server: WebhookServer;
  readonly #client: Client;
  readonly #options: LocalWebhooksOptions;
  readonly #log: Logger;
  #certificate: Promise<ServingCertificate> | undefined;
  #probeCalls = 0;
  #installed: { kind: Kind<WebhookConfiguration>; name: string }[] = [];
  #conversions: { name: string; previous: unknown }[] = [];

  constructor(server: WebhookServer, client: Client, options: LocalWebhooksOptions, log: Logger) {
    this.#server = server;
    this.#client = client;
    this.#options = options;
    this.#log = log;
    server.register(PROBE_PATH, new AdmissionWebhook(async () => {
      this.#probeCalls++;
      return allowed();
    }, log.withName('probe')));
  }

  /** The serving certificate, made once: the webhook server serves with it, and what is installed trusts it. */
  certificate(): Promise<ServingCertificate> {
    const host = this.#options.address.host;
    this.#certificate ??= selfSignedCertificate({
      hosts: [...new Set([host, 'localhost', '127.0.0.1'])],
      commonName: `local-webhooks@${host}`,
      isCA: true,
      validForMs: 7 * 24 * 3600 * 1000,
    });
    return this.#certificate;
  }

  #name(base: string): string {
    return this.#options.nameSuffix ? `${base}.${this.#options.nameSuffix}` : base;
  }

  async start(): Promise<void> {
    const port = this.#options.address.port ?? this.#server.port();
    if (port === undefined) throw new Error('local webhooks: the webhook server has not started');
    const serving: LocalWebhookServing = { host: this.#options.address.host, port, caCert: (await this.certificate()).cert };
    const manifests = this.#options.manifests ?? DEFAULT_MANIFESTS;
    const configurations = await readConfigurations(manifests);
    await this.#probe(serving);

    for (const { kind, config } of configurations) {
      for (const path of (config.webhooks ?? []).map((w) => w.clientConfig.service?.path).filter((p) => p !== undefined)) {
        if (!this.#server.isRegistered(path)) this.#log.info(`${manifests} names ${path}, which no webhook of this manager serves: the API server's calls to it will fail (make manifests after removing a webhook)`);
      }
      const name = this.#name(config.metadata?.name ?? kind.plural);
      const local = pointedAtLocalServer(config, serving);
      const desired = { ...local, metadata: { name, labels: MANAGED_BY } } as ApplyConfiguration<WebhookConfiguration>;
      await this.#client.apply(kind, desired, { fieldManager: FIELD_MANAGER, force: true });
      this.#installed.push({ kind, name });
      this.#log.info(`installed ${kind.kind} ${name}, calling this machine`, { webhooks: local.webhooks?.map((w) => w.clientConfig.url) });
    }
    if (configurations.length === 0) this.#log.info(`${manifests} holds no webhook configuration: none installed`);

    for (const hub of convertedKinds(this.#server)) {
      const name = `${hub.plural}.${hub.group}`;
      let crd;
      try {
        crd = await this.#client.apiReader.get(CustomResourceDefinition, { name });
      } catch (err) {
        if (!isNotFound(err)) throw err;
        this.#log.info(`CustomResourceDefinition ${name} is not installed: its conversion is not pointed here (make install, then make run)`);
        continue;
      }
      const previous = crd.spec.conversion ?? { strategy: 'None' };
      await this.#client.patch(CustomResourceDefinition, crd, [{ op: 'add', path: '/spec/conversion', value: localConversion(previous, serving) }], { type: 'json' });
      this.#conversions.push({ name, previous });
      this.#log.info(`pointed the conversion of CustomResourceDefinition ${name} at this machine`, { url: `${localBaseURL(serving)}/convert` });
    }
    this.#log.info('webhooks served from this machine; what was installed is removed when the manager stops ' +
      '(after a kill, the next make run replaces it, or delete the configurations labelled app.kubernetes.io/managed-by=scaffolder-local-webhooks)', { url: localBaseURL(serving) });
  }

  /**
   * Asks the API server to call the probe path: a ValidatingWebhookConfiguration that matches only a
   * dry-run ConfigMap carrying a label of this run, created until the call arrives or fails.
   */
  async #probe(serving: LocalWebhookServing): Promise<void> {
    const name = this.#name('local-webhooks-probe');
    const url = `${localBaseURL(serving)}${PROBE_PATH}`;
    const token = randomUUID();
    const probe = {
      metadata: { name, labels: MANAGED_BY },
      webhooks: [{
        name: 'probe.local-webhooks.scaffolder.dev',
        clientConfig: { url, caBundle: Buffer.from(serving.caCert).toString('base64') },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'], scope: 'Namespaced' }],
        objectSelector: { matchLabels: { [PROBE_LABEL]: token } },
        sideEffects: 'None',
        failurePolicy: 'Fail',
        timeoutSeconds: 5,
        admissionReviewVersions: ['v1'],
      }],
    } as ApplyConfiguration<WebhookConfiguration>;
    const kind = configurationKinds['ValidatingWebhookConfiguration'];
    await this.#client.apply(kind, probe, { fieldManager: FIELD_MANAGER, force: true });
    try {
      const calls = this.#probeCalls;
      const timeout = this.#options.probeTimeoutMs ?? 30_000;
      const deadline = Date.now() + timeout;
      for (;;) {
        try {
          await this.#client.create(ConfigMap, { metadata: { generateName: 'local-webhooks-probe-', namespace: 'default', labels: { [PROBE_LABEL]: token } } }, { dryRun: true });
        } catch (err) {
          throw new Error(unreachable(url, err), { cause: err });
        }
        if (this.#probeCalls > calls) return;
        if (Date.now() > deadline) {
          throw new Error(`local webhooks: the API server did not call ${url} within ${timeout / 1000} s of the probe's ValidatingWebhookConfiguration ${name} (its admission may be off); ${REMEDY}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await this.#client.delete(kind, { metadata: { name } }).catch((err: unknown) => {
        if (!isNotFound(err)) this.#log.error(err, `deleting the probe's ValidatingWebhookConfiguration ${name} failed`);
      });
    }
  }

  /** Deletes what start installed and puts back the CRDs' conversions; a failure is logged and the rest still done. */
  async stop(): Promise<void> {
    const failures: string[] = [];
    for (const { kind, name } of this.#installed.splice(0).reverse()) {
      try {
        await this.#client.delete(kind, { metadata: { name } });
        this.#log.info(`removed ${kind.kind} ${name}`);
      } catch (err) {
        if (!isNotFound(err)) failures.push(`${kind.kind} ${name}: ${messageOf(err)}`);
      }
    }
    for (const { name, previous } of this.#conversions.splice(0)) {
      try {
        const crd = await this.#client.apiReader.get(CustomResourceDefinition, { name });
        await this.#client.patch(CustomResourceDefinition, crd, [{ op: 'add', path: '/spec/conversion', value: previous }], { type: 'json' });
        this.#log.info(`put back the conversion of CustomResourceDefinition ${name}`);
      } catch (err) {
        if (!isNotFound(err)) failures.push(`the conversion of CustomResourceDefinition ${name}: ${messageOf(err)}`);
      }
    }
    if (failures.length > 0) throw new Error(`local webhooks: could not remove ${failures.join('; ')}`);
  }
}

const REMEDY =
  'make run serves the webhooks from this machine, which the cluster\'s API server must reach: for a cluster in containers on this machine ' +
  '(kind), set WEBHOOK_HOST to this machine\'s address on their network (host.docker.internal with Docker Desktop; on Linux the gateway of ' +
  '`docker network inspect kind`). Otherwise run without the webhooks (ENABLE_WEBHOOKS=false make run), or deploy the manager to the cluster (make deploy IMG=<image>)';

/** The probe's error: the API server could not call this machine, or the probe itself was refused. */
function unreachable(url: string, err: unknown): string {
  const message = messageOf(err);
  if (/failed calling webhook/i.test(message)) return `local webhooks: the cluster's API server cannot call the webhook server at ${url}: ${message}. ${REMEDY}`;
  return `local webhooks: could not check that the cluster's API server reaches the webhook server at ${url} (a dry-run ConfigMap in namespace default): ${message}. ${REMEDY}`;
}
