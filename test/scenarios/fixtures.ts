/**
 * The custom resource the scenarios share: Widgets of scenarios.example.com, namespaced, with
 * status and scale subresources, a list-map, a set, an atomic list, a map and a preserved subtree,
 * so that apply, patches and validation meet each kind of field. Installed once per server.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { rawRequest } from './http.js';

export const WIDGET_GROUP = 'scenarios.example.com';
export const WIDGET_API = `${WIDGET_GROUP}/v1`;

export function widgets(ns: string, name?: string, sub?: string): string {
  return `/apis/${WIDGET_API}/namespaces/${ns}/widgets${name ? `/${name}` : ''}${sub ? `/${sub}` : ''}`;
}

export function widget(name: string, spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}): Record<string, unknown> {
  return { apiVersion: WIDGET_API, kind: 'Widget', metadata: { name, ...metadata }, spec };
}

const port = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' }, protocol: { type: 'string' } } };

export const widgetCRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `widgets.${WIDGET_GROUP}` },
  spec: {
    group: WIDGET_GROUP,
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  replicas: { type: 'integer', minimum: 0 },
                  size: { type: 'string', enum: ['small', 'large'] },
                  color: { type: 'string' },
                  shape: { type: 'string' },
                  count: { type: 'integer', default: 1 },
                  tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
                  ports: { type: 'array', items: port, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'] },
                  args: { type: 'array', items: { type: 'string' } },
                  config: { type: 'object', additionalProperties: { type: 'string' } },
                  extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  inner: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
                  atomicInner: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { a: { type: 'string' }, b: { type: 'string' } } },
                },
              },
              status: {
                type: 'object',
                properties: {
                  replicas: { type: 'integer' },
                  selector: { type: 'string' },
                  phase: { type: 'string' },
                  conditions: {
                    type: 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['type'],
                    items: { type: 'object', required: ['type', 'status'], properties: { type: { type: 'string' }, status: { type: 'string' }, reason: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
};

/** Installs the Widget CRD (already there: fine) and waits until its resource is served. */
export async function installWidgets(kc: KubeConfig): Promise<void> {
  const created = await rawRequest(kc, { method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body: widgetCRD });
  if (created.status !== 201 && created.status !== 409) throw new Error(`installing the Widget CRD: ${created.status} ${JSON.stringify(created.body)}`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const served = await rawRequest(kc, { method: 'GET', path: widgets('default') });
    if (served.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the Widget CRD was not served within 30 s');
}
