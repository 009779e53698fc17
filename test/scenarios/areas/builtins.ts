/**
 * Built-in kinds: validation and defaulting of Pods, Deployments, StatefulSets, DaemonSets, Jobs,
 * CronJobs, Services, ConfigMap and Secret keys, Events and Leases; Time and MicroTime values as
 * sent and as served.
 */
import type { Scenario, Session } from '../scenario.js';
import { MERGE, scenario } from './scenario-table.js';

const core = (s: Session, resource: string) => `/api/v1/namespaces/${s.ns}/${resource}`;
const group = (s: Session, gv: string, resource: string) => `/apis/${gv}/namespaces/${s.ns}/${resource}`;
const container = (extra: Record<string, unknown> = {}) => ({ name: 'c', image: 'busybox:1', ...extra });
const pod = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' }, spec: { containers: [container()], ...spec } });
const template = (spec: Record<string, unknown> = {}) => ({ metadata: { labels: { app: 'a' } }, spec: { containers: [container()], ...spec } });

const podRows: [string, Record<string, unknown>][] = [
  ['a minimal pod is defaulted', {}],
  ['no containers', { containers: [] }],
  ['a container without image', { containers: [{ name: 'c' }] }],
  ['two containers of one name', { containers: [container(), container()] }],
  ['a container name with capitals', { containers: [container({ name: 'C' })] }],
  ['restartPolicy Sometimes', { restartPolicy: 'Sometimes' }],
  ['a negative terminationGracePeriodSeconds', { terminationGracePeriodSeconds: -5 }],
  ['a port out of range', { containers: [container({ ports: [{ containerPort: 70000 }] })] }],
  ['two ports of one name', { containers: [container({ ports: [{ name: 'p', containerPort: 80 }, { name: 'p', containerPort: 81 }] })] }],
  ['a port protocol defaulted', { containers: [container({ ports: [{ containerPort: 80 }] })] }],
  ['requests above limits', { containers: [container({ resources: { requests: { cpu: '2' }, limits: { cpu: '1' } } })] }],
  ['limits only: requests defaulted', { containers: [container({ resources: { limits: { cpu: '500m', memory: '1Gi' } } })] }],
  ['a bad quantity', { containers: [container({ resources: { limits: { cpu: 'lots' } } })] }],
  ['an env var name with a space', { containers: [container({ env: [{ name: 'A B', value: 'x' }] })] }],
  ['an env var from a field', { containers: [container({ env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] })] }],
  ['a volume mount of a missing volume', { containers: [container({ volumeMounts: [{ name: 'v', mountPath: '/v' }] })] }],
  ['two volumes of one name', { volumes: [{ name: 'v', emptyDir: {} }, { name: 'v', emptyDir: {} }] }],
  ['a volume of two sources', { volumes: [{ name: 'v', emptyDir: {}, configMap: { name: 'x' } }] }],
  ['a configMap volume is defaulted', { volumes: [{ name: 'v', configMap: { name: 'x' } }] }],
  ['a probe is defaulted', { containers: [container({ livenessProbe: { httpGet: { port: 80 } } })] }],
  ['a probe with two handlers', { containers: [container({ livenessProbe: { httpGet: { port: 80 }, exec: { command: ['x'] } } })] }],
  ['imagePullPolicy of a latest image', { containers: [container({ image: 'nginx:latest' })] }],
  ['imagePullPolicy of an untagged image', { containers: [container({ image: 'nginx' })] }],
  ['a bad dnsPolicy', { dnsPolicy: 'Sometimes' }],
  ['an init container is defaulted', { initContainers: [container({ name: 'init' })] }],
  ['a sidecar init container', { initContainers: [container({ name: 'init', restartPolicy: 'Always' })] }],
  ['a toleration with an operator Exists and a value', { tolerations: [{ key: 'k', operator: 'Exists', value: 'v' }] }],
  ['a bad nodeSelector key', { nodeSelector: { '-x': 'y' } }],
  ['a hostPort without hostNetwork', { containers: [container({ ports: [{ containerPort: 80, hostPort: 8080 }] })] }],
  ['a securityContext runAsUser below 0', { securityContext: { runAsUser: -1 } }],
];

const workloadRows: [string, string, string, Record<string, unknown>][] = [
  ['deployment is defaulted', 'apps/v1', 'deployments', { selector: { matchLabels: { app: 'a' } }, template: template() }],
  ['deployment with a selector that does not match the template', 'apps/v1', 'deployments', { selector: { matchLabels: { app: 'b' } }, template: template() }],
  ['deployment without a selector', 'apps/v1', 'deployments', { template: template() }],
  ['deployment with an empty selector', 'apps/v1', 'deployments', { selector: {}, template: template() }],
  ['deployment with negative replicas', 'apps/v1', 'deployments', { replicas: -1, selector: { matchLabels: { app: 'a' } }, template: template() }],
  ['deployment with restartPolicy Never', 'apps/v1', 'deployments', { selector: { matchLabels: { app: 'a' } }, template: template({ restartPolicy: 'Never' }) }],
  ['deployment with maxSurge and maxUnavailable 0', 'apps/v1', 'deployments', { selector: { matchLabels: { app: 'a' } }, template: template(), strategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } }],
  ['deployment Recreate with rollingUpdate', 'apps/v1', 'deployments', { selector: { matchLabels: { app: 'a' } }, template: template(), strategy: { type: 'Recreate', rollingUpdate: { maxSurge: 1 } } }],
  ['deployment with a percentage maxSurge', 'apps/v1', 'deployments', { selector: { matchLabels: { app: 'a' } }, template: template(), strategy: { rollingUpdate: { maxSurge: '50%' } } }],
  ['statefulset is defaulted', 'apps/v1', 'statefulsets', { selector: { matchLabels: { app: 'a' } }, template: template(), serviceName: 's' }],
  ['statefulset with a bad podManagementPolicy', 'apps/v1', 'statefulsets', { selector: { matchLabels: { app: 'a' } }, template: template(), podManagementPolicy: 'Sometimes' }],
  ['daemonset is defaulted', 'apps/v1', 'daemonsets', { selector: { matchLabels: { app: 'a' } }, template: template() }],
  ['replicaset is defaulted', 'apps/v1', 'replicasets', { selector: { matchLabels: { app: 'a' } }, template: template() }],
  ['job is defaulted', 'batch/v1', 'jobs', { template: { spec: { containers: [container()], restartPolicy: 'Never' } } }],
  ['job with restartPolicy Always', 'batch/v1', 'jobs', { template: { spec: { containers: [container()], restartPolicy: 'Always' } } }],
  ['job with a negative backoffLimit', 'batch/v1', 'jobs', { backoffLimit: -1, template: { spec: { containers: [container()], restartPolicy: 'Never' } } }],
  ['job with completionMode Indexed and no completions', 'batch/v1', 'jobs', { completionMode: 'Indexed', template: { spec: { containers: [container()], restartPolicy: 'Never' } } }],
  ['cronjob is defaulted', 'batch/v1', 'cronjobs', { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { containers: [container()], restartPolicy: 'OnFailure' } } } } }],
  ['cronjob with a bad schedule', 'batch/v1', 'cronjobs', { schedule: 'every minute', jobTemplate: { spec: { template: { spec: { containers: [container()], restartPolicy: 'OnFailure' } } } } }],
  ['cronjob with a TZ in the schedule', 'batch/v1', 'cronjobs', { schedule: 'TZ=UTC 0 * * * *', jobTemplate: { spec: { template: { spec: { containers: [container()], restartPolicy: 'OnFailure' } } } } }],
  ['cronjob with a bad timeZone', 'batch/v1', 'cronjobs', { schedule: '0 * * * *', timeZone: 'Mars/Olympus', jobTemplate: { spec: { template: { spec: { containers: [container()], restartPolicy: 'OnFailure' } } } } }],
];

const serviceRows: [string, Record<string, unknown>][] = [
  ['ClusterIP is defaulted', { ports: [{ port: 80 }] }],
  ['a targetPort name', { ports: [{ port: 80, targetPort: 'http' }] }],
  ['no ports', {}],
  ['two ports without names', { ports: [{ port: 80 }, { port: 81 }] }],
  ['a port of 0', { ports: [{ port: 0 }] }],
  ['a bad protocol', { ports: [{ port: 80, protocol: 'ICMP' }] }],
  ['Headless', { clusterIP: 'None', ports: [{ port: 80 }] }],
  ['NodePort gets a nodePort', { type: 'NodePort', ports: [{ port: 80 }] }],
  ['ExternalName', { type: 'ExternalName', externalName: 'example.com' }],
  ['ExternalName without externalName', { type: 'ExternalName' }],
  ['a bad type', { type: 'Bogus', ports: [{ port: 80 }] }],
  ['sessionAffinity ClientIP is defaulted', { sessionAffinity: 'ClientIP', ports: [{ port: 80 }] }],
  ['LoadBalancer is defaulted', { type: 'LoadBalancer', ports: [{ port: 80 }] }],
];

const keyRows = ['a', 'a.b', 'a-b_c', '.a', '..', '.', 'a/b', 'a b', 'x'.repeat(253), 'x'.repeat(254), 'ä'];

export const builtins: Scenario[] = [
  ...podRows.map(([what, spec]) => scenario(`pod: ${what}`, (s) => s.req('POST', core(s, 'pods'), pod(spec)).then(() => undefined))),
  ...workloadRows.map(([what, gv, resource, spec]) =>
    scenario(`${what}`, (s) => s.req('POST', group(s, gv, resource), { apiVersion: gv, kind: { deployments: 'Deployment', statefulsets: 'StatefulSet', daemonsets: 'DaemonSet', replicasets: 'ReplicaSet', jobs: 'Job', cronjobs: 'CronJob' }[resource], metadata: { name: 'a' }, spec }).then(() => undefined)),
  ),
  ...serviceRows.map(([what, spec]) => scenario(`service: ${what}`, (s) => s.req('POST', core(s, 'services'), { apiVersion: 'v1', kind: 'Service', metadata: { name: 'a' }, spec }).then(() => undefined))),
  scenario('service: clusterIP may not change', async (s) => {
    await s.quiet('POST', core(s, 'services'), { apiVersion: 'v1', kind: 'Service', metadata: { name: 'a' }, spec: { ports: [{ port: 80 }] } });
    await s.req('PATCH', `${core(s, 'services')}/a`, { spec: { clusterIP: 'None' } }, MERGE);
  }),
  ...keyRows.map((k) => scenario(`configmap: data key ${JSON.stringify(k.length > 20 ? `${k.slice(0, 4)}...(${k.length})` : k)}`, (s) => s.req('POST', core(s, 'configmaps'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { [k]: 'v' } }).then(() => undefined))),
  ...keyRows.map((k) => scenario(`secret: data key ${JSON.stringify(k.length > 20 ? `${k.slice(0, 4)}...(${k.length})` : k)}`, (s) => s.req('POST', core(s, 'secrets'), { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'a' }, stringData: { [k]: 'v' } }).then(() => undefined))),
  scenario('configmap: the same key in data and binaryData', (s) => s.req('POST', core(s, 'configmaps'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' }, binaryData: { k: 'dg==' } }).then(() => undefined)),
  scenario('configmap: binaryData that is not base64', (s) => s.req('POST', core(s, 'configmaps'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, binaryData: { k: '!!' } }).then(() => undefined)),
  scenario('configmap: immutable data may not change', async (s) => {
    await s.quiet('POST', core(s, 'configmaps'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' }, immutable: true });
    await s.req('PATCH', `${core(s, 'configmaps')}/a`, { data: { k: 'w' } }, MERGE);
  }),
  scenario('secret: stringData is merged into data', (s) => s.req('POST', core(s, 'secrets'), { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'a' }, data: { a: 'eA==' }, stringData: { a: 'y', b: 'z' } }).then(() => undefined)),
  scenario('secret: type may not change', async (s) => {
    await s.quiet('POST', core(s, 'secrets'), { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'a' }, stringData: { a: 'b' } });
    await s.req('PATCH', `${core(s, 'secrets')}/a`, { type: 'kubernetes.io/tls' }, MERGE);
  }),
  scenario('secret: a tls secret without its keys', (s) => s.req('POST', core(s, 'secrets'), { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'a' }, type: 'kubernetes.io/tls', stringData: { a: 'b' } }).then(() => undefined)),
  scenario('event: core/v1 with Times', (s) =>
    s.req('POST', core(s, 'events'), { apiVersion: 'v1', kind: 'Event', metadata: { name: 'a' }, involvedObject: { kind: 'Pod', name: 'p', namespace: s.ns }, reason: 'R', message: 'm', type: 'Normal', firstTimestamp: '2024-01-02T03:04:05Z', lastTimestamp: '2024-01-02T03:04:05.123Z', count: 1 }).then(() => undefined),
  ),
  scenario('event: core/v1 with an eventTime (MicroTime)', (s) =>
    s.req('POST', core(s, 'events'), { apiVersion: 'v1', kind: 'Event', metadata: { name: 'a' }, involvedObject: { kind: 'Pod', name: 'p', namespace: s.ns }, reason: 'R', message: 'm', type: 'Normal', eventTime: '2024-01-02T03:04:05.123456Z', reportingComponent: 'c', reportingInstance: 'i', action: 'A' }).then(() => undefined),
  ),
  scenario('event: core/v1 with a Time that is not RFC 3339', (s) =>
    s.req('POST', core(s, 'events'), { apiVersion: 'v1', kind: 'Event', metadata: { name: 'a' }, involvedObject: { kind: 'Pod', name: 'p', namespace: s.ns }, reason: 'R', message: 'm', firstTimestamp: 'Fri Nov 27 2026 10:00:00 GMT+0000' }).then(() => undefined),
  ),
  scenario('event: core/v1 with a bad type', (s) => s.req('POST', core(s, 'events'), { apiVersion: 'v1', kind: 'Event', metadata: { name: 'a' }, involvedObject: { kind: 'Pod', name: 'p', namespace: s.ns }, reason: 'R', type: 'Bogus' }).then(() => undefined)),
  scenario('event: events.k8s.io/v1', (s) =>
    s.req('POST', group(s, 'events.k8s.io/v1', 'events'), { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'a' }, eventTime: '2024-01-02T03:04:05.000001Z', reportingController: 'example.com/c', reportingInstance: 'i', action: 'Act', reason: 'R', type: 'Normal', regarding: { kind: 'Pod', name: 'p', namespace: s.ns } }).then(() => undefined),
  ),
  scenario('event: events.k8s.io/v1 without eventTime', (s) =>
    s.req('POST', group(s, 'events.k8s.io/v1', 'events'), { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'a' }, reportingController: 'example.com/c', reportingInstance: 'i', action: 'Act', reason: 'R', type: 'Normal' }).then(() => undefined),
  ),
  scenario('event: events.k8s.io/v1 with a microsecond-less eventTime', (s) =>
    s.req('POST', group(s, 'events.k8s.io/v1', 'events'), { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'a' }, eventTime: '2024-01-02T03:04:05Z', reportingController: 'example.com/c', reportingInstance: 'i', action: 'Act', reason: 'R', type: 'Warning' }).then(() => undefined),
  ),
  scenario('lease: MicroTimes as sent and served', (s) =>
    s.req('POST', group(s, 'coordination.k8s.io/v1', 'leases'), { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'a' }, spec: { holderIdentity: 'h', leaseDurationSeconds: 10, acquireTime: '2024-01-02T03:04:05.1Z', renewTime: '2024-01-02T03:04:05.123456789Z' } }).then(() => undefined),
  ),
  scenario('lease: a MicroTime without fraction', (s) =>
    s.req('POST', group(s, 'coordination.k8s.io/v1', 'leases'), { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'a' }, spec: { renewTime: '2024-01-02T03:04:05Z' } }).then(() => undefined),
  ),
  scenario('lease: a MicroTime with an offset', (s) =>
    s.req('POST', group(s, 'coordination.k8s.io/v1', 'leases'), { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'a' }, spec: { renewTime: '2024-01-02T03:04:05.5+02:00' } }).then(() => undefined),
  ),
  scenario('lease: a bad MicroTime', (s) => s.req('POST', group(s, 'coordination.k8s.io/v1', 'leases'), { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'a' }, spec: { renewTime: 'yesterday' } }).then(() => undefined)),
  scenario('lease: a negative leaseDurationSeconds', (s) => s.req('POST', group(s, 'coordination.k8s.io/v1', 'leases'), { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'a' }, spec: { leaseDurationSeconds: -1 } }).then(() => undefined)),
  scenario('a Time with an offset on a condition', (s) =>
    s.req('POST', group(s, 'apps/v1', 'deployments'), { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'a', creationTimestamp: '2024-01-02T03:04:05+02:00' }, spec: { selector: { matchLabels: { app: 'a' } }, template: template() } }).then(() => undefined),
  ),
  scenario('namespace: a name that is not a DNS label', (s) => s.req('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: `${s.ns}.x` } }).then(() => undefined)),
  scenario('namespace: created with its name label and finalizer', (s) => s.req('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: `${s.ns}-x` } }).then(() => undefined)),
  scenario('namespace: creating in a missing namespace is 404', (s) => s.req('POST', `/api/v1/namespaces/${s.ns}-missing/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }).then(() => undefined)),
  scenario('pod: a scheduled pod is deleted gracefully', async (s) => {
    await s.quiet('POST', core(s, 'pods'), pod({ nodeName: 'n1', terminationGracePeriodSeconds: 20 }));
    await s.req('DELETE', `${core(s, 'pods')}/a`);
    await s.req('DELETE', `${core(s, 'pods')}/a`, { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 5 });
    await s.req('DELETE', `${core(s, 'pods')}/a?gracePeriodSeconds=0`);
    await s.req('GET', `${core(s, 'pods')}/a`);
  }),
  scenario('daemonset: a template change counts in its template generation', async (s) => {
    const path = group(s, 'apps/v1', 'daemonsets');
    await s.quiet('POST', path, { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'a' }, spec: { selector: { matchLabels: { app: 'a' } }, template: template() } });
    await s.req('PATCH', `${path}/a`, { metadata: { labels: { x: '1' }, annotations: { 'deprecated.daemonset.template.generation': '7' } } }, MERGE);
    await s.req('PATCH', `${path}/a`, { spec: { template: { spec: { containers: [container({ image: 'busybox:2' })] } } } }, MERGE);
  }),
  scenario('statefulset: a name with a dot', (s) =>
    s.req('POST', group(s, 'apps/v1', 'statefulsets'), { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db.primary' }, spec: { serviceName: 's', selector: { matchLabels: { app: 'a' } }, template: template() } }).then(() => undefined),
  ),
  scenario('pod: a container name with a dot', (s) => s.req('POST', core(s, 'pods'), pod({ containers: [container({ name: 'c.d' })] })).then(() => undefined)),
  scenario('role: a rule without verbs', (s) => s.req('POST', group(s, 'rbac.authorization.k8s.io/v1', 'roles'), { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'a' }, rules: [{ apiGroups: [''], resources: ['pods'] }] }).then(() => undefined)),
  scenario('serviceaccount: with secrets and imagePullSecrets', (s) => s.req('POST', core(s, 'serviceaccounts'), { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'a' }, imagePullSecrets: [{ name: 'x' }] }).then(() => undefined)),
];
