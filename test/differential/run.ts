/**
 * Runs a batch of API models through both tools at once: every model is a group of its own (`<id>`),
 * its Go packages in one temporary module for one controller-gen run (go/packages' start-up costs
 * seconds, so it is paid once per batch), its TypeScript packages in one `manifests` run.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { VERSION_ANNOTATION } from '../../src/generators/crd/index.js';
import { generateCrds } from '../../src/generators/manifests/generate-crds.js';
import { goModuleDir, runControllerGen } from '../support/controller-gen.js';
import { crdDifferences } from './compare.js';
import { writeGo } from './go-writer.js';
import type { ApiModel } from './model.js';
import { writeTs } from './ts-writer.js';

export interface Case {
  id: string;
  model: ApiModel;
}

export interface Outcome {
  /** Readable: empty when both tools wrote the same CRDs, or both refused the input. */
  differences: string[];
  /** Both tools' errors when both refused the input (the generator means to write valid input only). */
  bothRefused?: string;
  /**
   * What kube-apiserver's checks (src/crd-validation) refuse in the CRDs, which were compared all the
   * same: equal CRDs are refused by the API server alike, whichever tool wrote them.
   */
  refusedByApiServer?: string;
  /** The CRDs each tool wrote (file name -> CRD), when both wrote them: for kube-apiserver to judge. */
  crds?: { controllerGen: ReadonlyMap<string, unknown>; manifests: ReadonlyMap<string, unknown> };
}

/** `manifests`' output for one case: its CRDs and the API server's findings, or why it wrote none. */
type ManifestsResult = { crds: Map<string, unknown>; apiServer: string[] } | string;

/**
 * Findings of kube-apiserver's checks that the real server gives too on the CRDs both tools write:
 * structural schema rules on what allOf may hold, a map list whose items and keys went into
 * allOf (a field declared twice, merged side by side), and the cost of rules over reserved words' fields.
 * Any other finding on CRDs controller-gen writes is a difference: the generator writes only input
 * kube-apiserver accepts otherwise.
 */
const KNOWN_API_SERVER_REFUSALS = [
  /\.allOf\[\d+\]\..*: Forbidden: (must be (empty|undefined|false) to be structural|must not be specified in a nested context)$/,
  /\.items: Required value: must be specified$/,
  /\.items: Required value: must have a schema if x-kubernetes-list-type is map$/,
  /\.x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map$/,
  // A rule selecting a reserved word's field as it is (`self.namespace == self.namespace` on an object):
  // kube-apiserver cannot bound its size (kube-apiserver.slow.test.ts judges both tools' CRDs).
  /\.rule: Forbidden: estimated rule cost exceeds budget by factor of /,
  /\.rule: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema/,
  /openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget/,
];

/** A CRD validation finding (kube-apiserver's), as opposed to an error generating the CRD. */
const isApiServerFinding = (message: string) => /^CustomResourceDefinition "[^"]*" is invalid: /.test(message);

function writeFiles(root: string, files: Map<string, string>): void {
  for (const [rel, text] of files) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

/** The case a path or message names, by its `<id>/` folder. */
function caseOf(text: string, ids: readonly string[]): string | undefined {
  return ids.find((id) => text.includes(`/${id}/`) || text.includes(`${id}.example.com`));
}

/**
 * controller-gen on every case, by case id (file name -> CRD). A case controller-gen refuses gets its
 * error text instead; its packages are set aside and the others run again.
 */
async function controllerGenCrds(moduleDir: string, outDir: string, ids: string[]): Promise<Map<string, Map<string, unknown> | string>> {
  const result = new Map<string, Map<string, unknown> | string>();
  let running = [...ids];
  for (;;) {
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    try {
      if (running.length) await runControllerGen(moduleDir, outDir);
      break;
    } catch (err) {
      const message = (err as Error).message;
      const refused = new Set(message.split('\n').map((l) => caseOf(l, running)).filter((id): id is string => id !== undefined));
      if (refused.size === 0) throw err;
      for (const id of refused) {
        result.set(id, `controller-gen refused it:\n${message.split('\n').filter((l) => caseOf(l, [id])).join('\n')}`);
        renameSync(path.join(moduleDir, id), path.join(moduleDir, `_${id}`)); // go ignores folders starting with _
      }
      running = running.filter((id) => !refused.has(id));
    }
  }
  for (const id of running) result.set(id, new Map());
  for (const file of readdirSync(outDir)) {
    const id = running.find((i) => file.startsWith(`${i}.example.com_`));
    if (!id) continue;
    (result.get(id) as Map<string, unknown>).set(file, parse(readFileSync(path.join(outDir, file), 'utf8')));
  }
  return result;
}

/** `manifests` (the CRD generator) on every case, by case id. */
function manifestsCrds(tsDir: string, ids: string[]): Map<string, ManifestsResult> {
  const result = new Map<string, ManifestsResult>();
  // An error generating one package's CRDs stops the API server checks for all: the packages
  // without such errors run again on their own until none has one.
  let running = ids;
  while (manifestsPass(tsDir, running, result) > 0) running = running.filter((id) => typeof result.get(id) !== 'string');
  return result;
}

function manifestsPass(tsDir: string, ids: string[], result: Map<string, ManifestsResult>): number {
  const { crds, diagnostics } = generateCrds({ paths: ids, cwd: tsDir, toolVersion: '(differential)' });
  const generation = new Map<string, string[]>();
  const apiServer = new Map<string, string[]>();
  for (const d of diagnostics) {
    // The CRD a message names first: a message about one package may point at a same-named type of another.
    const id = caseOf(d.message, ids) ?? caseOf(d.file, ids);
    if (!id || d.severity !== 'error') continue;
    const into = isApiServerFinding(d.message) ? apiServer : generation;
    if (!into.has(id)) into.set(id, []);
    into.get(id)!.push(`${path.relative(tsDir, d.file)}:${d.line}:${d.column}: ${d.message}`);
  }
  for (const [id, lines] of generation) result.set(id, `manifests refused it:\n${lines.join('\n')}`);
  if (generation.size) return generation.size;
  for (const id of ids) result.set(id, { crds: new Map(), apiServer: apiServer.get(id) ?? [] });
  for (const g of crds) {
    const id = ids.find((i) => g.fileName.startsWith(`${i}.example.com_`));
    const forCase = id && result.get(id);
    if (forCase && typeof forCase !== 'string') forCase.crds.set(g.fileName, g.crd);
  }
  return 0;
}

/** Both tools on every case; the differences of each. The temporary folder is removed unless `keep`. */
export async function runCases(cases: readonly Case[], options: { keep?: boolean } = {}): Promise<Map<string, Outcome>> {
  const root = mkdtempSync(path.join(tmpdir(), 'scaffolder-differential-'));
  try {
    const goDir = path.join(root, 'go');
    const tsDir = path.join(root, 'ts');
    mkdirSync(goDir, { recursive: true });
    for (const f of ['go.mod', 'go.sum']) copyFileSync(path.join(goModuleDir, f), path.join(goDir, f));
    for (const c of cases) {
      writeFiles(goDir, writeGo(c.id, c.model));
      writeFiles(tsDir, writeTs(c.id, c.model));
    }
    const ids = cases.map((c) => c.id);
    const fromGoPromise = controllerGenCrds(goDir, path.join(root, 'out'), ids);
    const fromTs = manifestsCrds(tsDir, ids);
    const fromGo = await fromGoPromise;
    const outcomes = new Map<string, Outcome>();
    for (const id of ids) {
      const go = fromGo.get(id)!;
      const ts = fromTs.get(id)!;
      if (typeof go === 'string' && typeof ts === 'string') outcomes.set(id, { differences: [], bothRefused: `${go}\n${ts}` });
      else if (typeof go === 'string' || typeof ts === 'string') outcomes.set(id, { differences: [typeof go === 'string' ? go : (ts as string)] });
      else {
        const refused = ts.apiServer.length ? { refusedByApiServer: ts.apiServer.join('\n') } : {};
        const unexpected = ts.apiServer.filter((line) => !KNOWN_API_SERVER_REFUSALS.some((re) => re.test(line)));
        const differences = crdDifferences(go, ts.crds, VERSION_ANNOTATION);
        if (unexpected.length) differences.unshift(`manifests refused what controller-gen writes:\n${unexpected.join('\n')}`);
        outcomes.set(id, { differences, ...refused, crds: { controllerGen: go, manifests: ts.crds } });
      }
    }
    return outcomes;
  } finally {
    if (!options.keep) rmSync(root, { recursive: true, force: true });
  }
}
