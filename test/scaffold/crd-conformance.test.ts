// The types the CLI scaffolds, run through `scaffolder manifests`, must give the CRDs kubebuilder
// gives for its project-v4 (compared without descriptions: the doc comments name .ts files).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateGoldenProject } from '../../scripts/golden-sequence.js';
import { runManifests } from '../../src/manifests/index.js';

const conformance = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'conformance', 'kubebuilder', 'project-v4');

function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'description').map(([k, v]) => [k, withoutDescriptions(v)]));
  }
  return value;
}

// The tool-version annotation names the generator (controller-gen vs scaffolder).
function comparable(text: string): unknown {
  const crd = withoutDescriptions(parse(text)) as { metadata: { annotations?: unknown } };
  delete crd.metadata.annotations;
  return crd;
}

describe('scaffolded types give kubebuilder project-v4 CRDs', () => {
  const work = mkdtempSync(join(tmpdir(), 'scaffolder-crd-conformance-'));
  const dir = join(work, 'project-v1');
  beforeAll(async () => {
    await generateGoldenProject('project-v1', dir);
    let log = '';
    const code = await runManifests({ projectDir: dir }, { stdout: () => undefined, stderr: (s: string) => { log += s; } });
    if (code !== 0) throw new Error(`scaffolder manifests failed:\n${log}`);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(['crew.testproject.org_captains.yaml', 'crew.testproject.org_admirales.yaml', 'crew.testproject.org_sailors.yaml', 'crew.testproject.org_firstmates.yaml'])('%s', (file) => {
    expect(comparable(readFileSync(join(dir, 'config/crd/bases', file), 'utf8'))).toEqual(comparable(readFileSync(join(conformance, file), 'utf8')));
  });
});
