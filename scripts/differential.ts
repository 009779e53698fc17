/**
 * A long differential campaign (test/differential): `npm run differential -- --seeds N [--from S]
 * [--batch B] [--shrink K]`, or `--only 12,345` for given seeds (those that differed). Runs seeds
 * S..S+N-1 through controller-gen and manifests, prints progress, the marker families covered, and
 * each differing seed's smallest sources (the first K are shrunk).
 * Exit 1 when any seed differs. Needs Go and controller-gen (npm run tools:kubernetes).
 */
import { parseArgs } from 'node:util';
import { controllerGenMissing } from '../test/support/controller-gen.js';
import { runCampaign } from '../test/differential/campaign.js';
import { coverage } from '../test/differential/coverage.js';
import { generateModel } from '../test/differential/generate-model.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1000' },
    from: { type: 'string', default: '1' },
    batch: { type: 'string', default: '100' },
    shrink: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const only = values.only?.split(',').map(Number);
const count = only ? only.length : Number(values.seeds);
const from = Number(values.from);
if (![count, from, Number(values.batch), Number(values.shrink), ...(only ?? [])].every(Number.isInteger)) {
  console.error('differential: --seeds, --from, --batch, --shrink and the seeds of --only take whole numbers');
  process.exit(2);
}
const missing = controllerGenMissing();
if (missing) {
  console.error(`differential: needs ${missing.what} (${missing.hint})`);
  process.exit(2);
}

const seeds = only ?? Array.from({ length: count }, (_, i) => from + i);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
let printed = 0;
const result = await runCampaign(seeds, {
  batchSize: Number(values.batch),
  shrink: Number(values.shrink),
  onBatch: (done, r) => {
    // Each difference as soon as its batch ends: a campaign stopped early keeps what it found.
    for (const f of r.failures.slice(printed)) console.log(`\n${f.report}\n`);
    printed = r.failures.length;
    console.log(`${done}/${count} seeds, ${r.failures.length} differ, ${r.bothRefused} refused by both, ${r.refusedByApiServer} refused alike by the API server check, ${elapsed()}`);
  },
});
const families = [...coverage(seeds.map(generateModel))].sort(([a], [b]) => (a < b ? -1 : 1));
console.log(`\ncovered (occurrences over the seeds):\n${families.map(([name, n]) => `  ${name}: ${n}`).join('\n')}`);
const which = only ? `seeds ${only.join(',')}` : `seeds ${from}-${from + count - 1}`;
console.log(`\n${which}: ${result.failures.length} differ (${result.failures.map((f) => f.seed).join(', ') || 'none'}), ${result.bothRefused} refused by both, ${elapsed()}`);
process.exit(result.failures.length ? 1 : 0);
