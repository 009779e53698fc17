// The webhook markers the CLI scaffolds, run through `scaffolder manifests`, must give the same
// webhook configurations as kubebuilder's project-v4 for the same kinds and flags.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { generateGoldenProject } from '../../scripts/golden-sequence.js';
import { runManifests } from '../../src/generators/manifests/index.js';
import { conformanceDir, describeShared } from '../support/shared.js';

interface Webhook { name: string; [key: string]: unknown }
interface Configuration { kind: string; webhooks: Webhook[] }

const conformance = join(conformanceDir, 'kubebuilder', 'project-v4', 'manifests.yaml');

function webhooksByName(text: string): Map<string, Webhook & { configuration: string }> {
  const out = new Map<string, Webhook & { configuration: string }>();
  for (const doc of parseAllDocuments(text)) {
    const config = doc.toJS() as Configuration | null;
    if (!config) continue;
    for (const w of config.webhooks) out.set(w.name, { ...w, configuration: config.kind });
  }
  return out;
}

describeShared(conformance, 'scaffolded webhooks agree with kubebuilder project-v4', () => {
  let work: string;
  let ours: Map<string, Webhook & { configuration: string }>;
  let theirs: Map<string, Webhook & { configuration: string }>;

  beforeAll(async () => {
    theirs = webhooksByName(readFileSync(conformance, 'utf8'));
    work = mkdtempSync(join(tmpdir(), 'scaffolder-webhook-conformance-'));
    const dir = join(work, 'project-v1');
    await generateGoldenProject('project-v1', dir);
    let log = '';
    const code = await runManifests({ projectDir: dir }, { stdout: () => undefined, stderr: (s: string) => { log += s; } });
    if (code !== 0) throw new Error(`scaffolder manifests failed:\n${log}`);
    ours = webhooksByName(readFileSync(join(dir, 'config/webhook/manifests.yaml'), 'utf8'));
  });
  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  it.each(['madmiral-v1.kb.io', 'mcaptain-v1.kb.io', 'mdeployment-v1.kb.io', 'mpod-v1.kb.io', 'msailor-v1.kb.io',
    'vadmiral-v1.kb.io', 'vcaptain-v1.kb.io', 'vdeployment-v1.kb.io', 'vsailor-v1.kb.io'])('%s', (name) => {
    expect(ours.get(name)).toEqual(theirs.get(name));
  });

  it('has no webhooks kubebuilder would not have', () => {
    expect([...ours.keys()].filter((n) => !theirs.has(n))).toEqual([]);
  });
});
