/**
 * kube-apiserver as the judge of the differential (issue 27): every CRD that controller-gen or
 * `manifests` writes for the CI seeds is created on a real kube-apiserver (one control plane for the
 * file, started from the binaries `npm run tools:kubernetes` builds; skipped with one line without
 * them or controller-gen). The CRD of each tool must be both accepted or both refused; and
 * `manifests`' own check (src/apiextensions/validation, the findings it reports) refuses exactly what
 * kube-apiserver refuses. Each seed is a group of its own (`s<seed>.example.com`); the two tools'
 * CRDs share a name, so each is created with dryRun=All (judged as a create is, nothing stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { hasControllerGen } from '../support/controller-gen.js';
import { hasKubernetesBinaries, kubernetesAssetsDir } from '../support/kubernetes-tools.js';
import { statusRequest, type Answer } from '../support/status-request.js';
import { scaled } from '../support/timeouts.js';
import { caseId, CI_SEEDS, sources } from './campaign.js';
import { generateModel } from './generate-model.js';
import { runCases } from './run.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All';
/** Seeds per controller-gen run, as the differential batches them. */
const BATCH = 50;
/** Requests in flight at once. */
const CONCURRENCY = 8;

let server: TestEnvironment;
const tally = { seeds: 0, crds: 0, accepted: 0, refused: 0, started: 0, generating: 0, judging: 0 };

/** Runs `work` on every item, `CONCURRENCY` at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** A refusal as the failure shows it: the Status message, else the code. */
const shown = (answer: Answer) => (answer.code < 300 ? 'accepted' : `refused (${answer.code}): ${typeof answer.body.message === 'string' ? answer.body.message : JSON.stringify(answer.body)}`);

describe.skipIf(!hasKubernetesBinaries() || !hasControllerGen())('kube-apiserver judges the CRDs of the differential', () => {
  beforeAll(async () => {
    tally.started = Date.now();
    server = await startTestEnvironment({ binaryAssetsDirectory: kubernetesAssetsDir(), useExistingCluster: false });
  }, scaled(120_000));
  afterAll(async () => {
    await server?.stop();
    const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
    console.log(
      `kube-apiserver judged ${tally.crds} CRDs of ${tally.seeds} seeds (each written by both tools): ${tally.accepted} accepted, ${tally.refused} refused; ` +
        `${s(Date.now() - tally.started)} in all: ${s(tally.generating)} running the tools, ${s(tally.judging)} judging`,
    );
  });

  for (let i = 0; i < CI_SEEDS.length; i += BATCH) {
    const batch = CI_SEEDS.slice(i, i + BATCH);
    it(`seeds ${batch[0]}-${batch[batch.length - 1]}: both tools' CRDs accepted alike, and refused where manifests' check refuses them`, async () => {
      const generating = Date.now();
      const outcomes = await runCases(batch.map((seed) => ({ id: caseId(seed), model: generateModel(seed) })));
      const judging = Date.now();
      tally.generating += judging - generating;
      const disagreements: string[] = [];
      const disagreeing: number[] = [];
      await eachLimited(batch, async (seed) => {
        const outcome = outcomes.get(caseId(seed))!;
        // A seed the tools disagree on is the differential's failure, reported there.
        if (!outcome.crds) return;
        tally.seeds++;
        const { controllerGen, manifests } = outcome.crds;
        for (const file of new Set([...controllerGen.keys(), ...manifests.keys()])) {
          const [fromGo, fromTs] = [controllerGen.get(file), manifests.get(file)];
          const [onGo, onTs] = await Promise.all([fromGo, fromTs].map(async (crd) => (crd === undefined ? undefined : statusRequest(server.kubeConfig, 'POST', CRDS, crd))));
          tally.crds++;
          const accepted = (onTs ?? onGo)!.code < 300;
          if (accepted) tally.accepted++;
          else tally.refused++;
          if (!onGo || !onTs || onGo.code < 300 !== onTs.code < 300) {
            disagreeing.push(seed);
            disagreements.push(`seed ${seed}, ${file}: controller-gen's CRD ${onGo ? shown(onGo) : 'not written'}; manifests' ${onTs ? shown(onTs) : 'not written'}`);
            continue;
          }
          // manifests' findings on this CRD (the differential compares CRDs its check refuses all the same).
          const name = (fromTs as { metadata: { name: string } }).metadata.name;
          const findings = (outcome.refusedByApiServer ?? '').split('\n').filter((line) => line.includes(`CustomResourceDefinition "${name}" is invalid`));
          if (accepted === findings.length > 0) {
            disagreeing.push(seed);
            disagreements.push(`seed ${seed}, ${file}: kube-apiserver ${shown(onTs)}; manifests' check ${findings.length ? `refuses it:\n${findings.join('\n')}` : 'accepts it'}`);
          }
        }
      });
      tally.judging += Date.now() - judging;
      const first = disagreeing.sort((a, b) => a - b)[0];
      const shownSources = first === undefined ? '' : `\n\nseed ${first}'s sources:\n${sources(caseId(first), generateModel(first))}`;
      expect(disagreements, `${disagreements.length} CRD(s) judged differently${shownSources}`).toEqual([]);
    }, scaled(600_000));
  }
});
