/** Printers of the discovery.k8s.io group. */
import { AGE, ageOf, col, int, list, NAME, nameOf, str, type TablePrinter } from './cells.js';

/** listWithMoreString: the first three, then `+ N more...`; `<unset>` when there are none. */
function firstThree(items: string[]): string {
  if (items.length > 3) return `${items.slice(0, 3).join(',')} + ${items.length - 3} more...`;
  return items.length === 0 ? '<unset>' : items.join(',');
}

/** formatDiscoveryPorts: each port's number, else its name, else `*`. */
function portsText(ports: unknown): string {
  return firstThree(list(ports).map((p) => (typeof p.port === 'number' ? String(int(p.port)) : typeof p.name === 'string' ? p.name : '*')));
}

/** formatDiscoveryEndpoints: every endpoint's addresses. */
function endpointsText(endpoints: unknown): string {
  return firstThree(list(endpoints).flatMap((e) => (Array.isArray(e.addresses) ? e.addresses.map(str) : [])));
}

export const DISCOVERY_PRINTERS: Record<string, TablePrinter> = {
  'discovery.k8s.io/EndpointSlice': {
    columns: [NAME, col('AddressType', 'string'),
      col('Ports', 'string'),
      col('Endpoints', 'string'), AGE],
    row: (o, now) => [nameOf(o), str(o.addressType), portsText(o.ports), endpointsText(o.endpoints), ageOf(o, now)],
  },
};
