import type { AddressInfo, Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { ListenAddress } from './bind-address.js';

/**
 * Starts listening and resolves with the bound address (the real port when 0 was asked for).
 * Later server errors go to `onError` instead of crashing the process.
 */
export function listen(server: NetServer, address: ListenAddress, what: string, onError: (err: Error) => void = () => undefined): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onStartError = (err: Error): void => {
      reject(new Error(`${what}: cannot listen on ${address.host ?? ''}:${address.port}: ${err.message}`));
    };
    server.once('error', onStartError);
    server.listen(address.port, address.host, () => {
      server.off('error', onStartError);
      server.on('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Stops accepting connections and closes the open ones, so shutdown does not wait for idle keep-alives. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // In-flight requests get a moment to be answered before their sockets are dropped.
    setTimeout(() => server.closeAllConnections(), 1000).unref();
  });
}

/** `http://host:port` for an address a server is bound to (`localhost` for the wildcard). */
export function urlOf(scheme: 'http' | 'https', address: AddressInfo): string {
  const wildcard = address.address === '::' || address.address === '0.0.0.0';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `${scheme}://${host}:${address.port}`;
}
