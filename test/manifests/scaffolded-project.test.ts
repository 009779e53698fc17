// A project scaffolded by the CLI, through `manifests`, to `kubectl kustomize config/default`:
// the generated YAML must be what kustomize and the scaffolded config expect.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { main } from '../../src/cli/main.js';
import { runManifests } from '../../src/generators/manifests/index.js';

type Obj = { kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string> }; spec?: Record<string, unknown> };

let dir: string;
const log: string[] = [];

async function cli(...argv: string[]): Promise<void> {
  const status = await main(argv, { cwd: dir, stdout: (s) => void log.push(s), stderr: (s) => void log.push(s) });
  if (status !== 0) throw new Error(`scaffolder ${argv.join(' ')} failed:\n${log.join('')}`);
}

function kustomize(): Obj[] {
  const out = execFileSync('kubectl', ['kustomize', path.join(dir, 'config', 'default')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return parseAllDocuments(out).map((d) => d.toJS() as Obj);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'scaffolded-'));
  await cli('init', '--domain', 'my.domain', '--project-name', 'demo', '--install=false');
  await cli('create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob', '--resource', '--controller');
  await cli('create', 'api', '--group', 'batch', '--version', 'v2', '--kind', 'CronJob', '--resource', '--controller=false');
  await cli('create', 'webhook', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob', '--defaulting', '--programmatic-validation');
  await cli('create', 'webhook', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob', '--conversion', '--spoke', 'v2');
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a scaffolded project with webhooks and conversion', () => {
  it('generates its manifests without warnings and is up to date afterwards', async () => {
    const err: string[] = [];
    const io = { stdout: () => {}, stderr: (s: string) => void err.push(s) };
    expect(await runManifests({ projectDir: dir, strict: true }, io)).toBe(0);
    expect(err.join('')).toBe('');
    expect(await runManifests({ projectDir: dir, check: true }, io)).toBe(0);
    const webhooks = parseAllDocuments(readFileSync(path.join(dir, 'config', 'webhook', 'manifests.yaml'), 'utf8')).map((d) => d.toJS() as Obj);
    expect(webhooks.map((w) => w.kind)).toEqual(['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);
  });

  it('builds with kustomize, with CA injection and the conversion webhook on the right objects', () => {
    const objects = kustomize();
    const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
    const inject = (o: Obj) => o.metadata.annotations?.['cert-manager.io/inject-ca-from'];
    const [crd] = byKind('CustomResourceDefinition');
    expect(crd?.metadata.name).toBe('cronjobs.batch.my.domain');
    expect(inject(crd)).toBe('demo-system/demo-serving-cert');
    expect(crd.spec?.['conversion']).toEqual({
      strategy: 'Webhook',
      webhook: { clientConfig: { service: { name: 'demo-webhook-service', namespace: 'demo-system', path: '/convert' } }, conversionReviewVersions: ['v1'] },
    });
    for (const kind of ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']) {
      const [config] = byKind(kind);
      expect(inject(config), kind).toBe('demo-system/demo-serving-cert');
      const hooks = (config as unknown as { webhooks: { clientConfig: { service: { name: string; namespace: string } } }[] }).webhooks;
      expect(hooks.map((h) => h.clientConfig.service)).toEqual([expect.objectContaining({ name: 'demo-webhook-service', namespace: 'demo-system' })]);
    }
    const roles = byKind('ClusterRole').map((r) => r.metadata.name);
    expect(roles).toContain('demo-manager-role');
  });
});

describe('a namespaced scaffolded project', () => {
  let nsDir: string;
  beforeAll(async () => {
    nsDir = mkdtempSync(path.join(tmpdir(), 'scaffolded-ns-'));
    const run = async (...argv: string[]) => {
      const status = await main(argv, { cwd: nsDir, stdout: (s) => void log.push(s), stderr: (s) => void log.push(s) });
      if (status !== 0) throw new Error(`scaffolder ${argv.join(' ')} failed:\n${log.join('')}`);
    };
    await run('init', '--domain', 'my.domain', '--project-name', 'tenant', '--namespaced', '--install=false');
    await run('create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob', '--resource', '--controller');
  }, 120_000);
  afterAll(() => rmSync(nsDir, { recursive: true, force: true }));

  it('gives the manager a Role in its own namespace, bound by a RoleBinding', () => {
    const roles = parseAllDocuments(readFileSync(path.join(nsDir, 'config', 'rbac', 'role.yaml'), 'utf8')).map((d) => d.toJS() as Obj);
    expect(roles.map((r) => [r.kind, r.metadata.name, r.metadata.namespace])).toEqual([['Role', 'manager-role', 'tenant-system']]);
    const out = execFileSync('kubectl', ['kustomize', path.join(nsDir, 'config', 'default')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const objects = parseAllDocuments(out).map((d) => d.toJS() as Obj & { roleRef?: { kind: string; name: string } });
    const manager = objects.find((o) => o.kind === 'Role' && o.metadata.name === 'tenant-manager-role');
    expect(manager?.metadata.namespace).toBe('tenant-system');
    const binding = objects.find((o) => o.roleRef?.name === 'tenant-manager-role');
    expect(binding?.kind).toBe('RoleBinding');
    expect(binding?.roleRef?.kind).toBe('Role');
  });
});
