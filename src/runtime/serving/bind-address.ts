/**
 * Bind addresses in the form the manager flags take them (`--metrics-bind-address`,
 * `--health-probe-bind-address`): `:8080`, `127.0.0.1:8081`, `[::1]:8443`, or `0` to disable.
 */
export interface ListenAddress {
  /** Undefined means every interface. */
  host?: string;
  port: number;
}

/** Parses a bind address; returns `undefined` for `"0"`, the value that disables a server. */
export function parseBindAddress(address: string, flag = 'bind address'): ListenAddress | undefined {
  const trimmed = address.trim();
  if (trimmed === '0') return undefined;
  const colon = trimmed.lastIndexOf(':');
  if (colon < 0) {
    throw new Error(`invalid ${flag} "${address}": expected [host]:port, or "0" to disable`);
  }
  let host = trimmed.slice(0, colon);
  const portText = trimmed.slice(colon + 1);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
    throw new Error(`invalid ${flag} "${address}": port "${portText}" is not a number between 0 and 65535`);
  }
  return { host: host === '' ? undefined : host, port: Number(portText) };
}
