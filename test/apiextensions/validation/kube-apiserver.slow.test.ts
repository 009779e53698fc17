/**
 * The corpus (cases.ts) judged by kube-apiserver itself: every CRD of it, refused and valid twin,
 * is created on a real kube-apiserver (built by `npm run tools:kubernetes`; skipped with one line
 * without it) and on the in-process test server, and `scaffolder manifests` runs on its sources.
 * All three give one verdict, and the refusals carry the same causes: the test server's Status
 * equals kube-apiserver's, and `manifests` reports kube-apiserver's field paths and texts.
 * A case where they do not is a bug; one not fixed yet is listed in disagreements.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { CustomResourceDefinition } from '../../../src/generators/crd/index.js';
import { startTestEnvironment, type TestEnvironment } from '../../../src/testing/index.js';
import { startEnv } from '../../support/environment.js';
import { hasKubernetesBinaries, kubernetesAssetsDir } from '../../support/kubernetes-tools.js';
import { statusRequest, type Answer } from '../../support/status-request.js';
import { ACCEPTED, acceptedCase, CASES, HAND_WRITTEN, type AcceptedCase, type CorpusCase, type HandWrittenCase } from './cases.js';
import { DISAGREEMENTS } from './disagreements.js';
import { caseFiles, diagnostics, generateCase, manifests, withoutCostNote, writeProject } from './harness.js';
import { scaled } from '../../support/timeouts.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

/** A cause as compared: its field path and text. */
interface Cause {
  field: string;
  message: string;
}

/** One judge's answer on one CRD. */
interface Verdict {
  accepted: boolean;
  causes: Cause[];
}

const DIAGNOSTIC = /^[^:\n]+:\d+:\d+: error: CustomResourceDefinition "([^"]+)" is invalid: (.*)$/s;

/** `manifests` on the case's sources: its verdict on the CRD named `name`, the causes it printed, and the CRDs it wrote. */
async function manifestsOn(c: CorpusCase, twin: boolean): Promise<{ verdict: (name: string) => Verdict; written: CustomResourceDefinition[]; stderr: string }> {
  const dir = writeProject(caseFiles(c, twin));
  const { code, stderr } = await manifests(dir);
  const bases = path.join(dir, 'config', 'crd', 'bases');
  const written = code === 0 ? readdirSync(bases).map((f) => parse(readFileSync(path.join(bases, f), 'utf8')) as CustomResourceDefinition) : [];
  const verdict = (name: string): Verdict => ({
    accepted: code === 0,
    causes: diagnostics(stderr)
      .map((line) => DIAGNOSTIC.exec(withoutCostNote(line)))
      .filter((m) => m !== null && m[1] === name)
      .map((m) => splitCause(m![2])),
  });
  return { verdict, written, stderr };
}

/** `<field>: <text>` as a StatusCause carries it. */
function splitCause(error: string): Cause {
  const i = error.indexOf(': ');
  return { field: error.slice(0, i), message: error.slice(i + 2) };
}

function verdictOf(answer: Answer): Verdict {
  const details = answer.body.details as { causes?: Cause[] } | undefined;
  return {
    accepted: answer.code < 300,
    causes: (details?.causes ?? []).map((c) => ({ field: c.field, message: c.message })),
  };
}

/** What a Status says that does not depend on the server that wrote it. */
function statusOf(answer: Answer): unknown {
  return answer.code < 300 ? 'accepted' : answer.body;
}

/**
 * An object's Status with its causes sorted: kube-apiserver runs the rules of an object's fields
 * in Go's map order, which changes from one request to the next (the message, their join, too).
 */
function unordered(answer: Answer): unknown {
  if (answer.code < 300) return 'accepted';
  const details = answer.body.details as { causes?: { field: string; message: string }[] } | undefined;
  const causes = [...(details?.causes ?? [])].sort((a, b) => `${a.field} ${a.message}`.localeCompare(`${b.field} ${b.message}`));
  return { ...answer.body, message: undefined, details: { ...details, causes } };
}

let real: TestEnvironment;
let inProcess: TestEnvironment;
const tally = { agree: 0, crds: 0, differ: [] as string[] };

const create = (env: TestEnvironment, crd: unknown, dryRun = true) => statusRequest(env.kubeConfig, 'POST', dryRun ? `${CRDS}?dryRun=All` : CRDS, crd);

/**
 * Deletes a CRD created for real and waits until it is gone, so that the next case may reuse its
 * name. The cleanup finalizer may wait on a CRD that was never served; on this throwaway server it
 * is dropped instead.
 */
async function deleteCRD(env: TestEnvironment, name: string): Promise<void> {
  await statusRequest(env.kubeConfig, 'DELETE', `${CRDS}/${name}`);
  for (;;) {
    const left = await statusRequest(env.kubeConfig, 'GET', `${CRDS}/${name}`);
    if (left.code === 404) return;
    const metadata = { ...(left.body.metadata as object), finalizers: [] };
    await statusRequest(env.kubeConfig, 'PUT', `${CRDS}/${name}`, { ...left.body, metadata });
  }
}

/** Creates a CRD for real and waits until it is Established (its resource served). */
async function served(env: TestEnvironment, crd: CustomResourceDefinition): Promise<void> {
  const created = await create(env, crd, false);
  expect(created.code, JSON.stringify(created.body)).toBeLessThan(300);
  for (;;) {
    const current = await statusRequest(env.kubeConfig, 'GET', `${CRDS}/${crd.metadata.name}`);
    const conditions = ((current.body.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []);
    if (conditions.some((x) => x.type === 'Established' && x.status === 'True')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Creates `crd` on both servers, then sends the update to `next` (dryRun=All): the answers, kube-apiserver's first. */
async function updated(crd: Record<string, unknown>, next: Record<string, unknown>): Promise<[Answer, Answer]> {
  const name = (crd.metadata as { name: string }).name;
  const update = async (env: TestEnvironment): Promise<Answer> => {
    await served(env, crd as unknown as CustomResourceDefinition);
    try {
      const current = await statusRequest(env.kubeConfig, 'GET', `${CRDS}/${name}`);
      const metadata = { ...(next.metadata as object), resourceVersion: (current.body.metadata as { resourceVersion: string }).resourceVersion };
      return await statusRequest(env.kubeConfig, 'PUT', `${CRDS}/${name}?dryRun=All`, { ...next, metadata });
    } finally {
      await deleteCRD(env, name);
    }
  };
  return Promise.all([update(real), update(inProcess)]);
}

describe.skipIf(!hasKubernetesBinaries())('the corpus on kube-apiserver', () => {
  beforeAll(async () => {
    [real, inProcess] = await Promise.all([startTestEnvironment({ binaryAssetsDirectory: kubernetesAssetsDir(), useExistingCluster: false }), startEnv()]);
  }, scaled(120_000));
  afterAll(async () => {
    await Promise.all([real?.stop(), inProcess?.stop()]);
    console.log(`kube-apiserver, the test server and manifests agree on ${tally.agree} of ${tally.crds} CRDs${tally.differ.length ? `; differ: ${tally.differ.join('; ')}` : ''}`);
  });

  /**
   * Judges one CRD on both servers and compares with `manifests`' run; `accepted` is kube-apiserver's
   * expected verdict. With `manifestsWarns`, manifests writes the CRD and warns (CorpusCase.manifestsWarns).
   */
  async function judge(label: string, run: Awaited<ReturnType<typeof manifestsOn>>, crd: CustomResourceDefinition | undefined, accepted: boolean, manifestsWarns = false): Promise<void> {
    tally.crds++;
    expect(crd, run.stderr).toBeDefined();
    const [onReal, onTestServer] = await Promise.all([create(real, crd), create(inProcess, crd)]);
    const judged = verdictOf(onReal);
    try {
      expect({ verdict: verdictOf(onTestServer), status: statusOf(onTestServer) }, 'the test server').toEqual({ verdict: judged, status: statusOf(onReal) });
      if (manifestsWarns) expect(run.stderr, 'manifests warns').toMatch(/ warning: CustomResourceDefinition ".*" is in the protected group .*api-approved\.kubernetes\.io/);
      else expect(run.verdict(crd!.metadata.name), `manifests:\n${run.stderr}`).toEqual(judged);
      expect(judged.accepted, 'kube-apiserver').toBe(accepted);
    } catch (err) {
      tally.differ.push(label);
      throw err;
    }
    tally.agree++;

    // dryRun=All is judged as a create is: the same Status, or accepted (the created CRD is then removed).
    const created = await create(real, crd, false);
    expect(statusOf(created)).toEqual(statusOf(onReal));
    if (created.code < 300) await deleteCRD(real, crd!.metadata.name);
  }

  describe.each(CASES.map((c) => [c.name, c] as [string, CorpusCase]))('%s', (name, c) => {
    const known = DISAGREEMENTS[name];
    (known ? it.fails : it)(c.manifestsWarns ? "both servers refuse it, with kube-apiserver's causes; manifests warns" : "all three refuse it, with kube-apiserver's causes", async () => {
      const run = await manifestsOn(c, false);
      // manifests refuses to write it: the CRD its generator built.
      await judge(name, run, generateCase(c, false).crds.find((x) => x.spec.names.kind === (c.kind ?? 'Widget')), false, c.manifestsWarns);
    }, scaled(60_000));
    it('its valid twin: all three accept it', async () => {
      const run = await manifestsOn(c, true);
      const kind = (c.kind ?? 'Widget').split(c.fix[0]).join(c.fix[1]);
      await judge(`${name} (twin)`, run, run.written.find((x) => x.spec.names.kind === kind), true);
    }, scaled(60_000));
  });

  describe.each(HAND_WRITTEN.map((c) => [c.name, c] as [string, HandWrittenCase]))('written by hand: %s', (name, c) => {
    (DISAGREEMENTS[name] ? it.fails : it)('the test server answers as kube-apiserver does', async () => {
      tally.crds++;
      const [onReal, onTestServer] = c.next ? await updated(c.crd, c.next) : await Promise.all([create(real, c.crd), create(inProcess, c.crd)]);
      try {
        expect(statusOf(onTestServer), 'the test server').toEqual(statusOf(onReal));
      } catch (err) {
        tally.differ.push(name);
        throw err;
      }
      tally.agree++;
    });
  });

  describe.each(ACCEPTED.map((c) => [c.name, c] as [string, AcceptedCase]))('%s', (name, c) => {
    it('all three accept it', async () => {
      const run = await manifestsOn(acceptedCase(c), false);
      await judge(name, run, run.written.find((x) => x.spec.names.kind === 'Widget'), true);
    }, scaled(60_000));

    it.skipIf(!c.objects)('both servers judge its objects alike', async () => {
      const crd = generateCase(acceptedCase(c), false).crds.find((x) => x.spec.names.kind === 'Widget')!;
      const { group, versions, names } = crd.spec;
      const widgets = `/apis/${group}/${versions[0].name}/namespaces/default/${names.plural}?dryRun=All`;
      await Promise.all([served(real, crd), served(inProcess, crd)]);
      try {
        for (const spec of c.objects!) {
          const widget = { apiVersion: `${group}/${versions[0].name}`, kind: 'Widget', metadata: { name: 'w' }, spec };
          const [onReal, onTestServer] = await Promise.all([statusRequest(real.kubeConfig, 'POST', widgets, widget), statusRequest(inProcess.kubeConfig, 'POST', widgets, widget)]);
          expect([200, 422], JSON.stringify(onReal.body)).toContain(onReal.code);
          expect(unordered(onTestServer), JSON.stringify(spec)).toEqual(unordered(onReal));
        }
      } finally {
        await Promise.all([deleteCRD(real, crd.metadata.name), deleteCRD(inProcess, crd.metadata.name)]);
      }
    }, scaled(60_000));
  });
});
