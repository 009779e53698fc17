/**
 * The differential: random API packages (fixed seeds) written in Go for controller-gen v0.21.0 and in
 * TypeScript for `manifests` must give the same CRDs. Needs controller-gen and Go (see
 * test/support/controller-gen.ts); a failing seed prints the smallest sources that still differ.
 * Longer campaigns: `npm run differential -- --seeds N`.
 */
import { describe, expect, it } from 'vitest';
import { describeControllerGen } from '../support/controller-gen.js';
import { CI_SEEDS, runCampaign } from './campaign.js';
import { coverage, REQUIRED_COVERAGE } from './coverage.js';
import { generateModel } from './generate-model.js';
import { writeGo } from './go-writer.js';
import { writeTs } from './ts-writer.js';

/** The CI seeds, in batches of 50 (one controller-gen run each). */
const SEEDS = CI_SEEDS;
const BATCH = 50;

describe('the differential generator', () => {
  it('is deterministic: a seed gives the same Go and TypeScript sources every time', () => {
    for (const seed of [1, 77, 200]) {
      expect(writeGo('s', generateModel(seed))).toEqual(writeGo('s', generateModel(seed)));
      expect(writeTs('s', generateModel(seed))).toEqual(writeTs('s', generateModel(seed)));
    }
  });

  it('exercises every type feature and marker family over the CI seeds', () => {
    const counts = coverage(SEEDS.map(generateModel));
    expect(REQUIRED_COVERAGE.filter((family) => !counts.get(family))).toEqual([]);
  });
});

describeControllerGen('controller-gen and manifests on random API packages', () => {
  for (let i = 0; i < SEEDS.length; i += BATCH) {
    const batch = SEEDS.slice(i, i + BATCH);
    it(`seeds ${batch[0]}-${batch[batch.length - 1]} give the same CRDs`, async () => {
      const result = await runCampaign(batch, { batchSize: BATCH, shrink: 1 });
      if (result.failures.length) expect.fail(`${result.failures.length} seed(s) differ: ${result.failures.map((f) => f.seed).join(', ')}\n\n${result.failures[0].report}`);
      expect(result.bothRefused).toBe(0);
    }, 600_000);
  }
});
