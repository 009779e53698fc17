/**
 * What the runtime's servers share (metrics, webhook, health probes): bind addresses as the manager
 * flags take them, listening, HTTPS serving with Go's TLS defaults, self-signed certificates and the
 * certificate watcher.
 */
export { selfSignedCertificate } from './self-signed.js';
export { parseBindAddress, type ListenAddress } from './bind-address.js';
