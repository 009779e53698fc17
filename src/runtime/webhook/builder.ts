import type { Logger } from '../log/logger.js';
import type { Kind } from '../scheme/kind.js';
import { defaultingHandler } from './admission/defaulter.js';
import type { CustomDefaulter, CustomValidator } from './admission/types.js';
import { validatingHandler } from './admission/validator.js';
import { AdmissionWebhook } from './admission/webhook.js';
import { ConversionWebhook } from './conversion/webhook.js';
import type { Conversion } from './conversion/types.js';
import { CONVERSION_PATH, mutatePath, validatePath } from './paths.js';
import type { WebhookServer } from './server.js';

/** What the webhook builder needs from a manager. */
export interface WebhookManager {
  getWebhookServer(): WebhookServer;
  getLogger?(): Logger;
}

/** One conversion webhook per server, shared by every kind that registers conversions. */
const conversionWebhooks = new WeakMap<WebhookServer, ConversionWebhook>();

function conversionWebhookFor(server: WebhookServer, log: Logger | undefined): ConversionWebhook {
  let webhook = conversionWebhooks.get(server);
  if (!webhook) {
    webhook = new ConversionWebhook(log?.withName('conversion'), { metrics: server.metrics });
    conversionWebhooks.set(server, webhook);
    server.register(CONVERSION_PATH, webhook);
  }
  return webhook;
}

/** The kinds whose conversions `server` serves at /convert (their CRDs' conversion webhook). */
export function convertedKinds(server: WebhookServer): Kind[] {
  return conversionWebhooks.get(server)?.registry.hubs() ?? [];
}

/**
 * Builds a kind's webhooks and registers them on the manager's webhook server at the paths
 * kubebuilder scaffolds: `/mutate-<group>-<version>-<kind>`, `/validate-...` and `/convert`.
 */
export class WebhookBuilder<T> {
  #kind: Kind<T> | undefined;
  #defaulter: CustomDefaulter<T> | undefined;
  #validator: CustomValidator<T> | undefined;
  #defaulterPath: string | undefined;
  #validatorPath: string | undefined;
  #recoverPanic: boolean | undefined;
  readonly #conversions: Conversion[] = [];

  constructor(private readonly mgr: WebhookManager) {}

  for<U>(kind: Kind<U>): WebhookBuilder<U> {
    // The same builder, typed from here on by the kind's object type.
    const self = this as unknown as WebhookBuilder<U>;
    if (self.#kind) throw new Error(`webhookManagedBy: for(${kind.kind}) called after for(${self.#kind.kind})`);
    self.#kind = kind;
    return self;
  }

  withDefaulter(defaulter: CustomDefaulter<T>): this {
    this.#defaulter = defaulter;
    return this;
  }

  withValidator(validator: CustomValidator<T>): this {
    this.#validator = validator;
    return this;
  }

  /** Serves the defaulter at this path instead of the derived one. */
  withDefaulterCustomPath(path: string): this {
    this.#defaulterPath = path;
    return this;
  }

  /** Serves the validator at this path instead of the derived one. */
  withValidatorCustomPath(path: string): this {
    this.#validatorPath = path;
    return this;
  }

  /**
   * Whether a panic of the defaulter or validator is recovered (controller-runtime's
   * WebhookBuilder.RecoverPanic). A panic is an error the engine raises for a bug (TypeError,
   * RangeError, ReferenceError); it is counted in controller_runtime_webhook_panics_total either way.
   *
   * - true (the default, as controller-runtime since v0.19): the request is answered with a 500
   *   `panic: <error> [recovered]` AdmissionReview, which the API server turns into a failed call.
   * - false: the panic propagates, as controller-runtime re-panics into net/http. Node has no
   *   panics, so the webhook server does what net/http does when a handler panics: it logs
   *   `http: panic serving <client address>` with the error, and drops the request without an
   *   answer; over HTTP/1.1 it closes the connection, over HTTP/2 it resets the stream
   *   (RST_STREAM INTERNAL_ERROR) and the session goes on. The process lives on. The API server sees
   *   a failed call (`connection reset by peer`, or an EOF) and applies the webhook's failurePolicy.
   *   The request is left out of controller_runtime_webhook_requests_total and the latency
   *   histogram (promhttp counts only requests whose handler returned) but leaves the in-flight gauge.
   *
   * Conversion webhooks always recover, as controller-runtime's do.
   */
  recoverPanic(recover = true): this {
    this.#recoverPanic = recover;
    return this;
  }

  /** Adds a spoke's conversions to and from the hub (or declares the hub); call once per spoke. */
  withConversion<Hub, Spoke>(conversion: Conversion<Hub, Spoke>): this {
    this.#conversions.push(conversion);
    return this;
  }

  /** Registers the webhooks; returns the paths registered. */
  complete(): string[] {
    const kind = this.#kind;
    if (!kind) throw new Error('webhookManagedBy: call for(Kind) before complete()');
    if (!this.#defaulter && !this.#validator && this.#conversions.length === 0) {
      throw new Error(`webhookManagedBy(${kind.kind}): nothing to register; add withDefaulter, withValidator or withConversion`);
    }
    const server = this.mgr.getWebhookServer();
    const log = this.mgr.getLogger?.().withName('webhook');
    const paths: string[] = [];
    const options = { metrics: server.metrics, recoverPanic: this.#recoverPanic };
    if (this.#defaulter) {
      const path = this.#defaulterPath ?? mutatePath(kind);
      server.register(path, new AdmissionWebhook(defaultingHandler(this.#defaulter), log?.withValues({ webhook: path }), options));
      paths.push(path);
    }
    if (this.#validator) {
      const path = this.#validatorPath ?? validatePath(kind);
      server.register(path, new AdmissionWebhook(validatingHandler(this.#validator), log?.withValues({ webhook: path }), options));
      paths.push(path);
    }
    if (this.#conversions.length > 0) {
      const conversion = conversionWebhookFor(server, log);
      for (const c of this.#conversions) {
        if (c.hub.group !== kind.group || c.hub.kind !== kind.kind) {
          throw new Error(`webhookManagedBy(${kind.kind}): conversion hub ${c.hub.kind}.${c.hub.group} is not a version of ${kind.kind}.${kind.group}`);
        }
        conversion.register(c);
      }
      paths.push(CONVERSION_PATH);
    }
    return paths;
  }
}

/** `webhookManagedBy(mgr).for(CronJob).withDefaulter(d).withValidator(v).complete()`; `.recoverPanic(false)` lets panics drop the request. */
export function webhookManagedBy(mgr: WebhookManager): WebhookBuilder<unknown> {
  return new WebhookBuilder<unknown>(mgr);
}
