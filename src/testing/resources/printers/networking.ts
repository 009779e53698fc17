/** Printers of the networking.k8s.io group. */
import type { KubeObject } from '../object.js';
import { AGE, at, col, list, loadBalancerText, NAME, obj, since, str, type TablePrinter } from './cells.js';

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

export const NETWORKING_PRINTERS: Record<string, TablePrinter> = {
  'networking.k8s.io/Ingress': {
    columns: [NAME, col('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'), col('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'),
      col('Address', 'string', 'Address is a list containing ingress points for the load-balancer'), col('Ports', 'string', 'Ports of TLS configurations that open'), AGE],
    row: ingressRow,
  },
};
