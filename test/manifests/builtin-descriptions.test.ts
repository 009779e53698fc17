/**
 * Descriptions of built-in fields (issue 27): in a project that has kubernetes-models installed (a
 * devDependency `init` adds), `scaffolder manifests` describes a field typed with a built-in type by
 * that property's own OpenAPI doc, as controller-gen writes the Go field's doc; without the package
 * it falls back to client-node's docs (the field type's doc, or none) and says nothing.
 * The expected texts are read from the installed packages when the test runs.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { JSONSchemaProps } from '../../src/generators/crd/index.js';
import { clientNodeDescriptions } from '../../src/generators/crd/schema/kubernetes-models.js';
import { noInstall, noMake, ok, tempProjectDir } from '../cli/run-cli.js';
import { repoRoot } from '../support/shared-paths.js';

const installed = join(repoRoot, 'node_modules');
const PACKAGES = ['kubernetes-models', '@kubernetes-models/apimachinery'];

/** The JSDoc above property `name` in one of kubernetes-models' `.d.ts` files, as written there. */
function packageDoc(file: string, name: string): string {
  const source = readFileSync(join(installed, 'kubernetes-models', file), 'utf8');
  const m = new RegExp(`/\\*\\*\\n((?: +\\*.*\\n)*?) +\\*/\\n +"${name}"\\??:`).exec(source);
  if (!m) throw new Error(`no JSDoc for ${name} in kubernetes-models/${file}`);
  return m[1].split('\n').map((l) => l.replace(/^ +\*(?: |$)/, '')).join('\n').trim();
}

describe('manifests: descriptions of built-in fields', () => {
  let dir: string;
  let cleanup: () => void;
  const crd = () => parse(readFileSync(join(dir, 'config/crd/bases/batch.example.com_workers.yaml'), 'utf8')) as { spec: { versions: { schema: { openAPIV3Schema: JSONSchemaProps } }[] } };
  const template = () => crd().spec.versions[0].schema.openAPIV3Schema.properties!.spec.properties!.template;
  const container = () => template().properties!.spec.properties!.containers.items as JSONSchemaProps;

  beforeAll(async () => {
    ({ dir, cleanup } = tempProjectDir('workers'));
    await ok(dir, ['init', '--domain', 'example.com', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'Worker', ...noMake]);
    const types = join(dir, 'api/v1/worker_types.ts');
    writeFileSync(
      types,
      readFileSync(types, 'utf8')
        .replace("import type { V1Condition } from '@kubernetes/client-node';", "import type { V1Condition, V1PodTemplateSpec } from '@kubernetes/client-node';")
        .replace('  foo?: string;\n', '  foo?: string;\n\n  /** template is the pod each replica runs. */\n  template?: V1PodTemplateSpec;\n'),
    );
  }, 120_000);
  afterAll(() => cleanup());

  it("takes each field's own doc from the project's kubernetes-models", async () => {
    // As npm installs them: the project's node_modules holds the package and its apimachinery types.
    for (const name of PACKAGES) {
      mkdirSync(join(dir, 'node_modules', name, '..'), { recursive: true });
      symlinkSync(join(installed, name), join(dir, 'node_modules', name));
    }
    try {
      await ok(dir, ['manifests']);
    } finally {
      rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    }
    expect(template().description).toBe('template is the pod each replica runs.');
    expect(template().properties!.spec.description).toBe(packageDoc('v1/PodTemplateSpec.d.ts', 'spec'));
    expect(template().properties!.metadata.description).toBe(packageDoc('v1/PodTemplateSpec.d.ts', 'metadata'));
    expect(container().properties!.livenessProbe.description).toBe(packageDoc('v1/Container.d.ts', 'livenessProbe'));
    expect(container().properties!.livenessProbe.properties!.httpGet.properties!.port.description).toBe(packageDoc('v1/HTTPGetAction.d.ts', 'port'));
  });

  it("falls back to client-node's docs without the package, with no error or warning", async () => {
    const run = await ok(dir, ['manifests']);
    expect(run.stderr).toBe('');
    // client-node has no doc for a property typed with another model: the type's shows, or none.
    expect(template().properties!.spec.description).toBe(clientNodeDescriptions('V1PodSpec')!.type);
    expect(template().properties!.metadata.description).toBeUndefined();
    expect(container().properties!.livenessProbe.description).toBe(clientNodeDescriptions('V1Probe')!.type);
  });
});
