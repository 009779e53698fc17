/**
 * A differential campaign: seeds in batches through both tools; each differing seed shrunk to the
 * smallest Go and TypeScript sources that still differ. Shared by the CI test and `npm run differential`.
 */
import { generateModel } from './generate-model.js';
import { writeGo } from './go-writer.js';
import type { ApiModel } from './model.js';
import { runCases } from './run.js';
import { shrink } from './shrink.js';
import { writeTs } from './ts-writer.js';

export interface SeedFailure {
  seed: number;
  /** The differences of the shrunk model, and its sources, readable. */
  report: string;
}

export interface CampaignResult {
  seeds: number;
  failures: SeedFailure[];
  /** Seeds both tools refused (the generator means to write valid input only). */
  bothRefused: number;
  /** Seeds whose CRDs kube-apiserver's checks refuse, alike from both tools. */
  refusedByApiServer: number;
}

/** The seeds CI runs (the differential, and kube-apiserver judging what both tools write). */
export const CI_SEEDS: readonly number[] = Array.from({ length: 200 }, (_, i) => i + 1);

/** A seed's case id: its API group is `<id>.example.com`. */
export const caseId = (seed: number) => `s${seed}`;

/** A model's Go and TypeScript sources, readable. */
export function sources(id: string, model: ApiModel): string {
  const show = (files: Map<string, string>) => [...files].map(([f, t]) => `--- ${f}\n${t}`).join('\n');
  return `Go (controller-gen):\n${show(writeGo(id, model))}\nTypeScript (manifests):\n${show(writeTs(id, model))}`;
}

/** The report of a differing seed: shrunk unless `shrinkFailures` is false. */
async function failureReport(seed: number, differences: string[], shrinkFailures: boolean): Promise<string> {
  const model = generateModel(seed);
  if (!shrinkFailures) return `seed ${seed} differs:\n${differences.join('\n')}\n\n${sources(caseId(seed), model)}`;
  const small = await shrink(caseId(seed), model, differences);
  return `seed ${seed} differs; smallest sources that still differ (${small.rounds} shrinking rounds):\n${small.differences.join('\n')}\n\n${sources(caseId(seed), small.model)}`;
}

export async function runCampaign(
  seeds: readonly number[],
  options: { batchSize?: number; shrink?: number; onBatch?: (done: number, result: CampaignResult) => void } = {},
): Promise<CampaignResult> {
  const batchSize = options.batchSize ?? 50;
  let shrinkLeft = options.shrink ?? 1;
  const result: CampaignResult = { seeds: 0, failures: [], bothRefused: 0, refusedByApiServer: 0 };
  for (let i = 0; i < seeds.length; i += batchSize) {
    const batch = seeds.slice(i, i + batchSize);
    const outcomes = await runCases(batch.map((seed) => ({ id: caseId(seed), model: generateModel(seed) })));
    for (const seed of batch) {
      const o = outcomes.get(caseId(seed))!;
      result.seeds++;
      if (o.bothRefused) result.bothRefused++;
      if (o.refusedByApiServer) result.refusedByApiServer++;
      if (o.differences.length) result.failures.push({ seed, report: await failureReport(seed, o.differences, shrinkLeft-- > 0) });
    }
    options.onBatch?.(result.seeds, result);
  }
  return result;
}
