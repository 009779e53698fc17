/**
 * The admission webhooks of a test environment, called for each request as kube-apiserver calls
 * them: mutating configurations sorted by name, their matching webhooks in order, each
 * AdmissionReview response's JSON patch applied before the next call (IfNeeded webhooks invoked
 * once more when a later webhook changed the object); then the validating webhooks on the final
 * object. failurePolicy Fail turns a failed call into `Internal error occurred: failed calling
 * webhook "<name>": ...`; Ignore skips the webhook.
 */
import { randomUUID } from 'node:crypto';
import type { Operation } from 'fast-json-patch';
import { applyJsonPatchOperations } from '../patch/json-patch.js';
import { webhookMatch } from './match.js';
import { postJSON, webhookURL, WebhookCallError } from './webhook-client.js';
import type {
  AdmissionAttributes,
  AdmissionResult,
  MutatingWebhookConfiguration,
  ServiceResolver,
  ValidatingWebhookConfiguration,
  Webhook,
  WebhookConfiguration,
} from './types.js';
import { deepCopy } from '../../kube/json-values.js';
import { errorStatus, internalErrorStatus, webhookDeniedStatus, type Status } from '../../kube/status.js';
import { StatusError } from '../model/status.js';

export interface AdmissionChainOptions {
  mutating?: MutatingWebhookConfiguration[];
  validating?: ValidatingWebhookConfiguration[];
  resolveService: ServiceResolver;
  /** Accept any server certificate (tests only); otherwise clientConfig.caBundle (or the system CAs) must verify it. */
  insecureSkipTLSVerify?: boolean;
  /**
   * Converts objects of the request's resource to another apiVersion (`group/version`), for
   * webhooks that match with matchPolicy Equivalent at another version. Without it, only exact
   * matches are called.
   */
  convert?: (objects: unknown[], apiVersion: string) => Promise<unknown[]>;
}

/** A matching webhook and the version it is called at. */
interface Invocation {
  hook: Webhook;
  /** Set for an Equivalent match at another version than the request's. */
  version?: string;
}

/** What one webhook call came to. */
type CallOutcome =
  | { kind: 'allowed'; warnings: string[]; patch?: Operation[] }
  | { kind: 'denied'; warnings: string[]; status: Status }
  | { kind: 'failed'; reason: string };

interface AdmissionResponse {
  uid?: string;
  allowed?: boolean;
  status?: Partial<Status>;
  patch?: string;
  patchType?: string;
  warnings?: string[];
}

const defaultOptions: Record<string, string> = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions' };

function sortedWebhooks(configs: WebhookConfiguration[] | undefined): Webhook[] {
  return [...(configs ?? [])]
    .sort((a, b) => (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''))
    .flatMap((c) => c.webhooks ?? []);
}

function apiVersionOf(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** A conversion for an Equivalent match failed; the request fails with its Status. */
class ConversionFailure extends Error {
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
  }
}

function conversionFailure(err: unknown): Status {
  const cause = err instanceof ConversionFailure ? err.original : err;
  if (cause instanceof StatusError) return cause.status;
  return internalErrorStatus(cause instanceof Error ? cause.message : String(cause));
}

export class AdmissionChain {
  private mutating: Webhook[];
  private validating: Webhook[];

  constructor(private readonly options: AdmissionChainOptions) {
    this.mutating = sortedWebhooks(options.mutating);
    this.validating = sortedWebhooks(options.validating);
  }

  /** Replaces the configurations (webhook configurations created or deleted at run time). */
  setConfigurations(mutating: MutatingWebhookConfiguration[], validating: ValidatingWebhookConfiguration[]): void {
    this.mutating = sortedWebhooks(mutating);
    this.validating = sortedWebhooks(validating);
  }

  /**
   * Mutating webhooks, then validating webhooks on the result, in one call. The API server
   * itself calls `mutate` and `validate` separately, with schema validation in between.
   */
  async admit(attrs: AdmissionAttributes): Promise<AdmissionResult> {
    const mutated = await this.mutate(attrs);
    if (!mutated.allowed) return mutated;
    const validated = await this.validate({ ...attrs, object: mutated.object }, attrs);
    const result: AdmissionResult = { allowed: validated.allowed, warnings: [...mutated.warnings, ...validated.warnings] };
    if (!validated.allowed) result.status = validated.status;
    else if (mutated.object !== undefined) result.object = mutated.object;
    return result;
  }

  /** The mutating webhooks (kube-apiserver's mutating admission): the object as they leave it, or the Status that ends the request. */
  async mutate(attrs: AdmissionAttributes): Promise<AdmissionResult> {
    const warnings: string[] = [];
    const mutated = await this.runMutating(attrs, warnings);
    if ('status' in mutated) return { allowed: false, warnings, status: mutated.status };
    const result: AdmissionResult = { allowed: true, warnings };
    if (mutated.object !== undefined) result.object = mutated.object;
    return result;
  }

  /**
   * The validating webhooks on `attrs.object` (the final object, after mutation and schema
   * validation). `request` is the request as the client made it (requestKind, requestResource);
   * the same as `attrs` by default.
   */
  async validate(attrs: AdmissionAttributes, request: AdmissionAttributes = attrs): Promise<AdmissionResult> {
    const warnings: string[] = [];
    const denied = await this.runValidating(attrs, request, warnings);
    if (denied) return { allowed: false, warnings, status: denied };
    return { allowed: true, warnings };
  }

  /** The mutating webhooks, in order; each is matched against the object as the ones before left it. */
  private async runMutating(attrs: AdmissionAttributes, warnings: string[]): Promise<{ object: unknown } | { status: Status }> {
    let object = deepCopy(attrs.object);
    const invoked: Invocation[] = [];
    const reinvocable: number[] = [];
    let lastChange = -1;
    const run = async (invocation: Invocation, index: number): Promise<Status | undefined> => {
      const step = await this.mutateOnce(invocation, { ...attrs, object }, attrs, warnings);
      if ('status' in step) return step.status;
      if (step.changed) {
        object = step.object;
        lastChange = index;
      }
      return undefined;
    };
    for (const hook of this.mutating) {
      const [invocation] = this.invocations([hook], { ...attrs, object });
      if (!invocation) continue;
      const index = invoked.push(invocation) - 1;
      const status = await run(invocation, index);
      if (status) return { status };
      if (hook.reinvocationPolicy === 'IfNeeded') reinvocable.push(index);
    }
    // A webhook that asked to be reinvoked sees the object again if a later one changed it.
    for (const i of reinvocable.filter((r) => lastChange > r)) {
      const [invocation] = this.invocations([invoked[i].hook], { ...attrs, object });
      if (!invocation) continue;
      const status = await run(invocation, invoked.length + i);
      if (status) return { status };
    }
    return { object };
  }

  /** One mutating webhook call: the object after its patch, or the Status that ends the request. */
  private async mutateOnce(
    { hook, version }: Invocation,
    current: AdmissionAttributes,
    request: AdmissionAttributes,
    warnings: string[],
  ): Promise<{ object: unknown; changed: boolean } | { status: Status }> {
    let sent: AdmissionAttributes;
    let outcome: CallOutcome;
    try {
      sent = await this.atVersion(current, version);
      outcome = await this.call(hook, sent, request, true);
    } catch (err) {
      return { status: conversionFailure(err) };
    }
    if (outcome.kind === 'failed') {
      if (hook.failurePolicy === 'Ignore') return { object: current.object, changed: false };
      return { status: internalErrorStatus(`failed calling webhook ${JSON.stringify(hook.name)}: ${outcome.reason}`) };
    }
    warnings.push(...outcome.warnings);
    if (outcome.kind === 'denied') return { status: outcome.status };
    if (!outcome.patch || outcome.patch.length === 0) return { object: current.object, changed: false };
    if (current.object === undefined || current.object === null) {
      return { status: internalErrorStatus(`admission webhook ${JSON.stringify(hook.name)} attempted to modify the object, which is not supported for this operation`) };
    }
    try {
      const before = JSON.stringify(sent.object);
      let patched: unknown = applyJsonPatchOperations(deepCopy(sent.object), outcome.patch);
      if (JSON.stringify(patched) === before) return { object: current.object, changed: false };
      if (version !== undefined) patched = (await this.convertTo([patched], apiVersionOf(request.kind.group, request.kind.version)))[0];
      return { object: patched, changed: true };
    } catch (err) {
      if (err instanceof ConversionFailure) return { status: conversionFailure(err) };
      return { status: internalErrorStatus((err as Error).message.split('\n')[0] ?? 'patch failed') };
    }
  }

  /** The validating webhooks, called together on the final object; the first denial in order wins. */
  private async runValidating(final: AdmissionAttributes, request: AdmissionAttributes, warnings: string[]): Promise<Status | undefined> {
    const validators = this.invocations(this.validating, final);
    let outcomes: CallOutcome[];
    try {
      outcomes = await Promise.all(validators.map(async ({ hook, version }) => this.call(hook, await this.atVersion(final, version), request, false)));
    } catch (err) {
      return conversionFailure(err);
    }
    for (const [i, outcome] of outcomes.entries()) {
      const hook = validators[i].hook;
      if (outcome.kind === 'failed') {
        if (hook.failurePolicy === 'Ignore') continue;
        return internalErrorStatus(`failed calling webhook ${JSON.stringify(hook.name)}: ${outcome.reason}`);
      }
      warnings.push(...outcome.warnings);
      if (outcome.kind === 'denied') return outcome.status;
    }
    return undefined;
  }

  private invocations(hooks: Webhook[], attrs: AdmissionAttributes): Invocation[] {
    const out: Invocation[] = [];
    for (const hook of hooks) {
      const match = webhookMatch(hook, attrs);
      if (match === 'exact') out.push({ hook });
      else if (match && this.options.convert) out.push({ hook, version: match.version });
    }
    return out;
  }

  private async convertTo(objects: unknown[], apiVersion: string): Promise<unknown[]> {
    try {
      return await this.options.convert!(objects, apiVersion);
    } catch (err) {
      throw new ConversionFailure(err);
    }
  }

  /** The request as a webhook matched at `version` sees it: kind, resource and objects at that version. */
  private async atVersion(attrs: AdmissionAttributes, version: string | undefined): Promise<AdmissionAttributes> {
    if (version === undefined) return attrs;
    const apiVersion = apiVersionOf(attrs.kind.group, version);
    const present = [attrs.object, attrs.oldObject].filter((o) => o !== undefined && o !== null);
    const converted = present.length > 0 ? await this.convertTo(present, apiVersion) : [];
    const out: AdmissionAttributes = { ...attrs, kind: { ...attrs.kind, version }, resource: { ...attrs.resource, version } };
    let next = 0;
    if (attrs.object !== undefined && attrs.object !== null) out.object = converted[next++];
    if (attrs.oldObject !== undefined && attrs.oldObject !== null) out.oldObject = converted[next];
    return out;
  }

  /** `attrs` is the request at the webhook's version; `request` the request as the client made it. */
  private async call(hook: Webhook, attrs: AdmissionAttributes, request: AdmissionAttributes, mutating: boolean): Promise<CallOutcome> {
    if (attrs.dryRun && hook.sideEffects !== 'None' && hook.sideEffects !== 'NoneOnDryRun') {
      return { kind: 'denied', warnings: [], status: errorStatus(400, 'BadRequest', `admission webhook ${JSON.stringify(hook.name)} does not support dry run`) };
    }
    const versions = hook.admissionReviewVersions ?? ['v1'];
    if (!versions.includes('v1')) {
      return { kind: 'failed', reason: 'could not create admission objects: webhook does not accept known AdmissionReview versions (v1)' };
    }
    const uid = randomUUID();
    const review = {
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      request: {
        uid,
        kind: attrs.kind,
        resource: attrs.resource,
        ...(attrs.subResource ? { subResource: attrs.subResource } : {}),
        requestKind: request.kind,
        requestResource: request.resource,
        ...(request.subResource ? { requestSubResource: request.subResource } : {}),
        ...(attrs.name ? { name: attrs.name } : {}),
        ...(attrs.namespace ? { namespace: attrs.namespace } : {}),
        operation: attrs.operation,
        userInfo: attrs.userInfo ?? { username: 'system:admin', groups: ['system:masters', 'system:authenticated'] },
        object: attrs.object ?? null,
        oldObject: attrs.oldObject ?? null,
        dryRun: attrs.dryRun ?? false,
        options: attrs.options ?? (defaultOptions[attrs.operation] ? { kind: defaultOptions[attrs.operation], apiVersion: 'meta.k8s.io/v1' } : null),
      },
    };

    let answer: unknown;
    try {
      const url = webhookURL(hook.clientConfig, this.options.resolveService);
      answer = await postJSON(url, review, {
        ...(hook.clientConfig.caBundle ? { caBundle: hook.clientConfig.caBundle } : {}),
        insecureSkipTLSVerify: this.options.insecureSkipTLSVerify ?? false,
        timeoutSeconds: hook.timeoutSeconds ?? 10,
      });
    } catch (err) {
      const reason = err instanceof WebhookCallError ? err.message : String(err);
      return { kind: 'failed', reason: `failed to call webhook: ${reason}` };
    }

    const invalid = (why: string): CallOutcome => ({ kind: 'failed', reason: `received invalid webhook response: ${why}` });
    const body = answer as { apiVersion?: string; kind?: string; response?: AdmissionResponse };
    if (!body || typeof body !== 'object') return invalid('webhook response was absent');
    if (body.apiVersion !== 'admission.k8s.io/v1' || body.kind !== 'AdmissionReview') {
      return invalid(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${body.apiVersion ?? ''}, Kind=${body.kind ?? ''}`);
    }
    const response = body.response;
    if (!response) return invalid('webhook response was absent');
    if (response.uid !== uid) return invalid(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(response.uid ?? '')}`);
    if (mutating) {
      if (response.patch && response.patchType === undefined) return invalid('webhook returned response.patch but not response.patchType');
      if (!response.patch && response.patchType !== undefined) return invalid('webhook returned response.patchType but not response.patch');
    } else {
      if (response.patch) return invalid('validating webhook may not return response.patch');
      if (response.patchType !== undefined) return invalid('validating webhook may not return response.patchType');
    }
    const warnings = Array.isArray(response.warnings) ? response.warnings : [];
    if (!response.allowed) return { kind: 'denied', warnings, status: webhookDeniedStatus(hook.name, response.status) };
    if (!response.patch) return { kind: 'allowed', warnings };
    if (response.patchType !== 'JSONPatch') return { kind: 'failed', reason: `unsupported patch type ${JSON.stringify(response.patchType)}` };
    let patch: Operation[];
    try {
      patch = JSON.parse(Buffer.from(response.patch, 'base64').toString('utf8')) as Operation[];
      if (!Array.isArray(patch)) throw new Error('a JSON patch is an array of operations');
    } catch (err) {
      return { kind: 'failed', reason: `received undecodable patch in webhook response: ${(err as Error).message}` };
    }
    return { kind: 'allowed', warnings, patch };
  }
}
