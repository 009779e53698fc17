/**
 * Conversion webhooks during tests, as envtest's ModifyConversionWebhooks: the CRDs chosen get
 * `spec.conversion` with strategy Webhook and a clientConfig URL to the local webhook server's
 * `/convert`, trusting its serving certificate. `'auto'` chooses, like `kubectl apply -k config/crd`,
 * every CRD with more than one version that config/crd/patches/webhook_in_<plural>.yaml patches.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { KubeObject } from '../api/object.js';
import { keepManifestSource, ManifestError, manifestSource } from './manifest-loader.js';

export type ConversionWebhooksOption = string[] | 'auto';

interface CRDSpec {
  group?: string;
  names?: { plural?: string };
  versions?: unknown[];
  conversion?: Record<string, unknown>;
}

function specOf(crd: KubeObject): CRDSpec {
  return ((crd as { spec?: CRDSpec }).spec ?? {}) as CRDSpec;
}

/** `<plural>.<group>`, the CRD's required metadata.name. */
export function crdName(crd: KubeObject): string {
  const spec = specOf(crd);
  return crd.metadata?.name ?? `${spec.names?.plural ?? ''}.${spec.group ?? ''}`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a scaffolded project keeps the conversion patch of a CRD read from `<dir>` (config/crd/bases):
 * `<dir>/../patches/webhook_in_<plural>.yaml`, or `<dir>/patches/...` when `<dir>` is config/crd itself.
 */
function patchCandidates(source: string, plural: string): string[] {
  const dir = path.dirname(source.replace(/:\d+$/, ''));
  const file = `webhook_in_${plural}.yaml`;
  return [path.join(dir, '..', 'patches', file), path.join(dir, 'patches', file)];
}

/** The names of the CRDs whose conversion goes to the local webhook server. */
export async function conversionTargets(crds: KubeObject[], option: ConversionWebhooksOption | undefined): Promise<Set<string>> {
  if (option === undefined) return new Set();
  if (option !== 'auto') {
    const known = new Set(crds.map(crdName));
    const missing = option.filter((n) => !known.has(n));
    if (missing.length > 0) {
      throw new ManifestError(`conversionWebhooks names CRDs that were not loaded: ${missing.join(', ')} (CRDs are named <plural>.<group>; loaded: ${[...known].join(', ') || 'none'})`);
    }
    return new Set(option);
  }
  const chosen = new Set<string>();
  for (const crd of crds) {
    const spec = specOf(crd);
    const source = manifestSource(crd);
    if (!source || !spec.names?.plural || (spec.versions?.length ?? 0) < 2) continue;
    for (const candidate of patchCandidates(source, spec.names.plural)) {
      if (await exists(candidate)) {
        chosen.add(crdName(crd));
        break;
      }
    }
  }
  return chosen;
}

/** The CRD with its conversion pointed at `baseURL/convert`, trusting `caCert` (PEM). */
export function withConversionWebhook(crd: KubeObject, baseURL: string, caCert: string): KubeObject {
  const spec = specOf(crd);
  const previous = (spec.conversion?.['webhook'] as { conversionReviewVersions?: string[] } | undefined)?.conversionReviewVersions;
  const converted = {
    ...crd,
    spec: {
      ...spec,
      conversion: {
        strategy: 'Webhook',
        webhook: {
          clientConfig: { url: `${baseURL}/convert`, caBundle: Buffer.from(caCert).toString('base64') },
          conversionReviewVersions: previous ?? ['v1', 'v1beta1'],
        },
      },
    },
  } as KubeObject;
  return keepManifestSource(crd, converted);
}
