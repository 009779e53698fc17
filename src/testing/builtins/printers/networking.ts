/** Printers of the networking.k8s.io group. */
import type { KubeObject } from '../../model/object.js';
import { AGE, ageOf, at, col, formatLabelSelector, isSet, list, loadBalancerText, NAME, nameOf, obj, since, str, type TablePrinter } from './cells.js';

function ingressRow(ing: KubeObject, nowMs: number): unknown[] {
  const spec = obj(ing.spec);
  const rules = list(spec.rules);
  const hosts: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (hosts.length === 3) more = true;
    if (!more && str(rule.host) !== '') hosts.push(str(rule.host));
  }
  const hostsText = hosts.length === 0 ? '*' : more ? `${hosts.join(',')} + ${rules.length - 3} more...` : hosts.join(',');
  return [ing.metadata?.name ?? '', typeof spec.ingressClassName === 'string' ? spec.ingressClassName : '<none>', hostsText,
    loadBalancerText(at(ing.status, 'loadBalancer')), list(spec.tls).length > 0 ? '80, 443' : '80', since(ing.metadata?.creationTimestamp, nowMs)];
}

/** printIngressClass's parameters: `Kind[.apiGroup]/name`. */
function parametersText(parameters: unknown): string {
  if (!isSet(parameters)) return '<none>';
  const p = obj(parameters);
  return `${str(p.kind)}${typeof p.apiGroup === 'string' ? `.${p.apiGroup}` : ''}/${str(p.name)}`;
}

/** printIPAddress's parent: `resource[.group][/namespace]/name`, lower-cased group and resource. */
function parentRefText(ref: unknown): string {
  if (!isSet(ref)) return '<none>';
  const r = obj(ref);
  const groupResource = (str(r.group) === '' ? str(r.resource) : `${str(r.resource)}.${str(r.group)}`).toLowerCase();
  return `${groupResource}${str(r.namespace) !== '' ? `/${str(r.namespace)}` : ''}/${str(r.name)}`;
}

export const NETWORKING_PRINTERS: Record<string, TablePrinter> = {
  'networking.k8s.io/Ingress': {
    columns: [NAME, col('Class', 'string'), col('Hosts', 'string'),
      col('Address', 'string'), col('Ports', 'string'), AGE],
    row: ingressRow,
  },
  'networking.k8s.io/IngressClass': {
    columns: [NAME, col('Controller', 'string'),
      col('Parameters', 'string'), AGE],
    row: (o, now) => [nameOf(o), str(at(o.spec, 'controller')), parametersText(at(o.spec, 'parameters')), ageOf(o, now)],
  },
  'networking.k8s.io/NetworkPolicy': {
    columns: [NAME, col('Pod-Selector', 'string'), AGE],
    row: (o, now) => [nameOf(o), formatLabelSelector(at(o.spec, 'podSelector')), ageOf(o, now)],
  },
  'networking.k8s.io/ServiceCIDR': {
    columns: [NAME, col('CIDRs', 'string'), AGE],
    row: (o, now) => {
      const cidrs = at(o.spec, 'cidrs');
      return [nameOf(o), Array.isArray(cidrs) ? cidrs.map(str).join(',') : '', ageOf(o, now)];
    },
  },
  // The printer defines no Age column but its rows carry the age; kubectl shows the defined columns.
  'networking.k8s.io/IPAddress': {
    columns: [NAME, col('ParentRef', 'string')],
    row: (o, now) => [nameOf(o), parentRefText(at(o.spec, 'parentRef')), ageOf(o, now)],
  },
};
