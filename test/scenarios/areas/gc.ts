/**
 * Garbage collection and namespace deletion. kube-apiserver alone runs neither the garbage
 * collector nor the namespace controller (kube-controller-manager does): what it records is the
 * API server's part (finalizers set, deletionTimestamp), which the in-process server completes.
 */
import { widget, widgets } from '../fixtures.js';
import type { Scenario, Session } from '../scenario.js';
import { obj, scenario } from './scenario-table.js';

const cms = (s: Session) => `/api/v1/namespaces/${s.ns}/configmaps`;

export const gc: Scenario[] = [
  ...(['Foreground', 'Orphan'] as const).flatMap((policy) => [
    scenario(`configmap deleted with propagationPolicy ${policy}`, async (s) => {
      await s.quiet('POST', cms(s), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
      await s.req('DELETE', `${cms(s)}/a?propagationPolicy=${policy}`);
      await s.req('GET', `${cms(s)}/a`);
    }),
    scenario(`widget deleted with propagationPolicy ${policy}`, async (s) => {
      await s.quiet('POST', widgets(s.ns), widget('a'));
      await s.req('DELETE', `${widgets(s.ns, 'a')}?propagationPolicy=${policy}`);
      await s.req('GET', widgets(s.ns, 'a'));
    }),
  ]),
  scenario('a dependent of a deleted owner', async (s) => {
    const owner = obj(await s.quiet('POST', cms(s), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner' } }));
    await s.quiet('POST', cms(s), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dep', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid }] } });
    await s.req('DELETE', `${cms(s)}/owner`);
    await new Promise((r) => setTimeout(r, 500));
    await s.req('GET', `${cms(s)}/dep`);
  }),
  scenario('a deleted namespace is Terminating', async (s) => {
    await s.quiet('POST', cms(s), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
    await s.req('DELETE', `/api/v1/namespaces/${s.ns}`);
    await s.req('GET', `/api/v1/namespaces/${s.ns}`);
    await s.req('POST', cms(s), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' } });
  }),
];
