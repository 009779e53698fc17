// examples/cronjob against what kubebuilder's book project generates (../shared/conformance):
// its config/crd/bases, config/rbac/role.yaml and config/webhook/manifests.yaml equal the
// multi-version tutorial's, and generating from the v1 package (and the controller) alone gives
// the CronJob tutorial's, as parsed objects. Apart from the tool-version annotation, the only
// allowances are those of the CRD conformance tests: inside the subtrees whose schema comes from
// @kubernetes/client-node models (jobTemplate, active, conditions) what that source does not
// carry, and the Kubernetes 1.35 fields that client-node 1.4 (1.34) does not know.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { applyApiSkew, loadExpected, normalizeBuiltinSubtrees, objectDiff, withoutToolVersion, type ApiSkew, type SchemaPath } from '../crd/conformance-harness.js';
import { examplesDir } from '../../scripts/examples/link-examples.js';
import { conformanceDir, describeShared } from '../support/shared.js';

const project = join(examplesDir, 'cronjob');
const crdFile = 'batch.tutorial.kubebuilder.io_cronjobs.yaml';

const clientNodeSubtrees: SchemaPath[] = [['spec', 'jobTemplate'], ['status', 'active', '[]'], ['status', 'conditions', '[]']];
const api135: ApiSkew[] = [
  { kind: 'newField', field: 'schedulingGroup', why: 'PodSpec.schedulingGroup is new in 1.35' },
  { kind: 'newField', field: 'userAnnotations', why: 'PodCertificateProjection.userAnnotations is new in 1.35' },
  { kind: 'nowOptional', parent: 'onPodConditions', field: 'status', why: 'PodFailurePolicyOnPodConditionsPattern.status became optional in 1.35' },
];

type Json = Parameters<typeof withoutToolVersion>[0];

function readObjects(file: string): Json[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJSON() as Json)
    .filter((d) => d !== null)
    .map((d) => withoutToolVersion(d, 'scaffolder.dev/version'));
}

/** Fails with a readable diff unless the generated config (under `configDir`) matches the stage's conformance files. */
function expectConformance(configDir: string, stage: string): void {
  const expectedCrd = loadExpected(`kubebuilder/${stage}/${crdFile}`).map((c) => normalizeBuiltinSubtrees(applyApiSkew(c, api135), clientNodeSubtrees));
  const actualCrd = readObjects(join(configDir, 'crd', 'bases', crdFile)).map((c) => normalizeBuiltinSubtrees(c, clientNodeSubtrees));
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
