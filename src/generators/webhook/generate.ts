/**
 * config/webhook/manifests.yaml from `+kubebuilder:webhook` markers: at most one
 * MutatingWebhookConfiguration (first) and one ValidatingWebhookConfiguration, webhooks sorted by name,
 * with controller-gen's normalisations and checks. Every problem is a Diagnostic at its marker.
 */
import { type Diagnostic, type MarkedValue, type MarkerValueOf, markersOf, type SourceLocation, type TypedMarkedValue } from '../../markers/index.js';
import { WEBHOOK_CONFIGURATION_DEFINITION, WEBHOOK_CONFIGURATION_MARKER, WEBHOOK_DEFINITION, WEBHOOK_MARKER } from './markers.js';
import { applyWebhookPatch } from './patch.js';
import type { RuleWithOperations, Webhook, WebhookClientConfig, WebhookConfiguration } from './types.js';

const DEFAULT_SERVICE_NAME = 'webhook-service';
const DEFAULT_SERVICE_NAMESPACE = 'system';
const SUPPORTED_WEBHOOK_VERSIONS = ['v1'];

export interface WebhookResult {
  /** Mutating first, then validating; empty when there are no webhook markers. */
  readonly configurations: WebhookConfiguration[];
  readonly diagnostics: Diagnostic[];
}

type Args = MarkerValueOf<typeof WEBHOOK_DEFINITION>;
type ConfigurationMarker = TypedMarkedValue<typeof WEBHOOK_CONFIGURATION_DEFINITION>;

class WebhookMarkerError extends Error {}

function fail(message: string): never {
  throw new WebhookMarkerError(message);
}

/** Case-insensitive match against the API's spellings; unknown values pass through or fail. */
function canonical<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a.toLowerCase() === value.toLowerCase());
}

const OPERATIONS = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT', '*'];

/** controller-gen passes unknown verbs through and the API server rejects them later; we say so now. */
function operation(verb: string): string {
  const op = canonical(verb, OPERATIONS);
  if (op === undefined) throw new WebhookMarkerError(`unknown verb ${JSON.stringify(verb)} (${OPERATIONS.join(', ')}, in any case)`);
  return op;
}

function clientConfig(args: Args): WebhookClientConfig {
  const path = args.path ?? '';
  const url = args.url ?? '';
  if ((path !== '') === (url !== '')) throw new WebhookMarkerError('`url` or `path` is required, and only one of them may be given');
  if (url !== '') return { url };
  const service: WebhookClientConfig['service'] = {
    name: args.serviceName || DEFAULT_SERVICE_NAME,
    namespace: args.serviceNamespace || DEFAULT_SERVICE_NAMESPACE,
    path,
  };
  if (args.servicePort !== undefined) service.port = args.servicePort;
  return { service };
}

function rules(args: Args): RuleWithOperations[] {
  return [
    {
      apiGroups: args.groups.map((g) => (g === 'core' ? '' : g)),
      apiVersions: [...args.versions],
      operations: args.verbs.map(operation),
      resources: [...args.resources],
    },
  ];
}

function webhookFrom(args: Args): Webhook {
  const mutating = args.mutating;
  const failurePolicy = args.failurePolicy;
  const webhook: Webhook = {
    name: args.name,
    admissionReviewVersions: [...args.admissionReviewVersions],
    clientConfig: clientConfig(args),
    failurePolicy: canonical(failurePolicy, ['Ignore', 'Fail']) ?? fail(`unknown value ${JSON.stringify(failurePolicy)} for failurePolicy (Fail or Ignore)`),
    rules: rules(args),
  };
  const matchPolicy = args.matchPolicy ?? '';
  if (matchPolicy !== '') {
    const m = canonical(matchPolicy, ['Exact', 'Equivalent']);
    if (m === undefined) throw new WebhookMarkerError(`unknown value ${JSON.stringify(matchPolicy)} for matchPolicy (Exact or Equivalent)`);
    webhook.matchPolicy = m;
  }
  const sideEffects = args.sideEffects ?? '';
  if (sideEffects !== '') {
    const s = canonical(sideEffects, ['None', 'NoneOnDryRun', 'Some', 'Unknown']);
    if (s === undefined) throw new WebhookMarkerError(`unknown value ${JSON.stringify(sideEffects)} for sideEffects (None or NoneOnDryRun)`);
    webhook.sideEffects = s;
  }
  const timeout = args.timeoutSeconds;
  if (timeout !== undefined && timeout !== 0) webhook.timeoutSeconds = timeout;
  const reinvocation = args.reinvocationPolicy ?? '';
  if (reinvocation !== '') {
    const r = canonical(reinvocation, ['Never', 'IfNeeded']);
    if (r === undefined) throw new WebhookMarkerError(`unknown value ${JSON.stringify(reinvocation)} for reinvocationPolicy (Never or IfNeeded)`);
    // validating webhooks have no reinvocation; controller-gen drops it there
    if (mutating) webhook.reinvocationPolicy = r;
  }
  try {
    return applyWebhookPatch(webhook, args.patch ?? '');
  } catch (e) {
    throw new WebhookMarkerError(`invalid patch: ${(e as Error).message}`);
  }
}

/** The checks controller-gen makes on the final (patched) v1 webhook. */
function checkV1(webhook: Webhook): void {
  if (webhook.sideEffects === undefined) throw new WebhookMarkerError('sideEffects is required for v1 webhook configurations (None or NoneOnDryRun)');
  if (webhook.sideEffects === 'Some' || webhook.sideEffects === 'Unknown') {
    throw new WebhookMarkerError(`sideEffects must not be Some or Unknown for v1 webhook configurations, got ${webhook.sideEffects}`);
  }
  if (webhook.timeoutSeconds !== undefined && (webhook.timeoutSeconds < 1 || webhook.timeoutSeconds > 30)) {
    throw new WebhookMarkerError(`timeoutSeconds must be between 1 and 30 seconds, got ${webhook.timeoutSeconds}`);
  }
  if (webhook.admissionReviewVersions.length === 0) throw new WebhookMarkerError('admissionReviewVersions is required for v1 webhook configurations');
}

function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Builds the webhook configurations from the package markers of all API and webhook packages. */
export function generateWebhooks(markers: readonly MarkedValue[]): WebhookResult {
  const diagnostics: Diagnostic[] = [];
  const fail = (location: SourceLocation, message: string) => diagnostics.push({ severity: 'error', message, ...location });
  const configNames: { mutating?: ConfigurationMarker; validating?: ConfigurationMarker } = {};
  const mutating: Webhook[] = [];
  const validating: Webhook[] = [];

  for (const marker of markersOf(WEBHOOK_CONFIGURATION_DEFINITION, markers)) {
    const kind = marker.value.mutating ? 'mutating' : 'validating';
    const previous = configNames[kind];
    if (previous !== undefined) {
      fail(
        marker.location,
        `duplicate ${kind} +${WEBHOOK_CONFIGURATION_MARKER} (name ${JSON.stringify(marker.value.name ?? '')}); the first is at ${previous.location.file}:${previous.location.line}`,
      );
      continue;
    }
    configNames[kind] = marker;
  }

  for (const marker of markersOf(WEBHOOK_DEFINITION, markers)) {
    const args = marker.value;
    try {
      const versions = args.webhookVersions ?? [];
      const unsupported = versions.filter((v) => !SUPPORTED_WEBHOOK_VERSIONS.includes(v));
      if (unsupported.length > 0) {
        throw new WebhookMarkerError(`unsupported webhook version: ${unsupported.join(', ')} (only ${SUPPORTED_WEBHOOK_VERSIONS.join(', ')} is supported)`);
      }
      const webhook = webhookFrom(args);
      checkV1(webhook);
      (args.mutating ? mutating : validating).push(webhook);
    } catch (e) {
      if (!(e instanceof WebhookMarkerError)) throw e;
      fail(marker.location, `invalid +${WEBHOOK_MARKER} ${JSON.stringify(args.name)}: ${e.message}`);
    }
  }

  const configurations: WebhookConfiguration[] = [];
  const nameOf = (m: ConfigurationMarker | undefined, fallback: string) => m?.value.name || fallback;
  const addConfiguration = (kind: WebhookConfiguration['kind'], configName: ConfigurationMarker | undefined, defaultName: string, webhooks: Webhook[]) => {
    if (webhooks.length === 0) return;
    configurations.push({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind,
      metadata: { name: nameOf(configName, defaultName) },
      webhooks: webhooks.sort(byName),
    });
  };
  addConfiguration('MutatingWebhookConfiguration', configNames.mutating, 'mutating-webhook-configuration', mutating);
  addConfiguration('ValidatingWebhookConfiguration', configNames.validating, 'validating-webhook-configuration', validating);
  return { configurations, diagnostics };
}
