/**
 * Conversion webhooks during tests, as envtest's ModifyConversionWebhooks: the CRDs chosen get
 * `spec.conversion` with strategy Webhook and a clientConfig URL to the local webhook server's
 * `/convert`, trusting its serving certificate. `'auto'` chooses, like `kubectl apply -k config/crd`,
 * every CRD with more than one version that a config/crd/patches/webhook_in_*.yaml patch names
 * (`webhook_in_<plural>.yaml`, or `webhook_in_<group>_<plural>.yaml` in multigroup projects).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { localConversion, type LocalWebhookServing } from '../../kube/local-webhook-client-config.js';
import type { KubeObject } from '../model/object.js';
import { parseYaml } from '../yaml.js';
import { keepManifestSource, ManifestError, manifestSource } from './manifest-loader.js';

export type ConversionWebhooksOption = string[] | 'auto';

interface CRDSpec {
  group?: string;
  names?: { plural?: string };
  versions?: unknown[];
  conversion?: Record<string, unknown>;
}

function specOf(crd: KubeObject): CRDSpec {
  return ((crd as { spec?: CRDSpec }).spec ?? {});
}

/** `<plural>.<group>`, the CRD's required metadata.name. */
export function crdName(crd: KubeObject): string {
  const spec = specOf(crd);
  return crd.metadata?.name ?? `${spec.names?.plural ?? ''}.${spec.group ?? ''}`;
}

/**
 * The CRD names that the conversion patches beside a CRD read from `<dir>` (config/crd/bases) name:
 * `<dir>/../patches/webhook_in_*.yaml`, or `<dir>/patches/...` when `<dir>` is config/crd itself.
 * The patch is matched by its metadata.name, because its file name carries the short group in
 * multigroup projects, which the CRD alone does not tell.
 */
async function patchedCrdNames(source: string): Promise<Set<string>> {
  const dir = path.dirname(source.replace(/:\d+$/, ''));
  const names = new Set<string>();
  for (const patches of [path.join(dir, '..', 'patches'), path.join(dir, 'patches')]) {
    let files: string[];
    try {
      files = await readdir(patches);
    } catch {
      continue;
    }
    for (const file of files.filter((f) => /^webhook_in_.*\.ya?ml$/.test(f))) {
      const doc = parseYaml(await readFile(path.join(patches, file), 'utf8')) as { metadata?: { name?: unknown } } | undefined;
      if (typeof doc?.metadata?.name === 'string') names.add(doc.metadata.name);
    }
  }
  return names;
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
  const patchedBySource = new Map<string, Promise<Set<string>>>();
  for (const crd of crds) {
    const source = manifestSource(crd);
    if (!source || (specOf(crd).versions?.length ?? 0) < 2) continue;
    const dir = path.dirname(source.replace(/:\d+$/, ''));
    if (!patchedBySource.has(dir)) patchedBySource.set(dir, patchedCrdNames(source));
    if ((await patchedBySource.get(dir)!).has(crdName(crd))) chosen.add(crdName(crd));
  }
  return chosen;
}

/** The CRD with its conversion pointed at the local webhook server's /convert, trusting its certificate. */
export function withConversionWebhook(crd: KubeObject, serving: LocalWebhookServing): KubeObject {
  const spec = specOf(crd);
  const converted = { ...crd, spec: { ...spec, conversion: localConversion(spec.conversion, serving) } } as KubeObject;
  return keepManifestSource(crd, converted);
}
