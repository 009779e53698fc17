/**
 * The corpus of CRDs kube-apiserver refuses (cases.ts): each is refused by `scaffolder manifests`
 * (exit 1, nothing written, the API server's error at the marker's file:line) and by the test API
 * server (422 with kube-apiserver's Status); each valid twin passes both.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestAPIServer } from '../../../src/testing/index.js';
import { credentials } from '../../testing/support.js';
import { ACCEPTED, acceptedCase, CASES, type AcceptedCase, type CorpusCase } from './cases.js';
import { caseFiles, diagnostics, generateCase, manifests, withoutCostNote, writeProject } from './harness.js';

/** A matcher of the case's error text, where ` … ` stands for any text. */
function errorPattern(error: string, anchored: 'end' | 'both' | 'none'): RegExp {
  const body = error.split(' … ').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`${anchored === 'both' ? '^' : ''}${body}${anchored === 'none' ? '' : '$'}`, 's');
}

/** `<field>: <message>` split as a StatusCause carries it. */
function cause(error: string): { field: string; message: string } {
  const i = error.indexOf(': ');
  return { field: error.slice(0, i), message: error.slice(i + 2) };
}

async function createCRD(crd: unknown): Promise<{ code: number; body: Record<string, unknown> }> {
  const server = new TestAPIServer();
  await server.listen();
  try {
    const res = await fetch(`${server.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...credentials(server) },
      body: JSON.stringify(crd),
    });
    return { code: res.status, body: (await res.json()) as Record<string, unknown> };
  } finally {
    await server.stop();
  }
}

/** The 1-based line of `file` holding the diagnostic's position, and its text. */
function lineAt(dir: string, diagnostic: string): { file: string; text: string } {
  const m = /^([^:\n]+):(\d+):(\d+): error: /.exec(diagnostic)!;
  const lines = readFileSync(path.join(dir, m[1]), 'utf8').split('\n');
  return { file: m[1], text: lines[Number(m[2]) - 1] };
}

describe('CRDs kube-apiserver refuses', () => {
  it('has at least 40 cases with distinct names', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it('reports a bad version name at +versionName under both of its paths (spec.versions[0].name, spec.version)', async () => {
    const c = CASES.find((x) => x.name === 'version name starting with a digit')!;
    const dir = writeProject(caseFiles(c, false));
    const { stderr } = await manifests(dir);
    const lines = stderr.split('\n').filter((l) => l.includes(' error: '));
    expect(lines.map((l) => / is invalid: ([^:]+):/.exec(l)?.[1])).toEqual(['spec.versions[0].name', 'spec.version']);
    for (const line of lines) expect(lineAt(dir, line).text).toContain('+versionName=1beta1');
  });

  describe.each(CASES.map((c) => [c.name, c] as [string, CorpusCase]))('%s', (_name, c) => {
    it.runIf(c.manifestsWarns)('manifests writes it with a warning at the marker that says what kube-apiserver will refuse; the twin without one', async () => {
      const dir = writeProject(caseFiles(c, false));
      const { code, stderr } = await manifests(dir);
      expect(code, stderr).toBe(0);
      const line = stderr.split('\n').find((l) => / warning: CustomResourceDefinition ".*" is in the protected group /.test(l));
      expect(line, stderr).toBeDefined();
      expect(line).toContain('api-approved.kubernetes.io');
      expect(existsSync(path.join(dir, 'config', 'crd', 'bases'))).toBe(true);
      const twin = writeProject(caseFiles(c, true));
      const fixed = await manifests(twin);
      expect(fixed.stderr).toBe('');
      expect(fixed.code).toBe(0);
    });

    it.skipIf(c.manifestsWarns)('manifests refuses it at the marker, with the API server error, and writes nothing; the twin is written', async () => {
      const dir = writeProject(caseFiles(c, false));
      const { code, stderr } = await manifests(dir);
      expect(code).toBe(1);
      const line = diagnostics(stderr).find((l) => errorPattern(` is invalid: ${c.error}`, 'end').test(withoutCostNote(l)));
      expect(line, stderr).toBeDefined();
      expect(line).toContain('error: CustomResourceDefinition "');
      expect(lineAt(dir, line!).text).toContain(c.at);
      expect(existsSync(path.join(dir, 'config'))).toBe(false);

      const twin = writeProject(caseFiles(c, true));
      const fixed = await manifests(twin);
      expect(fixed.stderr).toBe('');
      expect(fixed.code).toBe(0);
    });

    it('the test API server answers 422 Invalid with the same error; the twin is created', async () => {
      const generated = generateCase(c, false);
      // The kind under test's CRD (a type with metadata: ObjectMeta, as an embedded template, is a kind too).
      const crd = generated.crds.find((x) => x.spec.names.kind === (c.kind ?? 'Widget'))!;
      expect(crd).toBeDefined();
      const { code, body } = await createCRD(crd);
      expect(code).toBe(422);
      expect(body.reason).toBe('Invalid');
      expect(String(body.message)).toMatch(new RegExp(`^CustomResourceDefinition\\.apiextensions\\.k8s\\.io ${JSON.stringify(crd.metadata.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is invalid: `));
      expect(String(body.message)).toMatch(errorPattern(c.error, 'none'));
      const details = body.details as { causes: { field: string; message: string }[]; kind: string; group: string };
      expect(details.kind).toBe('CustomResourceDefinition');
      expect(details.group).toBe('apiextensions.k8s.io');
      const expected = cause(c.error);
      expect(details.causes.some((x) => x.field === expected.field && errorPattern(expected.message, 'both').test(x.message)), JSON.stringify(details.causes)).toBe(true);

      const twin = generateCase(c, true);
      const twinKind = (c.kind ?? 'Widget').split(c.fix[0]).join(c.fix[1]);
      const created = await createCRD(twin.crds.find((x) => x.spec.names.kind === twinKind));
      expect(created.body).toMatchObject({ kind: 'CustomResourceDefinition' });
      expect(created.code).toBe(201);
    });
  });
});

describe('CRDs kube-apiserver accepts, once refused', () => {
  describe.each(ACCEPTED.map((c) => [c.name, c] as [string, AcceptedCase]))('%s', (_name, c) => {
    it('manifests writes it and the test API server creates it', async () => {
      const dir = writeProject(caseFiles(acceptedCase(c), false));
      const { code, stderr } = await manifests(dir);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const crd = generateCase(acceptedCase(c), false).crds.find((x) => x.spec.names.kind === 'Widget');
      const created = await createCRD(crd);
      expect(created.body).toMatchObject({ kind: 'CustomResourceDefinition' });
      expect(created.code).toBe(201);
    });
  });
});
