/**
 * The scenario corpus (issue 26): every scenario of areas/ is played against each backend and
 * compared with kube-apiserver's recorded answers (recorded/<area>.json). With the binaries the
 * kube-apiserver run checks the recording is current (or, with SCAFFOLDER_RECORD_SCENARIOS=1,
 * writes it); the in-process run is compared with it either way, so `npm test` without binaries
 * still catches a regression.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestEnvironment } from '../../src/testing/index.js';
import { describeBackends } from '../support/backends.js';
import { areas } from './areas/index.js';
import { installWidgets } from './fixtures.js';
import { normalize } from './normalize.js';
import { difference, readRecording, RECORD_ENV, recording, writeRecording, type AreaRecording } from './recording.js';
import { remainingEntry } from './remaining.js';
import { play } from './scenario.js';

for (const area of areas) {
  const names = area.scenarios.map((s) => s.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length > 0) throw new Error(`scenarios of area ${area.name} named twice: ${twice.join(', ')}`);
  describeBackends(`scenarios: ${area.name}`, (backend) => {
    let env: TestEnvironment;
    const recorded = readRecording(area.name);
    const fresh: AreaRecording = {};
    beforeAll(async () => {
      env = await backend.start();
      await installWidgets(env.kubeConfig);
    });
    afterAll(async () => {
      await env?.stop();
      // Scenarios not run this time (filtered with -t) keep their recording; scenarios gone from the area lose theirs.
      if (recording && backend.name === 'kube-apiserver' && Object.keys(fresh).length > 0) {
        writeRecording(area.name, Object.fromEntries(area.scenarios.filter((s) => fresh[s.name] ?? recorded[s.name]).map((s) => [s.name, fresh[s.name] ?? recorded[s.name]])));
      }
    });

    for (const scenario of area.scenarios) {
      it(scenario.name, async () => {
        const playOnce = async () => {
          const ns = `scn-${randomBytes(4).toString('hex')}`;
          return normalize(await play(env.kubeConfig, scenario, ns), ns);
        };
        const observed = await playOnce();
        if (recording && backend.name === 'kube-apiserver') {
          fresh[scenario.name] = observed;
          return;
        }
        const expected = recorded[scenario.name];
        if (!expected) throw new Error(`no recording of this scenario: run the corpus with ${RECORD_ENV}=1 and the Kubernetes binaries`);
        let diff = difference(expected, observed, backend.name);
        // kube-apiserver also writes on its own (its identity Lease, every 10 s): one that lands
        // between a scenario's requests moves a list's resourceVersion past its items' and shifts
        // the numbering. A change of behaviour differs on a second play as well.
        if (diff && backend.name === 'kube-apiserver') diff = difference(expected, await playOnce(), backend.name);
        const remaining = backend.name === 'in-process' ? remainingEntry(area.name, scenario.name) : undefined;
        if (remaining) {
          expect(diff, `listed in remaining.ts (${remaining.why}) but now matches kube-apiserver: remove the entry`).toBeDefined();
          return;
        }
        if (diff) throw new Error(`${backend.name} differs from kube-apiserver:\n${diff}`);
      });
    }
  });
}
