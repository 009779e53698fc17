/** Turns a corpus case into an API package and generates its CRD (as `manifests` does), or writes it as a project. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { runManifests } from '../../../src/generators/manifests/index.js';
import { generateFrom, type SandboxResult } from '../../crd/api-sandbox.js';
import type { CorpusCase } from './cases.js';

export const KIND_FILE = 'api/v1/widget_types.ts';

function fixed(text: string | undefined, c: CorpusCase, apply: boolean): string | undefined {
  return apply && text !== undefined ? text.split(c.fix[0]).join(c.fix[1]) : text;
}

/** The case's sources; `applyFix` gives the valid twin. */
export function caseFiles(c: CorpusCase, applyFix: boolean): Record<string, string> {
  const kind = fixed(c.kind ?? 'Widget', c, applyFix)!;
  const packageMarkers = fixed(c.packageMarkers ?? '// +groupName=test.example.com', c, applyFix)!;
  const kindFile = (source: string, markers: string) => `import type { ObjectMeta } from 'kubescaffolder/runtime';
${source}
${markers}
// ${kind} is the kind under test.
export interface ${kind} {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}
`;
  const kindMarkers = fixed(c.kindMarkers ?? '', c, applyFix)!;
  const files: Record<string, string> = {
    'api/v1/groupversion_info.ts': `${packageMarkers}\nexport const GroupVersion = { group: 'test.example.com', version: 'v1' };\n`,
    [KIND_FILE]: kindFile(fixed(c.source, c, applyFix)!, c.extraVersion === undefined ? kindMarkers : `${kindMarkers}\n// +kubebuilder:storageversion`),
  };
  if (c.extraVersion !== undefined) {
    files['api/v2/groupversion_info.ts'] = `${packageMarkers.replace(/\/\/ \+versionName=.*\n?/, '')}\nexport const GroupVersion = { group: 'test.example.com', version: 'v2' };\n`;
    files['api/v2/widget_types.ts'] = kindFile(c.extraVersion, '');
  }
  return files;
}

export function generateCase(c: CorpusCase, applyFix: boolean): SandboxResult {
  return generateFrom(caseFiles(c, applyFix));
}

const root = mkdtempSync(path.join(tmpdir(), 'crd-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

/** Writes `files` (relative path -> text) into a fresh project folder, removed after the test file. */
export function writeProject(files: Record<string, string>): string {
  const dir = path.join(root, `p${++counter}`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** `scaffolder manifests` on a project folder: its exit code and what it printed on stderr. */
export async function manifests(dir: string): Promise<{ code: number; stderr: string }> {
  const err: string[] = [];
  const code = await runManifests({ projectDir: dir }, { stdout: () => {}, stderr: (s) => void err.push(s) });
  return { code, stderr: err.join('') };
}

/** The diagnostics `manifests` printed, each with the lines it continues on (a CEL error shows the rule and a caret). */
export function diagnostics(stderr: string): string[] {
  const out: string[] = [];
  for (const line of stderr.split('\n')) {
    if (/^[^:\n]+:\d+:\d+: (error|warning): /.test(line) || /^manifests: /.test(line) || out.length === 0) out.push(line);
    else out[out.length - 1] += `\n${line}`;
  }
  return out;
}

/** A diagnostic without what `manifests` adds to a cost error (its estimate and the budget), which kube-apiserver does not say. */
export function withoutCostNote(diagnostic: string): string {
  return diagnostic.replace(/ \[estimated cost \d+, budget \d+\]$/, '');
}
