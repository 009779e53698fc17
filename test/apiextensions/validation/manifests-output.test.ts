/**
 * `scaffolder manifests` on a CRD kube-apiserver would refuse: --check reports the same error as a
 * normal run, and a file name from +groupName / +kubebuilder:resource:path that would leave
 * config/crd/bases is refused, with nothing written anywhere.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runManifests } from '../../../src/generators/manifests/index.js';
import { eventually } from '../../../src/testing/index.js';
import { CASES } from './cases.js';
import { caseFiles, KIND_FILE } from './harness.js';

const root = mkdtempSync(path.join(tmpdir(), 'crd-output-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name, 'project');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

async function manifests(dir: string, check = false): Promise<{ code: number; stderr: string }> {
  const err: string[] = [];
  const code = await runManifests({ projectDir: dir, check }, { stdout: () => {}, stderr: (s) => void err.push(s) });
  return { code, stderr: err.join('') };
}

const byName = (name: string) => CASES.find((c) => c.name === name)!;

describe('manifests on CRDs kube-apiserver refuses', () => {
  it('--check reports the same error at the same place as a run, and exits 1', async () => {
    const c = byName('printcolumn type outside the five column types');
    const dir = project('check', caseFiles(c, false));
    const run = await manifests(dir);
    const check = await manifests(dir, true);
    expect(check.code).toBe(1);
    expect(check.stderr).toBe(run.stderr);
    expect(check.stderr).toMatch(/^api\/v1\/widget_types\.ts:\d+:\d+: error: CustomResourceDefinition "widgets\.test\.example\.com" is invalid: spec\.additionalPrinterColumns\[0\]\.type: Invalid value: "int"/m);
  });

  it('--watch reports the error when a save makes the CRD invalid, writes nothing, and writes again once fixed', async () => {
    const c = byName('printcolumn type outside the five column types');
    const dir = project('watch', caseFiles(c, true));
    let out = '';
    let err = '';
    const controller = new AbortController();
    const done = runManifests({ projectDir: dir, watch: true, signal: controller.signal }, { stdout: (s) => void (out += s), stderr: (s) => void (err += s) });
    await eventually(() => out.includes('manifests: watching'), 'the watch to start');
    const crdFile = path.join(dir, 'config', 'crd', 'bases', 'test.example.com_widgets.yaml');
    const written = readFileSync(crdFile, 'utf8');
    const types = path.join(dir, KIND_FILE);
    writeFileSync(types, readFileSync(types, 'utf8').replace('type=integer', 'type=int'));
    await eventually(() => err.includes('nothing written'), 'the error to be reported');
    expect(err).toMatch(/error: CustomResourceDefinition "widgets\.test\.example\.com" is invalid: spec\.additionalPrinterColumns\[0\]\.type: Invalid value: "int": must be one of boolean,date,integer,number,string/);
    expect(readFileSync(crdFile, 'utf8')).toBe(written);
    writeFileSync(types, readFileSync(types, 'utf8').replace('type=int', 'type=string'));
    await eventually(() => readFileSync(crdFile, 'utf8').includes('type: string'), 'the fixed CRD to be written');
    controller.abort();
    await done;
  });

  it.each([
    ['group name', 'groupName that is a path', '../../somewhere_widgets.yaml'],
    ['resource path', 'resource path that is a path', 'test.example.com_../x.yaml'],
  ])('a CRD file name that leaves config/crd/bases (from the %s) is refused and nothing is written', async (_what, name, fileName) => {
    const dir = project(name.replace(/\W+/g, '-'), caseFiles(byName(name), false));
    const { code, stderr } = await manifests(dir);
    expect(code).toBe(1);
    expect(stderr).toContain(`error: CRD file name ${JSON.stringify(fileName)} (from +groupName and +kubebuilder:resource:path) would be written outside config/crd/bases`);
    expect(existsSync(path.join(dir, 'config'))).toBe(false);
    expect(readdirSync(path.dirname(dir))).toEqual(['project']);
  });
});
