// The types the CLI scaffolds, run through `scaffolder manifests`, must give the CRDs kubebuilder
// gives for its project-v4 (compared without descriptions: the doc comments name .ts files).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateGoldenProject } from '../../scripts/golden-sequence.js';
import { runManifests } from '../../src/generators/manifests/index.js';
import { conformanceDir, describeShared } from '../support/shared.js';

const conformance = join(conformanceDir, 'kubebuilder', 'project-v4');

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

describeShared(conformance, 'scaffolded types give kubebuilder project-v4 CRDs', () => {
  let work: string;
  let dir: string;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'scaffolder-crd-conformance-'));
    dir = join(work, 'project-v1');
    await generateGoldenProject('project-v1', dir);
    let log = '';
    const code = await runManifests({ projectDir: dir }, { stdout: () => undefined, stderr: (s: string) => { log += s; } });
    if (code !== 0) throw new Error(`scaffolder manifests failed:\n${log}`);
  });
  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  it.each(['crew.testproject.org_captains.yaml', 'crew.testproject.org_admirales.yaml', 'crew.testproject.org_sailors.yaml', 'crew.testproject.org_firstmates.yaml'])('%s', (file) => {
    expect(comparable(readFileSync(join(dir, 'config/crd/bases', file), 'utf8'))).toEqual(comparable(readFileSync(join(conformance, file), 'utf8')));
  });
});
