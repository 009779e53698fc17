// The manager Deployment as a template: the values (image, replicas, args, env, resources, security
// contexts, scheduling) replace what config/ sets, and the parts the metrics, webhook and
// cert-manager toggles add are kept only when they are on. What config/ sets becomes the default
// of each value (values.ts), so that the default values render config/'s Deployment.
import { Expr, Lines, valuesBlock, When } from './template-yaml.js';

export type Json = Record<string, unknown>;

/** The metrics address flag scaffolder/runtime's parseManagerFlags reads; the port is metrics.port. */
const metricsAddress = '--metrics-bind-address=';
const metricsCertPath = '--metrics-cert-path=';
const webhookCertPath = '--webhook-cert-path=';

// config/'s names (templates/init, templates/webhook): the webhook server's port and certificate
// volume, and the metrics certificate volume cert_metrics_manager_patch.yaml adds.
const webhookPortName = 'webhook-server';
const webhookVolume = 'webhook-certs';
const metricsVolume = 'metrics-certs';

export const metricsCertsOn = 'and .Values.metrics.enable .Values.certManager.enable';

/** The manager's container: the one named manager, else the first. */
export function managerContainer(deployment: Json): Json {
  const containers = ((((deployment.spec as Json).template as Json).spec as Json).containers ?? []) as Json[];
  return containers.find((c) => c.name === 'manager') ?? containers[0];
}

/** The manager's own arguments: those the toggles do not own. */
export function ownArgs(args: string[]): string[] {
  return args.filter((a) => !a.startsWith(metricsAddress) && !a.startsWith(metricsCertPath) && !a.startsWith(webhookCertPath));
}

/** The metrics port config/ binds (`--metrics-bind-address=:8443`), if it binds one. */
export function metricsPort(args: string[]): number | undefined {
  const arg = args.find((a) => a.startsWith(metricsAddress));
  const port = arg ? Number(/:(\d+)$/.exec(arg)?.[1]) : NaN;
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

function argsTemplate(args: string[]): unknown[] {
  const out: unknown[] = [];
  let own = false;
  for (const a of args) {
    if (a.startsWith(metricsAddress)) out.push(new When('.Values.metrics.enable', new Expr(`--metrics-bind-address=:{{ .Values.metrics.port }}`)));
    else if (a.startsWith(metricsCertPath)) out.push(new When(metricsCertsOn, a));
    else if (a.startsWith(webhookCertPath)) out.push(new When('.Values.webhook.enable', a));
    else if (!own) {
      own = true;
      out.push(new Lines((_, indent) => [`${' '.repeat(indent)}{{- range .Values.manager.args }}`, `${' '.repeat(indent)}- {{ . | quote }}`, `${' '.repeat(indent)}{{- end }}`]));
    }
  }
  if (!own) out.push(new Lines((_, indent) => [`${' '.repeat(indent)}{{- range .Values.manager.args }}`, `${' '.repeat(indent)}- {{ . | quote }}`, `${' '.repeat(indent)}{{- end }}`]));
  return out;
}

function byName(list: unknown, conditions: Record<string, string>): unknown[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.map((item: Json) => (typeof item.name === 'string' && conditions[item.name] ? new When(conditions[item.name], item) : item));
}

/** The Deployment (namespace already a template expression) as a template object. */
export function managerTemplate(deployment: Json): Json {
  const spec = { ...(deployment.spec as Json) };
  const template = { ...(spec.template as Json) };
  const podSpec = { ...(template.spec as Json) };
  const manager = managerContainer(deployment);
  const container: Json = { ...manager };
  container.image = new Expr('"{{ .Values.manager.image.repository }}:{{ .Values.manager.image.tag }}"');
  container.imagePullPolicy = new Lines((key, indent) => [
    `${' '.repeat(indent)}{{- with .Values.manager.image.pullPolicy }}`,
    `${' '.repeat(indent)}${key}: {{ . }}`,
    `${' '.repeat(indent)}{{- end }}`,
  ]);
  container.args = argsTemplate((manager.args ?? []) as string[]);
  container.env = valuesBlock('.Values.manager.env');
  container.resources = valuesBlock('.Values.manager.resources');
  container.securityContext = valuesBlock('.Values.manager.securityContext');
  const ports = byName(manager.ports, { [webhookPortName]: '.Values.webhook.enable' });
  if (ports) container.ports = ports;
  const mounts = byName(manager.volumeMounts, { [webhookVolume]: '.Values.webhook.enable', [metricsVolume]: metricsCertsOn });
  if (mounts) container.volumeMounts = mounts;
  podSpec.containers = ((podSpec.containers ?? []) as Json[]).map((c) => (c === manager ? container : c));
  const volumes = byName(podSpec.volumes, { [webhookVolume]: '.Values.webhook.enable', [metricsVolume]: metricsCertsOn });
  if (volumes) podSpec.volumes = volumes;
  podSpec.securityContext = valuesBlock('.Values.manager.podSecurityContext');
  podSpec.imagePullSecrets = valuesBlock('.Values.manager.imagePullSecrets');
  podSpec.nodeSelector = valuesBlock('.Values.manager.nodeSelector');
  podSpec.affinity = valuesBlock('.Values.manager.affinity');
  podSpec.tolerations = valuesBlock('.Values.manager.tolerations');
  template.spec = podSpec;
  spec.template = template;
  spec.replicas = new Expr('{{ .Values.manager.replicas }}');
  return { ...deployment, spec };
}

/** The manager settings values.yaml starts from: what config/'s Deployment has. */
export function managerDefaults(deployment: Json): Json {
  const manager = managerContainer(deployment);
  const podSpec = ((deployment.spec as Json).template as Json).spec as Json;
  const image = typeof manager.image === 'string' ? manager.image : 'controller:latest';
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  const [repository, tag] = colon > slash ? [image.slice(0, colon), image.slice(colon + 1)] : [image, 'latest'];
  return {
    replicas: (deployment.spec as Json).replicas ?? 1,
    image: { repository, tag, pullPolicy: manager.imagePullPolicy ?? '' },
    args: ownArgs((manager.args ?? []) as string[]),
    env: manager.env ?? [],
    imagePullSecrets: podSpec.imagePullSecrets ?? [],
    podSecurityContext: podSpec.securityContext ?? {},
    securityContext: manager.securityContext ?? {},
    resources: manager.resources ?? {},
    affinity: podSpec.affinity ?? {},
    nodeSelector: podSpec.nodeSelector ?? {},
    tolerations: podSpec.tolerations ?? [],
  };
}
