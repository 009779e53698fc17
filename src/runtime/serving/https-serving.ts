/**
 * The HTTPS servers of the webhook and secure metrics servers, with HTTP/2 off unless asked for, as
 * kubebuilder v4's main.go does (`--enable-http2`, default false, because of the HTTP/2 Rapid Reset
 * and Stream Cancellation CVEs):
 *
 * - HTTP/2 off: node:https, whose TLS handshake offers only `http/1.1` in ALPN (Go's
 *   `NextProtos = ["http/1.1"]`), so a client that speaks only h2 is turned away in the handshake.
 * - HTTP/2 on: node:http2's secure server with `allowHTTP1`, offering `h2` and `http/1.1`.
 *
 * Either way the handler gets Node's HTTP/1 request and response, or the HTTP/2 compatibility
 * ones, which offer the same members the runtime's handlers use (method, url, headers, the body as a
 * stream; writeHead, end, statusCode, headersSent, 'finish').
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { SecureContextOptions, Server as TlsServer, TLSSocket } from 'node:tls';
import { close as closeHttpServer } from './http-listen.js';

/**
 * What Go's crypto/tls offers by default, which the webhook and metrics servers of a Go operator
 * serve with: TLS 1.2 at least; for TLS 1.2 only ECDHE key exchange with AES-GCM, ChaCha20-Poly1305
 * and AES-CBC-SHA, in Go's preference order (no static-RSA key exchange, no CBC-SHA256/SHA384,
 * no 3DES or RC4: Go's rsaKexCiphers, disabledCipherSuites, tdesCiphers); TLS 1.3's three suites.
 * Node's defaults (OpenSSL's HIGH) also accept static RSA and CBC-SHA256/384.
 */
export const GO_DEFAULT_TLS: Readonly<SecureContextOptions> = {
  minVersion: 'TLSv1.2',
  ciphers: [
    'TLS_AES_128_GCM_SHA256',
    'TLS_AES_256_GCM_SHA384',
    'TLS_CHACHA20_POLY1305_SHA256',
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-RSA-CHACHA20-POLY1305',
    'ECDHE-ECDSA-AES128-SHA',
    'ECDHE-RSA-AES128-SHA',
    'ECDHE-ECDSA-AES256-SHA',
    'ECDHE-RSA-AES256-SHA',
  ].join(':'),
};

/**
 * HTTP/2 limits of Go's http2 server: 250 concurrent streams per connection (its defaultMaxStreams)
 * and a header list of net/http's DefaultMaxHeaderBytes (1 MB) plus 32 bytes of overhead for 10
 * typical fields. node:http2 leaves streams unbounded.
 */
export const GO_HTTP2_SETTINGS = { maxConcurrentStreams: 250, maxHeaderListSize: (1 << 20) + 10 * 32 } as const;

export type HttpsRequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HttpsServingOptions {
  /** Offer HTTP/2 (ALPN h2) besides HTTP/1.1. Default false. */
  enableHTTP2?: boolean;
  /** TLS settings; the certificate usually comes later through `server.setSecureContext`. */
  tls?: SecureContextOptions;
  /**
   * Milliseconds an HTTP/1.1 client may take to send its request headers, and its whole request,
   * before the connection is answered 408 and closed. Default: Node's (60 s and 300 s).
   */
  headersTimeout?: number;
  requestTimeout?: number;
}

/**
 * node:https's settings for `options`' timeouts. Node checks them on an interval (30 s by default,
 * so a 10 s limit would cut a slow client anywhere between 10 and 40 s): check at least every second.
 */
function timeoutSettings(options: HttpsServingOptions): { headersTimeout?: number; requestTimeout?: number; connectionsCheckingInterval?: number } {
  const { headersTimeout, requestTimeout } = options;
  const given = [headersTimeout, requestTimeout].filter((t): t is number => t !== undefined && t > 0);
  if (given.length === 0) return {};
  return { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1000, ...given) };
}

export interface HttpsServing {
  /** The server: listen on it with http-listen's `listen`. */
  readonly server: TlsServer;
  /** Serves this certificate (and key) from now on, with the serving's TLS settings. */
  setCertificate(pair: { cert: string | Buffer; key: string | Buffer }): void;
  /** Whether HTTP/2 is offered. */
  readonly http2: boolean;
  /**
   * Stops accepting connections and closes the open ones: idle ones at once, busy ones once their
   * requests are answered, and whatever is left after a second.
   */
  close(): Promise<void>;
}

export function createHttpsServing(options: HttpsServingOptions, handler: HttpsRequestHandler): HttpsServing {
  // setSecureContext replaces the whole context: the settings go with every certificate.
  const tls = { ...GO_DEFAULT_TLS, ...options.tls };
  if (options.enableHTTP2 === true) return http2Serving(tls, handler);
  const server = createHttpsServer({ ...tls, ...timeoutSettings(options), ALPNProtocols: ['http/1.1'] }, handler);
  return { server, http2: false, setCertificate: (pair) => server.setSecureContext({ ...tls, ...pair }), close: () => closeHttpServer(server) };
}

function http2Serving(tls: SecureContextOptions, handler: HttpsRequestHandler): HttpsServing {
  // HTTP/1.1 requests on this server are Node's IncomingMessage/ServerResponse; HTTP/2 ones the compatibility objects.
  const server = createSecureServer({ ...tls, allowHTTP1: true, settings: GO_HTTP2_SETTINGS }, (req, res) =>
    handler(req as unknown as IncomingMessage, res as unknown as ServerResponse),
  );

  // node:http2's close() neither ends idle sessions nor idle HTTP/1.1 keep-alive connections: keep track of them.
  let closing = false;
  const sessions = new Set<ServerHttp2Session>();
  /** HTTP/1.1 connections and how many of their requests are not answered yet. */
  const http1 = new Map<Socket, number>();
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    if (closing) session.close();
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    if (socket.alpnProtocol === 'h2') return;
    http1.set(socket, 0);
    socket.once('close', () => http1.delete(socket));
  });
  server.on('request', (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => {
    if (req.httpVersionMajor >= 2) return;
    const socket = (req as IncomingMessage).socket;
    const open = http1.get(socket);
    if (open === undefined) return;
    http1.set(socket, open + 1);
    res.once('close', () => {
      const left = (http1.get(socket) ?? 1) - 1;
      if (!http1.has(socket)) return;
      http1.set(socket, left);
      // end(), not destroy(): the answer may still be on its way out.
      if (closing && left === 0) socket.end();
    });
  });

  return {
    server,
    http2: true,
    setCertificate: (pair) => server.setSecureContext({ ...tls, ...pair }),
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        server.close(() => resolve());
        // GOAWAY: a session ends once its open streams are done.
        for (const session of sessions) session.close();
        for (const [socket, open] of http1) if (open === 0) socket.destroy();
        // In-flight requests get a moment to be answered before their connections are dropped.
        setTimeout(() => {
          for (const session of sessions) session.destroy();
          for (const socket of http1.keys()) socket.destroy();
        }, 1000).unref();
      }),
  };
}
