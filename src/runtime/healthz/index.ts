/**
 * Health probes: `/healthz` (liveness) and `/readyz` (readiness), answered as controller-runtime does.
 * ```ts
 * const probes = new HealthProbeServer({ bindAddress: ':8081' });
 * probes.addHealthzCheck('healthz', ping);
 * probes.addReadyzCheck('readyz', ping);
 * ```
 */
export { type Checker, ping } from './checker.js';
export { ChecksHandler } from './checks-handler.js';
export { HealthProbeServer, type HealthProbeServerOptions } from './server.js';
