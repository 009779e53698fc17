// The chart's templates/ from the objects config/default builds: one file per object, in a folder
// named after the config/ folder it comes from, each kept only when the toggle of its part is on.
// Names stay as kustomize made them; the namespace becomes the release's, and every object gets
// Helm's labels (the `chart.labels` helper).
import { UsageError } from '../../../project/usage-error.js';
import type { KubeObject } from './kustomize-build.js';
import { managerTemplate, metricsCertsOn, type Json } from './manager-template.js';
import { Expr, Lines, templateText, When } from './template-yaml.js';

export interface ChartTemplate {
  path: string;
  body: string;
}

/** What the chart is made from: config/default as it is, and with its optional sections on. */
export interface ChartSource {
  /** config/default as the project has it: what the default values render. */
  defaults: KubeObject[];
  /** config/default with prometheus and the network policies switched on: every part a toggle can add. */
  all: KubeObject[];
}

const releaseNamespace = '{{ .Release.Namespace }}';
const certManagerAnnotation = 'cert-manager.io/inject-ca-from';

/** The namespace config/default puts its objects in. */
export function namespaceOf(objects: KubeObject[]): string {
  const ns = objects.find((o) => o.kind === 'Namespace')?.metadata.name ?? objects.find((o) => o.metadata.namespace)?.metadata.namespace;
  if (!ns) throw new UsageError('helm/v2-alpha: config/default/kustomization.yaml sets no namespace (the chart installs into the release\'s namespace in its place)');
  return ns;
}

/** Strings naming the namespace (alone, or in a DNS name or a namespace/name) name the release's. */
function withReleaseNamespace(value: unknown, ns: string): unknown {
  if (typeof value === 'string') {
    const token = new RegExp(`(?<![A-Za-z0-9-])${ns.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9-])`, 'g');
    if (!token.test(value)) return value;
    if (value === ns) return new Expr(releaseNamespace);
    const parts = value.split(token).map((p) => JSON.stringify(p).slice(1, -1));
    return new Expr(`"${parts.join(releaseNamespace)}"`);
  }
  if (Array.isArray(value)) return value.map((v) => withReleaseNamespace(v, ns));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withReleaseNamespace(v, ns)]));
  return value;
}

/** metadata.labels with kustomize's managed-by label replaced by Helm's labels. */
function helmLabels(labels: Record<string, string> | undefined): Lines {
  const own = Object.entries(labels ?? {}).filter(([k]) => k !== 'app.kubernetes.io/managed-by');
  return new Lines((key, indent) => {
    const pad = ' '.repeat(indent);
    return [
      `${pad}${key}:`,
      ...own.map(([k, v]) => `${pad}  ${k}: ${JSON.stringify(v)}`),
      `${pad}  {{- include "chart.labels" . | nindent ${indent + 2} }}`,
    ];
  });
}

/** A webhook client config: the CA the self-signed certificate was made with when cert-manager is off. */
function selfSignedCABundle(clientConfig: Json): Json {
  return {
    ...clientConfig,
    caBundle: new When('not .Values.certManager.enable', new Expr('{{ include "chart.webhookCA" . }}')),
  };
}

function prepare(o: KubeObject, ns: string): Json {
  const { metadata, ...rest } = o;
  const meta: Json = { ...metadata };
  if (metadata.namespace !== undefined) meta.namespace = new Expr(releaseNamespace);
  meta.labels = helmLabels(metadata.labels);
  const annotations = metadata.annotations ? withReleaseNamespace(metadata.annotations, ns) as Json : undefined;
  if (annotations && certManagerAnnotation in annotations) {
    annotations[certManagerAnnotation] = new When('.Values.certManager.enable', annotations[certManagerAnnotation]);
  }
  if (annotations) meta.annotations = annotations;
  else delete meta.annotations;
  const body = o.kind === 'CustomResourceDefinition'
    ? { ...rest, spec: { ...(rest.spec as Json), conversion: withReleaseNamespace((rest.spec as Json).conversion, ns) } }
    : withReleaseNamespace(rest, ns) as Json;
  return { apiVersion: body.apiVersion, kind: body.kind, metadata: meta, ...body };
}

function crdTemplate(obj: Json): Json {
  const meta = obj.metadata as Json;
  const keep = new When('.Values.crd.keep', 'keep');
  meta.annotations = meta.annotations
    ? { ...(meta.annotations as Json), 'helm.sh/resource-policy': keep }
    : new When('.Values.crd.keep', { 'helm.sh/resource-policy': 'keep' });
  const spec = { ...(obj.spec as Json) };
  const conversion = spec.conversion as Json | undefined;
  if (conversion?.strategy === 'Webhook') {
    const webhook = conversion.webhook as Json;
    spec.conversion = new When('.Values.webhook.enable', { ...conversion, webhook: { ...webhook, clientConfig: selfSignedCABundle(webhook.clientConfig as Json) } });
  }
  return { ...obj, spec };
}

function webhookConfigurationTemplate(obj: Json): Json {
  const webhooks = ((obj.webhooks ?? []) as Json[]).map((w) => ({ ...w, clientConfig: selfSignedCABundle(w.clientConfig as Json) }));
  return { ...obj, webhooks };
}

/** The metrics Service's ports follow metrics.port when they are config/'s metrics port. */
function metricsServiceTemplate(obj: Json, port: number | undefined): Json {
  const spec = obj.spec as Json;
  const ports = ((spec.ports ?? []) as Json[]).map((p) => ({
    ...p,
    ...(p.port === port ? { port: new Expr('{{ .Values.metrics.port }}') } : {}),
    ...(p.targetPort === port ? { targetPort: new Expr('{{ .Values.metrics.port }}') } : {}),
  }));
  return { ...obj, spec: { ...spec, ports } };
}

interface Placement {
  folder: string;
  cond?: string;
}

/** The manager's Deployment (config/manager/manager.yaml's controller-manager); other Deployments stay as config/ has them. */
export const isManager = (o: KubeObject) => o.kind === 'Deployment' && o.metadata.name.endsWith('-controller-manager');
const isHelperRole = (o: KubeObject) => o.kind === 'ClusterRole' && /-(admin|editor|viewer)-role$/.test(o.metadata.name);
const isMetricsAuth = (o: KubeObject) => /-metrics-(auth-role|auth-rolebinding|reader)$/.test(o.metadata.name);
const isMetricsService = (o: KubeObject) => o.kind === 'Service' && o.metadata.name.endsWith('-metrics-service');
const isWebhookService = (o: KubeObject) => o.kind === 'Service' && o.metadata.name.endsWith('-webhook-service');

/** Where an object's template goes, and the toggle it needs. */
function placement(o: KubeObject): Placement | undefined {
  switch (o.kind) {
    case 'Namespace': return undefined; // the release's namespace: `helm install --namespace <ns> --create-namespace`
    case 'CustomResourceDefinition': return { folder: 'crd', cond: '.Values.crd.enable' };
    case 'Deployment': return isManager(o) ? { folder: 'manager' } : { folder: 'extra' };
    case 'ServiceAccount': case 'Role': case 'ClusterRole': case 'RoleBinding': case 'ClusterRoleBinding':
      if (isHelperRole(o)) return { folder: 'rbac', cond: '.Values.rbacHelpers.enable' };
      if (isMetricsAuth(o)) return { folder: 'metrics', cond: '.Values.metrics.enable' };
      return { folder: 'rbac' };
    case 'Service':
      if (isMetricsService(o)) return { folder: 'metrics', cond: '.Values.metrics.enable' };
      if (isWebhookService(o)) return { folder: 'webhook', cond: '.Values.webhook.enable' };
      return { folder: 'extra' };
    case 'MutatingWebhookConfiguration': case 'ValidatingWebhookConfiguration': return { folder: 'webhook', cond: '.Values.webhook.enable' };
    case 'Certificate':
      if (o.metadata.name.endsWith('-metrics-certs')) return { folder: 'cert-manager', cond: metricsCertsOn };
      return { folder: 'cert-manager', cond: 'and .Values.certManager.enable .Values.webhook.enable' };
    case 'Issuer': return { folder: 'cert-manager', cond: '.Values.certManager.enable' };
    case 'ServiceMonitor': return { folder: 'prometheus', cond: 'and .Values.prometheus.enable .Values.metrics.enable' };
    case 'NetworkPolicy': {
      const part = o.metadata.name.endsWith('-allow-webhook-traffic') ? '.Values.webhook.enable' : '.Values.metrics.enable';
      return { folder: 'network-policy', cond: `and .Values.networkPolicy.enable ${part}` };
    }
    default: return { folder: 'extra' };
  }
}

/**
 * The file name of an object's template: its name without the project's prefix, with its kind when
 * another object has that name too (the ServiceAccount and the Deployment, say).
 */
function fileName(o: KubeObject, prefix: string, shared: Set<string>): string {
  const name = o.metadata.name.startsWith(prefix) && o.kind !== 'CustomResourceDefinition' ? o.metadata.name.slice(prefix.length) : o.metadata.name;
  return `${name}${shared.has(o.metadata.name) ? `-${o.kind.toLowerCase()}` : ''}.yaml`;
}

/** The webhook server's certificate Secret when cert-manager is off: Helm makes it (see chart.webhookCert). */
export const selfSignedSecretTemplate = (secretName: string): string => `{{- if and .Values.webhook.enable (not .Values.certManager.enable) }}
# cert-manager is off: the webhook server's certificate is made by Helm at install and upgrade,
# signed by a CA of its own that the webhook configurations (and conversion webhooks) trust.
apiVersion: v1
kind: Secret
type: kubernetes.io/tls
metadata:
  name: ${secretName}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "chart.labels" . | nindent 4 }}
data:
  ca.crt: {{ include "chart.webhookCA" . }}
  tls.crt: {{ include "chart.webhookCert" . | fromJson | dig "crt" "" }}
  tls.key: {{ include "chart.webhookCert" . | fromJson | dig "key" "" }}
{{- end }}
`;

/** Every template of the chart, by path under the chart. */
export function chartTemplates(source: ChartSource, projectName: string, port: number | undefined): ChartTemplate[] {
  const ns = namespaceOf(source.defaults);
  const prefix = `${projectName}-`;
  const out: ChartTemplate[] = [];
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const o of source.all) (seen.has(o.metadata.name) ? shared : seen).add(o.metadata.name);
  for (const o of source.all) {
    const where = placement(o);
    if (!where) continue;
    let obj = prepare(o, ns);
    if (isManager(o)) obj = managerTemplate(obj);
    else if (o.kind === 'CustomResourceDefinition') obj = crdTemplate(obj);
    else if (o.kind === 'MutatingWebhookConfiguration' || o.kind === 'ValidatingWebhookConfiguration') obj = webhookConfigurationTemplate(obj);
    else if (isMetricsService(o)) obj = metricsServiceTemplate(obj, port);
    const text = templateText(obj);
    const body = where.cond ? `{{- if ${where.cond} }}\n${text}{{- end }}\n` : text;
    out.push({ path: `templates/${where.folder}/${fileName(o, prefix, shared)}`, body });
  }
  const serving = source.all.find((o) => o.kind === 'Certificate' && !o.metadata.name.endsWith('-metrics-certs'));
  if (serving) out.push({ path: 'templates/webhook/self-signed-certificate-secret.yaml', body: selfSignedSecretTemplate(String((serving.spec as Json).secretName)) });
  return out;
}

/** The parts config/default switches on: the defaults of the chart's toggles. */
export function toggleDefaults(defaults: KubeObject[]): Record<string, boolean> {
  const has = (test: (o: KubeObject) => boolean) => defaults.some(test);
  return {
    metrics: has(isMetricsService),
    webhook: has((o) => o.kind.endsWith('WebhookConfiguration') || isWebhookService(o)),
    certManager: has((o) => o.kind === 'Issuer' || o.kind === 'Certificate'),
    prometheus: has((o) => o.kind === 'ServiceMonitor'),
    networkPolicy: has((o) => o.kind === 'NetworkPolicy'),
    rbacHelpers: has(isHelperRole),
  };
}
