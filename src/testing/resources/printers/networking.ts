/** Printers of the networking.k8s.io group. */
import type { KubeObject } from '../object.js';
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
    columns: [NAME, col('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'), col('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'),
      col('Address', 'string', 'Address is a list containing ingress points for the load-balancer'), col('Ports', 'string', 'Ports of TLS configurations that open'), AGE],
    row: ingressRow,
  },
  'networking.k8s.io/IngressClass': {
    columns: [NAME, col('Controller', 'string', 'Controller that is responsible for handling this class'),
      col('Parameters', 'string', 'A reference to a resource with additional parameters'), AGE],
    row: (o, now) => [nameOf(o), str(at(o.spec, 'controller')), parametersText(at(o.spec, 'parameters')), ageOf(o, now)],
  },
  'networking.k8s.io/NetworkPolicy': {
    columns: [NAME, col('Pod-Selector', 'string', 'podSelector selects the pods to which this NetworkPolicy object applies.'), AGE],
    row: (o, now) => [nameOf(o), formatLabelSelector(at(o.spec, 'podSelector')), ageOf(o, now)],
  },
  'networking.k8s.io/ServiceCIDR': {
    columns: [NAME, col('CIDRs', 'string', 'CIDRs defines the IP blocks in CIDR notation (e.g. "192.168.0.0/24" or "2001:db8::/64") from which to assign service cluster IPs.'), AGE],
    row: (o, now) => {
      const cidrs = at(o.spec, 'cidrs');
      return [nameOf(o), Array.isArray(cidrs) ? cidrs.map(str).join(',') : '', ageOf(o, now)];
    },
  },
  // The printer defines no Age column but its rows carry the age; kubectl shows the defined columns.
  'networking.k8s.io/IPAddress': {
    columns: [NAME, col('ParentRef', 'string', 'ParentRef references the resource that an IPAddress is attached to.')],
    row: (o, now) => [nameOf(o), parentRefText(at(o.spec, 'parentRef')), ageOf(o, now)],
  },
};
