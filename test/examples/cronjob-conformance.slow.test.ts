// examples/cronjob against what kubebuilder's book project generates (../shared/conformance):
// its config/crd/bases, config/rbac/role.yaml and config/webhook/manifests.yaml equal the
// multi-version tutorial's, and generating from the v1 package (and the controller) alone gives
// the CronJob tutorial's, as parsed objects, the tool-version annotation aside. Built-in types
// (jobTemplate, active, conditions) come from the shipped Kubernetes 1.36 data, as the book's
// k8s.io/api v0.36; the tutorials drop descriptions, so nothing is allowed to differ.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { loadExpected, objectDiff, withoutToolVersion } from '../crd/conformance-harness.js';
import { examplesDir } from '../../scripts/examples/link-examples.js';
import { conformanceDir, describeShared } from '../support/shared.js';

const project = join(examplesDir, 'cronjob');
const crdFile = 'batch.tutorial.kubebuilder.io_cronjobs.yaml';

type Json = Parameters<typeof withoutToolVersion>[0];

function readObjects(file: string): Json[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJSON() as Json)
    .filter((d) => d !== null)
    .map((d) => withoutToolVersion(d, 'scaffolder.dev/version'));
}

/** Fails with a readable diff unless the generated config (under `configDir`) matches the stage's conformance files. */
function expectConformance(configDir: string, stage: string): void {
  const expectedCrd = loadExpected(`kubebuilder/${stage}/${crdFile}`);
  const actualCrd = readObjects(join(configDir, 'crd', 'bases', crdFile));
  const pairs: [string, unknown, unknown][] = [
    [crdFile, expectedCrd, actualCrd],
    ['role.yaml', loadExpected(`kubebuilder/${stage}/role.yaml`), readObjects(join(configDir, 'rbac', 'role.yaml'))],
    ['manifests.yaml', loadExpected(`kubebuilder/${stage}/manifests.yaml`), readObjects(join(configDir, 'webhook', 'manifests.yaml'))],
  ];
  for (const [name, expected, actual] of pairs) {
    const diff = objectDiff(expected, actual);
    if (diff) expect.fail(`${name} differs from conformance/kubebuilder/${stage}:\n${diff}`);
  }
}

describeShared([join(conformanceDir, 'kubebuilder', 'multiversion-tutorial'), join(conformanceDir, 'kubebuilder', 'cronjob-tutorial')], 'examples/cronjob conformance with the kubebuilder book', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'cronjob-v1-stage-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('has the multi-version tutorial config (v1 hub and storage, v2 spoke, four webhooks)', () => {
    expectConformance(join(project, 'config'), 'multiversion-tutorial');
  });

  it('generates the CronJob tutorial config from the v1 package and the controller alone', async () => {
    let errors = '';
    const code = await main(['manifests', '--paths', 'api/v1', '--paths', 'src', '--output-dir', scratch, '--max-desc-len', '0'], {
      cwd: project,
      stdout: () => undefined,
      stderr: (s) => {
        errors += s;
      },
    });
    expect(code, errors).toBe(0);
    expectConformance(scratch, 'cronjob-tutorial');
  });
});
