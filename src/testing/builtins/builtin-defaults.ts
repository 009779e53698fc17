/**
 * The scheme defaults kube-apiserver sets on built-in kinds at every write (SetDefaults_* in
 * k8s.io/kubernetes/pkg/apis/.../v1/defaults.go), for the fields controllers commonly compare:
 * without them a reconciler that diffs desired against actual state would see a difference forever.
 */
import { childObject, isPlainObject, setDefault, type KubeObject } from '../model/object.js';

type Obj = Record<string, unknown>;

function imageTag(image: string): string | undefined {
  const lastSlash = image.lastIndexOf('/');
  const name = image.slice(lastSlash + 1).split('@')[0];
  const colon = name.indexOf(':');
  return colon < 0 ? undefined : name.slice(colon + 1);
}

/** SetDefaults_HTTPGetAction, wherever one is (probes, lifecycle hooks). */
function defaultHTTPGet(handler: unknown): void {
  if (!isPlainObject(handler) || !isPlainObject(handler.httpGet)) return;
  if (!handler.httpGet.path) handler.httpGet.path = '/';
  if (!handler.httpGet.scheme) handler.httpGet.scheme = 'HTTP';
}

/** SetDefaults_Probe: zero (or unset) timings take Kubernetes' defaults. */
function defaultProbe(probe: unknown): void {
  if (!isPlainObject(probe)) return;
  for (const [key, value] of [['timeoutSeconds', 1], ['periodSeconds', 10], ['successThreshold', 1], ['failureThreshold', 3]] as const) {
    if (!probe[key]) probe[key] = value;
  }
  defaultHTTPGet(probe);
}

function defaultContainer(c: Obj, hostNetwork: boolean): void {
  for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe']) defaultProbe(c[key]);
  if (isPlainObject(c.lifecycle)) for (const hook of ['postStart', 'preStop']) defaultHTTPGet(c.lifecycle[hook]);
  // With host networking a container port is a host port too (defaultHostNetworkPorts).
  if (hostNetwork && Array.isArray(c.ports)) for (const p of c.ports) if (isPlainObject(p) && !p.hostPort) p.hostPort = p.containerPort;
  const tag = typeof c.image === 'string' ? imageTag(c.image) : undefined;
  setDefault(c, 'imagePullPolicy', tag === undefined || tag === 'latest' ? 'Always' : 'IfNotPresent');
  setDefault(c, 'terminationMessagePath', '/dev/termination-log');
  setDefault(c, 'terminationMessagePolicy', 'File');
  setDefault(c, 'resources', {});
  if (Array.isArray(c.ports)) for (const p of c.ports) if (isPlainObject(p)) setDefault(p, 'protocol', 'TCP');
  if (Array.isArray(c.env)) {
    for (const e of c.env) {
      const fieldRef = isPlainObject(e) && isPlainObject(e.valueFrom) ? e.valueFrom.fieldRef : undefined;
      if (isPlainObject(fieldRef)) setDefault(fieldRef, 'apiVersion', 'v1');
    }
  }
}

/** SetDefaults_PodSpec and the container defaults. */
export function defaultPodSpec(spec: Obj, restartPolicy = 'Always'): void {
  setDefault(spec, 'restartPolicy', restartPolicy);
  setDefault(spec, 'dnsPolicy', 'ClusterFirst');
  setDefault(spec, 'schedulerName', 'default-scheduler');
  setDefault(spec, 'terminationGracePeriodSeconds', 30);
  setDefault(spec, 'securityContext', {});
  for (const key of ['containers', 'initContainers']) {
    const list = spec[key];
    if (Array.isArray(list)) for (const c of list) if (isPlainObject(c)) defaultContainer(c, spec.hostNetwork === true);
  }
  if (Array.isArray(spec.volumes)) for (const v of spec.volumes) if (isPlainObject(v)) defaultVolume(v);
}

/** The volume sources whose files get mode 0644 unless they say (SetDefaults_*VolumeSource). */
const MODE_SOURCES = ['secret', 'configMap', 'downwardAPI', 'projected'];

/** SetDefaults_Volume and its sources: a volume naming no source is an emptyDir. */
function defaultVolume(v: Obj): void {
  if (Object.keys(v).every((k) => k === 'name')) v.emptyDir = {};
  for (const key of MODE_SOURCES) if (isPlainObject(v[key])) setDefault(v[key], 'defaultMode', 0o644);
}

/** SetDefaults_Pod (a Pod's, not a template's): service links on, and a container's limits as its unset requests. */
function defaultPod(o: KubeObject): void {
  const spec = childObject(o, 'spec');
  setDefault(spec, 'enableServiceLinks', true);
  for (const key of ['containers', 'initContainers']) {
    const list = spec[key];
    if (!Array.isArray(list)) continue;
    for (const c of list) {
      const resources = isPlainObject(c) && isPlainObject(c.resources) ? c.resources : undefined;
      if (!resources || !isPlainObject(resources.limits)) continue;
      const requests = childObject(resources, 'requests');
      for (const [name, limit] of Object.entries(resources.limits)) setDefault(requests, name, limit);
    }
  }
  defaultPodSpec(spec);
}

/** A Deployment's or DaemonSet's strategy: RollingUpdate unless set, its unset limits filled in. */
function defaultRollingUpdate(strategy: Obj, limits: { maxUnavailable: string | number; maxSurge: string | number }): void {
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type !== 'RollingUpdate') return;
  const rollingUpdate = childObject(strategy, 'rollingUpdate');
  setDefault(rollingUpdate, 'maxUnavailable', limits.maxUnavailable);
  setDefault(rollingUpdate, 'maxSurge', limits.maxSurge);
}

function defaultTemplate(spec: Obj): void {
  defaultPodSpec(childObject(childObject(spec, 'template'), 'spec'));
}

export const BUILTIN_DEFAULTS: Record<string, (obj: KubeObject) => void> = {
  // Every named namespace carries its name as a label (SetDefaults_Namespace), on create and on every update,
  // so that webhooks and policies can select namespaces by name.
  Namespace: (o) => {
    const name = o.metadata?.name;
    if (typeof name === 'string' && name !== '') childObject(childObject(o, 'metadata'), 'labels')['kubernetes.io/metadata.name'] = name;
  },
  Pod: defaultPod,
  Service: (o) => {
    const spec = childObject(o, 'spec');
    setDefault(spec, 'type', 'ClusterIP');
    setDefault(spec, 'sessionAffinity', 'None');
    if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
    if (spec.sessionAffinity === 'ClientIP') {
      const config = isPlainObject(spec.sessionAffinityConfig) ? spec.sessionAffinityConfig : {};
      const clientIP = isPlainObject(config.clientIP) ? config.clientIP : {};
      if (clientIP.timeoutSeconds === undefined) spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: 10800 } };
    }
    const externallyAccessible = spec.type === 'NodePort' || spec.type === 'LoadBalancer' || (spec.type === 'ClusterIP' && Array.isArray(spec.externalIPs) && spec.externalIPs.length > 0);
    if (externallyAccessible && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
    if (spec.type !== 'ExternalName') setDefault(spec, 'internalTrafficPolicy', 'Cluster');
    if (spec.type === 'LoadBalancer') setDefault(spec, 'allocateLoadBalancerNodePorts', true);
    if (Array.isArray(spec.ports)) {
      for (const p of spec.ports) {
        if (!isPlainObject(p)) continue;
        setDefault(p, 'protocol', 'TCP');
        if (spec.type !== 'ExternalName') setDefault(p, 'targetPort', p.port);
      }
    }
  },
  Secret: (o) => {
    // stringData is write-only: the v1-to-internal conversion writes each entry over data (base64) and drops it.
    if (isPlainObject(o.stringData)) {
      const data = childObject(o, 'data');
      for (const [key, value] of Object.entries(o.stringData)) data[key] = Buffer.from(String(value), 'utf8').toString('base64');
    }
    delete o.stringData;
    setDefault(o, 'type', 'Opaque');
  },
  Deployment: (o) => {
    const spec = childObject(o, 'spec');
    setDefault(spec, 'replicas', 1);
    setDefault(spec, 'revisionHistoryLimit', 10);
    setDefault(spec, 'progressDeadlineSeconds', 600);
    defaultRollingUpdate(childObject(spec, 'strategy'), { maxUnavailable: '25%', maxSurge: '25%' });
    defaultTemplate(spec);
  },
  ReplicaSet: (o) => {
    const spec = childObject(o, 'spec');
    setDefault(spec, 'replicas', 1);
    defaultTemplate(spec);
  },
  StatefulSet: (o) => {
    const spec = childObject(o, 'spec');
    setDefault(spec, 'replicas', 1);
    if (!spec.podManagementPolicy) spec.podManagementPolicy = 'OrderedReady';
    setDefault(spec, 'revisionHistoryLimit', 10);
    const strategy = childObject(spec, 'updateStrategy');
    if (!strategy.type) {
      strategy.type = 'RollingUpdate';
      setDefault(strategy, 'rollingUpdate', {});
    }
    if (strategy.type === 'RollingUpdate' && isPlainObject(strategy.rollingUpdate)) setDefault(strategy.rollingUpdate, 'partition', 0);
    setDefault(spec, 'persistentVolumeClaimRetentionPolicy', { whenDeleted: 'Retain', whenScaled: 'Retain' });
    defaultTemplate(spec);
  },
  DaemonSet: (o) => {
    const spec = childObject(o, 'spec');
    setDefault(spec, 'revisionHistoryLimit', 10);
    defaultRollingUpdate(childObject(spec, 'updateStrategy'), { maxUnavailable: 1, maxSurge: 0 });
    defaultTemplate(spec);
  },
  Job: (o) => {
    const spec = childObject(o, 'spec');
    // A work-queue Job (parallelism without completions) keeps completions unset.
    if (spec.completions === undefined && spec.parallelism === undefined) spec.completions = 1;
    setDefault(spec, 'parallelism', 1);
    setDefault(spec, 'backoffLimit', spec.backoffLimitPerIndex === undefined ? 6 : 2147483647);
    // Go assigns the template's label map itself, so a Job without labels and its template share one
    // map: the labels the create adds to the template (the generated selector's) are the Job's too.
    const templateLabels = isPlainObject(spec.template) && isPlainObject(spec.template.metadata) ? spec.template.metadata.labels : undefined;
    const meta = childObject(o, 'metadata');
    if (isPlainObject(templateLabels) && (!isPlainObject(meta.labels) || Object.keys(meta.labels).length === 0)) meta.labels = templateLabels;
    setDefault(spec, 'completionMode', 'NonIndexed');
    setDefault(spec, 'suspend', false);
    setDefault(spec, 'podReplacementPolicy', spec.podFailurePolicy === undefined ? 'TerminatingOrFailed' : 'Failed');
    setDefault(spec, 'manualSelector', false);
    defaultTemplate(spec);
  },
  CronJob: (o) => {
    const spec = childObject(o, 'spec');
    setDefault(spec, 'concurrencyPolicy', 'Allow');
    setDefault(spec, 'suspend', false);
    setDefault(spec, 'successfulJobsHistoryLimit', 3);
    setDefault(spec, 'failedJobsHistoryLimit', 1);
    const jobSpec = childObject(childObject(spec, 'jobTemplate'), 'spec');
    defaultTemplate(jobSpec);
  },
  PersistentVolume: (o) => {
    setDefault(childObject(o, 'status'), 'phase', 'Pending');
    const spec = childObject(o, 'spec');
    setDefault(spec, 'persistentVolumeReclaimPolicy', 'Retain');
    setDefault(spec, 'volumeMode', 'Filesystem');
  },
  PersistentVolumeClaim: (o) => {
    setDefault(childObject(o, 'status'), 'phase', 'Pending');
    setDefault(childObject(o, 'spec'), 'volumeMode', 'Filesystem');
  },
  // autoscaling/v2 (the storage version; v1's defaults are in hpa-conversion.ts): one CPU utilization metric at 80% when none is given; a
  // behavior that is given gets every unset rule filled (scale-down keeps no stabilization window,
  // the controller-manager's flag decides it).
  HorizontalPodAutoscaler: (o) => {
    const spec = childObject(o, 'spec');
    setDefault(spec, 'minReplicas', 1);
    if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
      spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }];
    }
    if (isPlainObject(spec.behavior)) {
      const scaleUp = childObject(spec.behavior, 'scaleUp');
      setDefault(scaleUp, 'stabilizationWindowSeconds', 0);
      setDefault(scaleUp, 'selectPolicy', 'Max');
      setDefault(scaleUp, 'policies', [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }]);
      const scaleDown = childObject(spec.behavior, 'scaleDown');
      setDefault(scaleDown, 'selectPolicy', 'Max');
      setDefault(scaleDown, 'policies', [{ type: 'Percent', value: 100, periodSeconds: 15 }]);
    }
  },
  StorageClass: (o) => {
    setDefault(o, 'reclaimPolicy', 'Delete');
    setDefault(o, 'volumeBindingMode', 'Immediate');
  },
  CSIDriver: (o) => {
    const spec = childObject(o, 'spec');
    setDefault(spec, 'attachRequired', true);
    setDefault(spec, 'podInfoOnMount', false);
    setDefault(spec, 'storageCapacity', false);
    setDefault(spec, 'fsGroupPolicy', 'ReadWriteOnceWithFSType');
    if (!Array.isArray(spec.volumeLifecycleModes) || spec.volumeLifecycleModes.length === 0) spec.volumeLifecycleModes = ['Persistent'];
    setDefault(spec, 'requiresRepublish', false);
    // Behind SELinuxMountReadWriteOncePod, on by default.
    setDefault(spec, 'seLinuxMount', false);
  },
  NetworkPolicy: (o) => {
    const spec = childObject(o, 'spec');
    if (!Array.isArray(spec.policyTypes) || spec.policyTypes.length === 0) {
      spec.policyTypes = Array.isArray(spec.egress) && spec.egress.length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
    }
    for (const key of ['ingress', 'egress']) {
      const rules = spec[key];
      if (!Array.isArray(rules)) continue;
      for (const rule of rules) {
        const ports = isPlainObject(rule) ? rule.ports : undefined;
        if (Array.isArray(ports)) for (const port of ports) if (isPlainObject(port)) setDefault(port, 'protocol', 'TCP');
      }
    }
  },
  IngressClass: (o) => {
    const parameters = isPlainObject(o.spec) ? o.spec.parameters : undefined;
    if (isPlainObject(parameters)) setDefault(parameters, 'scope', 'Cluster');
  },
  PriorityClass: (o) => setDefault(o, 'preemptionPolicy', 'PreemptLowerPriority'),
  EndpointSlice: (o) => {
    if (!Array.isArray(o.ports)) return;
    for (const port of o.ports) {
      if (!isPlainObject(port)) continue;
      setDefault(port, 'name', '');
      setDefault(port, 'protocol', 'TCP');
    }
  },
  // apiextensions/v1 SetDefaults_CustomResourceDefinitionSpec (names; conversion None; service port).
  CustomResourceDefinition: (o) => {
    const spec = childObject(o, 'spec');
    const names = childObject(spec, 'names');
    const kind = typeof names.kind === 'string' ? names.kind : '';
    if (!names.singular) names.singular = kind.toLowerCase();
    if (!names.listKind && kind !== '') names.listKind = `${kind}List`;
    if (!isPlainObject(spec.conversion)) spec.conversion = { strategy: 'None' };
    const service = (((spec.conversion as Obj).webhook as Obj | undefined)?.clientConfig as Obj | undefined)?.service;
    if (isPlainObject(service)) setDefault(service, 'port', 443);
  },
};
