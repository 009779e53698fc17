// dist/chart/values.yaml: the knobs of the templates, each with a comment, their defaults what
// config/default deploys (so that `helm template` with them renders config/'s objects). Once
// written it is the user's: it is written again only with --force, and then every value the user's
// file sets is kept (see mergeValues).
import { parse, parseDocument, stringify } from 'yaml';
import { UsageError } from '../../../project/usage-error.js';
import type { Json } from './manager-template.js';

export interface ValuesInput {
  manager: Json;
  toggles: Record<string, boolean>;
  metricsPort: number;
}

function entry(comment: string | string[], key: string, value: unknown, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const comments = (Array.isArray(comment) ? comment : [comment]).map((c) => `${pad}# ${c}`);
  const text = stringify({ [key]: value }, { lineWidth: 0, indentSeq: false }).replace(/\n$/, '');
  return [...comments, ...text.split('\n').map((l) => pad + l)];
}

function section(comment: string[], key: string, body: string[]): string[] {
  return ['', ...comment.map((c) => `# ${c}`), `${key}:`, ...body];
}

/** The text of values.yaml for these defaults. */
export function valuesText(v: ValuesInput): string {
  const m = v.manager as Record<string, Json>;
  const image = m.image;
  const lines = [
    '# Values of this chart, made by scaffolder\'s helm/v2-alpha plugin from what config/default',
    '# deploys (kubectl kustomize config/default): with these defaults, `helm template` renders those',
    '# objects. `scaffolder edit --plugins helm/v2-alpha` (make helm) writes the templates again and',
    '# leaves this file as it is; with --force it writes it again, keeping every value set here.',
    ...section(['The controller manager Deployment (templates/manager/).'], 'manager', [
      ...entry('Manager pods to run; with --leader-elect one of them reconciles at a time.', 'replicas', m.replicas, 2),
      '  # The manager\'s image (make docker-build docker-push IMG=<repository>:<tag>).',
      '  image:',
      ...entry('The image\'s repository (registry and name).', 'repository', image.repository, 4),
      ...entry('The image\'s tag.', 'tag', image.tag, 4),
      ...entry('When the kubelet pulls it: IfNotPresent, Always or Never (empty: Kubernetes\' default, Always for :latest).', 'pullPolicy', image.pullPolicy, 4),
      ...entry(['The manager\'s command-line arguments; the metrics and webhook toggles below add their own', '(--metrics-bind-address, --webhook-cert-path, --metrics-cert-path).'], 'args', m.args, 2),
      ...entry('Environment variables of the manager container.', 'env', m.env, 2),
      ...entry('Secrets to pull the image with, e.g. [{name: regcred}].', 'imagePullSecrets', m.imagePullSecrets, 2),
      ...entry('The pod\'s security context (runAsNonRoot, seccompProfile, ...).', 'podSecurityContext', m.podSecurityContext, 2),
      ...entry('The manager container\'s security context.', 'securityContext', m.securityContext, 2),
      ...entry('CPU and memory the manager container requests and is limited to.', 'resources', m.resources, 2),
      ...entry('Pod affinity rules of the manager.', 'affinity', m.affinity, 2),
      ...entry('Node labels the manager\'s pods must run on.', 'nodeSelector', m.nodeSelector, 2),
      ...entry('Taints the manager\'s pods tolerate.', 'tolerations', m.tolerations, 2),
    ]),
    ...section(['The admin, editor and viewer ClusterRoles of each API (config/rbac/<kind>_*_role.yaml).'], 'rbacHelpers', [
      ...entry('Install them.', 'enable', v.toggles.rbacHelpers, 2),
    ]),
    ...section(['The CustomResourceDefinitions (templates/crd/).'], 'crd', [
      ...entry('Install and upgrade them with the chart.', 'enable', true, 2),
      ...entry('Keep them (and so every custom resource) when the release is uninstalled (helm.sh/resource-policy: keep).', 'keep', true, 2),
    ]),
    ...section(['The metrics endpoint: HTTPS, behind TokenReview and SubjectAccessReview (templates/metrics/).'], 'metrics', [
      ...entry('Serve /metrics, with its Service and the RBAC that guards it.', 'enable', v.toggles.metrics, 2),
      ...entry('The port the manager serves metrics on, and the Service\'s port.', 'port', v.metricsPort, 2),
    ]),
    ...section(['The admission and conversion webhooks (templates/webhook/).'], 'webhook', [
      ...entry('Register the webhooks and run the manager\'s webhook server.', 'enable', v.toggles.webhook, 2),
    ]),
    ...section(['Certificates from cert-manager (templates/cert-manager/), which must be installed in the cluster.', 'Off: the webhook certificate is a self-signed one Helm makes at each install and upgrade.'], 'certManager', [
      ...entry('Use cert-manager for the webhook (and, with metrics, the metrics) certificates.', 'enable', v.toggles.certManager, 2),
    ]),
    ...section(['The NetworkPolicies letting only labelled namespaces reach metrics and webhooks (templates/network-policy/).'], 'networkPolicy', [
      ...entry('Install them (namespaces need metrics: enabled / webhooks: enabled labels).', 'enable', v.toggles.networkPolicy, 2),
    ]),
    ...section(['A Prometheus ServiceMonitor of the metrics Service (templates/prometheus/); needs the Prometheus Operator.'], 'prometheus', [
      ...entry('Install it (with metrics.enable).', 'enable', v.toggles.prometheus, 2),
    ]),
  ];
  return `${lines.join('\n')}\n`;
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * values.yaml written again (--force): the new text, with every value the user's file sets put back,
 * but for the toggles (`<part>.enable`), which say what config/default holds now, and the manager's
 * environment, where config/'s new variables join the user's. Errors name the file and line.
 */
export function mergeValues(generated: string, current: string, file: string): string {
  let old: unknown;
  try {
    old = parse(current);
  } catch (err) {
    const line = (err as { linePos?: Array<{ line: number }> }).linePos?.[0]?.line ?? 1;
    throw new UsageError(`${file}:${line}: not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (old === null || old === undefined) return generated;
  if (!isMap(old)) throw new UsageError(`${file}: must be a mapping of values`);
  const doc = parseDocument(generated);
  const fresh = doc.toJS() as Record<string, unknown>;
  const put = (path: string[], value: unknown, base: unknown) => {
    const key = path[path.length - 1];
    if (key === 'enable' && path.length === 2 && typeof base === 'boolean') return;
    if (path.join('.') === 'manager.env' && Array.isArray(value) && Array.isArray(base)) {
      const names = new Set(value.map((e: { name?: unknown }) => e?.name));
      doc.setIn(path, doc.createNode([...(value as unknown[]), ...(base as { name?: unknown }[]).filter((e: { name?: unknown }) => !names.has(e?.name))]));
      return;
    }
    if (isMap(value) && isMap(base) && Object.keys(value).length > 0) {
      for (const [k, v] of Object.entries(value)) put([...path, k], v, base[k]);
      return;
    }
    doc.setIn(path, doc.createNode(value));
  };
  for (const [k, v] of Object.entries(old)) put([k], v, fresh[k]);
  return doc.toString({ lineWidth: 0, indentSeq: false });
}
