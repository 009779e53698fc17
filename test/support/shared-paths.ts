/**
 * Where the data beside the repository lives: ../shared, with controller-gen's and kubebuilder's
 * outputs (conformance/) and Kubernetes' published OpenAPI (kubernetes-openapi/). The one place
 * that spells these paths; free of vitest so that bench/ can use it too.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sharedDir = path.resolve(repoRoot, '..', 'shared');
export const conformanceDir = path.join(sharedDir, 'conformance');
export const kubernetesOpenapiDir = path.join(sharedDir, 'kubernetes-openapi');
