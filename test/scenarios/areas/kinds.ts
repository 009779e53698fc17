/**
 * The kinds the scenarios create, each with its collection path and a minimal valid object: one
 * table, so that a behaviour written once is checked for every kind's strategy.
 */
import { widget, widgets } from '../fixtures.js';

export interface Kind {
  /** Short name used in scenario names. */
  name: string;
  apiVersion: string;
  kind: string;
  /** The collection path in a namespace. */
  path(ns: string): string;
  /** A valid object of this kind. */
  make(name: string, ns: string): Record<string, unknown>;
}

const coreKind = (resource: string, kind: string, make: (name: string, ns: string) => Record<string, unknown>): Kind => ({
  name: resource,
  apiVersion: 'v1',
  kind,
  path: (ns) => `/api/v1/namespaces/${ns}/${resource}`,
  make: (name, ns) => ({ apiVersion: 'v1', kind, ...make(name, ns) }),
});

const groupKind = (groupVersion: string, resource: string, kind: string, make: (name: string, ns: string) => Record<string, unknown>): Kind => ({
  name: resource,
  apiVersion: groupVersion,
  kind,
  path: (ns) => `/apis/${groupVersion}/namespaces/${ns}/${resource}`,
  make: (name, ns) => ({ apiVersion: groupVersion, kind, ...make(name, ns) }),
});

export const podSpec = { containers: [{ name: 'c', image: 'busybox:1' }] };
const template = (name: string) => ({ metadata: { labels: { app: name } }, spec: podSpec });

export const KINDS: Kind[] = [
  coreKind('configmaps', 'ConfigMap', (name) => ({ metadata: { name }, data: { a: '1' } })),
  coreKind('secrets', 'Secret', (name) => ({ metadata: { name }, stringData: { a: '1' } })),
  coreKind('serviceaccounts', 'ServiceAccount', (name) => ({ metadata: { name } })),
  coreKind('services', 'Service', (name) => ({ metadata: { name }, spec: { ports: [{ port: 80 }], selector: { app: name } } })),
  coreKind('pods', 'Pod', (name) => ({ metadata: { name }, spec: podSpec })),
  coreKind('events', 'Event', (name, ns) => ({ metadata: { name }, involvedObject: { kind: 'Pod', name: 'p', namespace: ns }, reason: 'Test', message: 'm', type: 'Normal' })),
  groupKind('apps/v1', 'deployments', 'Deployment', (name) => ({ metadata: { name }, spec: { selector: { matchLabels: { app: name } }, template: template(name) } })),
  groupKind('batch/v1', 'jobs', 'Job', (name) => ({ metadata: { name }, spec: { template: { spec: { ...podSpec, restartPolicy: 'Never' } } } })),
  groupKind('coordination.k8s.io/v1', 'leases', 'Lease', (name) => ({ metadata: { name }, spec: { holderIdentity: 'me', leaseDurationSeconds: 15 } })),
  groupKind('rbac.authorization.k8s.io/v1', 'roles', 'Role', (name) => ({ metadata: { name }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] })),
  { name: 'widgets', apiVersion: 'scenarios.example.com/v1', kind: 'Widget', path: (ns) => widgets(ns), make: (name) => widget(name, { replicas: 1, color: 'red' }) },
];
