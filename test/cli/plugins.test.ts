// --plugins: optional plugins run after the base one in the same all-or-nothing plan, their flags
// belong to them, and PROJECT records (and is checked for) what they did, so it can be replayed.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { goldenEpoch } from '../../scripts/golden-sequence.js';
import { replayPlugins } from '../../src/project/project-file.js';
import { parseProjectFile } from '../../src/project/project-file.js';
import { noInstall, noMake, ok, runCli, snapshot, tempProjectDir } from './run-cli.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const goldenRoot = resolve(import.meta.dirname, '..', 'golden');
const memcached = [
  'create', 'api', '--group', 'example.com', '--version', 'v1alpha1', '--kind', 'Memcached', '--image', 'memcached:1.6.26-alpine3.19',
  '--image-container-command', 'memcached,--memory-limit=64,-o,modern,-v', '--image-container-port', '11211', '--run-as-user', '1001',
  '--plugins', 'deploy-image/v1-alpha', ...noMake,
];

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

async function project(name = 'demo', init: string[] = []): Promise<string> {
  const { dir, cleanup } = tempProjectDir(name);
  cleanups.push(cleanup);
  await ok(dir, ['init', '--domain', 'testproject.org', ...noInstall, ...init]);
  return dir;
}

/** A copy of a golden project to run further commands in. */
function goldenCopy(name: string): string {
  const { dir, cleanup } = tempProjectDir(name);
  cleanups.push(cleanup);
  cpSync(join(goldenRoot, name), dir, { recursive: true });
  return dir;
}

describe('scaffolder help plugins', () => {
  it('lists the base plugin and the optional ones, with their keys, commands and flags', async () => {
    const { stdout } = await ok(process.cwd(), ['help', 'plugins']);
    expect(stdout).toContain('typescript/v1  (typescript.scaffolder.dev/v1, the base: always runs first)');
    expect(stdout).toContain('deploy-image/v1-alpha  (deploy-image.typescript.scaffolder.dev/v1-alpha)');
    expect(stdout).toContain('grafana/v1-alpha  (grafana.scaffolder.dev/v1-alpha)');
    expect(stdout).toMatch(/create api --image-container-port: /);
  });

  it('create api --help shows the plugin flags in their own group', async () => {
    const { stdout } = await ok(process.cwd(), ['create', 'api', '--help']);
    expect(stdout).toContain('Flags of plugin deploy-image/v1-alpha (with --plugins deploy-image/v1-alpha):');
    expect(stdout).toContain('--image-container-command');
    expect(stdout).toMatch(/--plugins\s+Optional plugins to run after the base one, comma-separated: deploy-image\/v1-alpha; see/);
  });
});

describe('--plugins errors write nothing', () => {
  it.each([
    [['--plugins', 'deploy-image/v1-alpha'], 'error: --image is required with --plugins deploy-image/v1-alpha'],
    [['--image', 'memcached:1.6'], 'error: --image is a flag of plugin deploy-image/v1-alpha: pass --plugins deploy-image/v1-alpha'],
    [['--plugins', 'autoupdate/v1-alpha'], 'error: --plugins: unknown plugin "autoupdate/v1-alpha"; scaffolder has typescript/v1 (the base), deploy-image/v1-alpha, grafana/v1-alpha, helm/v2-alpha'],
    [['--plugins', 'helm/v2-alpha'], 'error: --plugins: plugin helm/v2-alpha does not work with `create api` (it works with: init, edit)'],
    [['--plugins', 'grafana/v1-alpha'], 'error: --plugins: plugin grafana/v1-alpha does not work with `create api` (it works with: init, edit)'],
    [['--plugins', 'deploy-image/v1-alpha', '--image', 'Memcached:Latest'], 'error: invalid --image "Memcached:Latest": must be an image reference'],
    [['--plugins', 'deploy-image/v1-alpha', '--image', 'memcached', '--image-container-port', '70000'], 'error: invalid --image-container-port "70000": must be an integer from 1 to 65535'],
    [['--plugins', 'deploy-image/v1-alpha', '--image', 'memcached', '--run-as-user', '-1'], 'error: invalid --run-as-user "-1": must be an integer from 0 to 2147483647'],
    [['--plugins', 'deploy-image/v1-alpha', '--image', 'memcached', '--image-container-command', 'memcached,,-v'], 'error: invalid --image-container-command "memcached,,-v"'],
    [['--plugins', 'deploy-image/v1-alpha', '--image', 'memcached', '--namespaced=false'], 'error: --plugins deploy-image/v1-alpha deploys the image in the namespace of each object: the kind must be namespaced'],
    [['--plugins', 'deploy-image/v1-alpha', '--image', 'memcached', '--controller=false'], 'error: --plugins deploy-image/v1-alpha scaffolds an API and its controller'],
  ])('create api %j', async (flags, message) => {
    const dir = await project();
    const before = snapshot(dir);
    const run = await runCli(dir, ['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Memcached', ...noMake, ...flags]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(snapshot(dir)).toEqual(before);
  });

  it('edit --plugins deploy-image/v1-alpha', async () => {
    const dir = await project();
    const run = await runCli(dir, ['edit', '--plugins', 'deploy-image/v1-alpha']);
    expect(run).toMatchObject({ code: 1, stderr: 'error: --plugins: plugin deploy-image/v1-alpha does not work with `edit` (it works with: create api)\n' });
  });
});

describe('deploy-image/v1-alpha', () => {
  it('replaces the base files of the kind, gives the manager the image and records the options in PROJECT', async () => {
    const dir = await project('memcached-operator');
    await ok(dir, memcached);
    const files = snapshot(dir);
    expect(files['src/main.ts']).toContain("await new MemcachedReconciler(mgr.getClient(), mgr.getScheme(), mgr.getEventRecorder('memcached-controller')).setupWithManager(mgr);");
    expect(files['src/controllers/memcached_controller.ts']).toContain("command: ['memcached', '--memory-limit=64', '-o', 'modern', '-v'],");
    expect(files['src/controllers/memcached_controller.ts']).toContain('runAsUser: 1001,');
    expect(files['api/v1alpha1/memcached_types.ts']).toContain('  containerPort: int32;');
    expect(parse(files['config/samples/example.com_v1alpha1_memcached.yaml'])).toMatchObject({ spec: { size: 1, containerPort: 11211 } });
    const manager = parse(files['config/manager/manager.yaml'].split('---\n')[1]) as { spec: { template: { spec: { containers: Array<{ env: unknown[] }> } } } };
    expect(manager.spec.template.spec.containers[0].env).toEqual([{ name: 'MEMCACHED_IMAGE', value: 'memcached:1.6.26-alpine3.19' }]);
    expect(parse(files.PROJECT).plugins).toEqual({
      'deploy-image.typescript.scaffolder.dev/v1-alpha': {
        resources: [{
          domain: 'testproject.org', group: 'example.com', kind: 'Memcached', version: 'v1alpha1',
          options: { containerCommand: 'memcached,--memory-limit=64,-o,modern,-v', containerPort: '11211', image: 'memcached:1.6.26-alpine3.19', runAsUser: '1001' },
        }],
      },
    });
  });

  it("gives the kind kubebuilder's deploy-image schema: spec.size (default 1, minimum 0), a required spec.containerPort, status conditions", () => {
    const crd = parse(readFileSync(join(goldenRoot, 'project-v1-deploy-image/config/crd/bases/example.com.testproject.org_memcacheds.yaml'), 'utf8'));
    const version = crd.spec.versions[0];
    const schema = version.schema.openAPIV3Schema;
    expect(version.subresources).toEqual({ status: {} });
    expect(schema.required).toEqual(['spec']);
    expect(schema.properties.spec).toMatchObject({
      required: ['containerPort'],
      properties: {
        size: { type: 'integer', format: 'int32', default: 1, minimum: 0 },
        containerPort: { type: 'integer', format: 'int32' },
      },
    });
    expect(schema.properties.status.properties.conditions).toMatchObject({ type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] });
    // Without --image-container-port the kind has no containerPort.
    const busybox = parse(readFileSync(join(goldenRoot, 'project-v1-deploy-image/config/crd/bases/example.com.testproject.org_busyboxes.yaml'), 'utf8'));
    expect(Object.keys(busybox.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties)).toEqual(['size']);
  });

  it('--dry-run shows the plugin\'s files and edits with the base plugin\'s, and writes nothing', async () => {
    const dir = await project('memcached-operator');
    const before = snapshot(dir);
    const { stdout } = await ok(dir, [...memcached, '--dry-run']);
    expect(stdout).toContain('create src/controllers/conditions.ts\n');
    expect(stdout).toContain('create src/controllers/memcached_controller.ts\n');
    expect(stdout).toContain('+        - name: MEMCACHED_IMAGE\n');
    expect(stdout).toContain("+await new MemcachedReconciler(mgr.getClient(), mgr.getScheme(), mgr.getEventRecorder('memcached-controller')).setupWithManager(mgr);\n");
    expect(snapshot(dir)).toEqual(before);
  });

  it('scaffolded again with --force and a new image changes only the image, in the manager, the README and PROJECT', async () => {
    const dir = await project('memcached-operator');
    await ok(dir, memcached);
    const before = snapshot(dir);
    await ok(dir, [...memcached.map((a) => (a === 'memcached:1.6.26-alpine3.19' ? 'memcached:1.6.27' : a)), '--force']);
    const after = snapshot(dir);
    const changed = Object.keys(after).filter((f) => after[f] !== before[f]);
    expect(changed.sort()).toEqual(['PROJECT', 'README.md', 'config/manager/manager.yaml']);
    expect(after['config/manager/manager.yaml']).toContain('value: memcached:1.6.27\n');
    expect(after['config/manager/manager.yaml']).not.toContain('1.6.26');
    expect(after['src/main.ts'].match(/MemcachedReconciler\(/g)).toHaveLength(1);
  });

  it('the README says how make run gets the images: one command line with every kind\'s variable, kept current', async () => {
    const dir = await project('memcached-operator');
    await ok(dir, memcached);
    const readme = () => readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme()).toContain('\n```sh\nMEMCACHED_IMAGE=memcached:1.6.26-alpine3.19 make run\n```\n');
    // Below init's section on running against a cluster.
    expect(readme().indexOf('MEMCACHED_IMAGE=')).toBeGreaterThan(readme().indexOf('### Run against a cluster'));
    expect(readme().indexOf('MEMCACHED_IMAGE=')).toBeLessThan(readme().indexOf('### Deploy'));
    await ok(dir, ['create', 'api', '--group', 'example.com', '--version', 'v1alpha1', '--kind', 'Busybox', '--image', 'busybox:1.36.1', '--plugins', 'deploy-image/v1-alpha', ...noMake]);
    await ok(dir, [...memcached.map((a) => (a === 'memcached:1.6.26-alpine3.19' ? 'memcached:1.6.27' : a)), '--force']);
    expect(readme()).toContain('\n```sh\nMEMCACHED_IMAGE=memcached:1.6.27 BUSYBOX_IMAGE=busybox:1.36.1 make run\n```\n');
    expect(readme().match(/make run\n```/g)).toHaveLength(1);
    expect(readme()).not.toContain('1.6.26');
  });

  it('the controller run without its image variable (as by a bare make run) says how to set it', async () => {
    const dir = await project('memcached-operator');
    await ok(dir, memcached);
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(repoRoot, join(dir, 'node_modules', 'kubescaffolder'), 'dir');
    writeFileSync(join(dir, 'deployment.ts'), [
      "import { MemcachedReconciler } from './src/controllers/memcached_controller.js';",
      'const reconciler = new MemcachedReconciler({} as never, {} as never, {} as never);',
      "try { reconciler.deploymentForMemcached({ metadata: { name: 'm', namespace: 'd' }, spec: { size: 1, containerPort: 11211 } } as never); } catch (err) { console.log((err as Error).message); }",
      '',
    ].join('\n'));
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'MEMCACHED_IMAGE' && !k.startsWith('VITEST')));
    const run = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'deployment.ts'], { cwd: dir, env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('unable to find MEMCACHED_IMAGE environment variable with the image: set it to the image to deploy, as config/manager/manager.yaml does in the cluster: `MEMCACHED_IMAGE=<image> make run` (see README.md)\n');
  }, 60_000);

  it('an image that YAML would read as a number, null or a boolean is quoted in the manager, and reads back as the string', async () => {
    const dir = await project('memcached-operator');
    const imageIndex = memcached.indexOf('--image') + 1;
    // `on` and `y` are booleans to kubectl's YAML 1.1, `0o10` a number to YAML 1.2.
    for (const image of ['1', 'null', 'true', 'on', '0x10', '0o10', 'y']) {
      await ok(dir, [...memcached.map((a, i) => (i === imageIndex ? image : a)), '--force']);
      const text = readFileSync(join(dir, 'config/manager/manager.yaml'), 'utf8').split('---\n')[1];
      for (const version of ['1.1', '1.2'] as const) {
        const manager = parse(text, { version }) as { spec: { template: { spec: { containers: Array<{ env: unknown[] }> } } } };
        expect(manager.spec.template.spec.containers[0].env, `${image} read as YAML ${version}`).toEqual([{ name: 'MEMCACHED_IMAGE', value: image }]);
      }
    }
  });

  it('replays from PROJECT: the runs replayPlugins gives make the golden project\'s files again', async () => {
    const golden = snapshot(join(goldenRoot, 'project-v1-deploy-image'));
    const cfg = parseProjectFile(golden.PROJECT, 'PROJECT');
    const runs = replayPlugins(cfg);
    expect(runs).toEqual([
      ['create', 'api', '--group', 'example.com', '--version', 'v1alpha1', '--kind', 'Memcached', '--image', 'memcached:1.6.26-alpine3.19',
        '--image-container-command', 'memcached,--memory-limit=64,-o,modern,-v', '--image-container-port', '11211', '--run-as-user', '1001', '--plugins', 'deploy-image/v1-alpha'],
      ['create', 'api', '--group', 'example.com', '--version', 'v1alpha1', '--kind', 'Busybox', '--image', 'busybox:1.36.1', '--plugins', 'deploy-image/v1-alpha'],
      // helm/v2-alpha's chart is made from the generated manifests.
      ['manifests'],
      ['edit', '--plugins', 'helm/v2-alpha'],
    ]);
    const previous = process.env.SOURCE_DATE_EPOCH;
    process.env.SOURCE_DATE_EPOCH = goldenEpoch;
    try {
      const dir = await project('project-v1-deploy-image', ['--owner', 'The Kubernetes authors', '--namespaced']);
      for (const run of runs) await ok(dir, run[0] === 'create' ? [...run, ...noMake] : run);
      const replayed = snapshot(dir);
      for (const file of ['src/controllers/memcached_controller.ts', 'src/controllers/busybox_controller.ts', 'test/controllers/memcached_controller.test.ts',
        'api/v1alpha1/memcached_types.ts', 'config/manager/manager.yaml']) {
        expect(replayed[file], file).toBe(golden[file]);
      }
      // (The golden project's src/main.ts also registers the webhook a base `create webhook` added.)
      for (const kind of ['Memcached', 'Busybox']) {
        const line = `await new ${kind}Reconciler(mgr.getClient(), mgr.getScheme(), mgr.getEventRecorder('${kind.toLowerCase()}-controller')).setupWithManager(mgr);`;
        expect(replayed['src/main.ts']).toContain(line);
        expect(golden['src/main.ts']).toContain(line);
      }
      expect(parse(replayed.PROJECT).plugins).toEqual(parse(golden.PROJECT).plugins);
    } finally {
      if (previous === undefined) delete process.env.SOURCE_DATE_EPOCH;
      else process.env.SOURCE_DATE_EPOCH = previous;
    }
  });

  it('in a multi-group project, kinds of one name in two groups get an image variable each', async () => {
    const dir = await project('demo', ['--multigroup']);
    await ok(dir, ['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Memcached', '--image', 'memcached:1.6', '--plugins', 'deploy-image', ...noMake]);
    await ok(dir, ['create', 'api', '--group', 'web.tier', '--version', 'v1', '--kind', 'Memcached', '--image', 'nginx:1.27', '--plugins', 'deploy-image', ...noMake]);
    const files = snapshot(dir);
    const manager = parse(files['config/manager/manager.yaml'].split('---\n')[1]) as { spec: { template: { spec: { containers: Array<{ env: unknown[] }> } } } };
    expect(manager.spec.template.spec.containers[0].env).toEqual([
      { name: 'WEB_TIER_MEMCACHED_IMAGE', value: 'nginx:1.27' },
      { name: 'CACHE_MEMCACHED_IMAGE', value: 'memcached:1.6' },
    ]);
    expect(files['src/controllers/cache/memcached_controller.ts']).toContain("const memcachedImageEnv = 'CACHE_MEMCACHED_IMAGE';");
    expect(files['src/controllers/web.tier/memcached_controller.ts']).toContain("const memcachedImageEnv = 'WEB_TIER_MEMCACHED_IMAGE';");
    expect(files['src/main.ts']).toContain("await new CacheMemcachedReconciler(mgr.getClient(), mgr.getScheme(), mgr.getEventRecorder('cache-memcached-controller')).setupWithManager(mgr);");
  });

  it('edit --namespaced=false and back keeps the image variables under the one env: key', async () => {
    const dir = goldenCopy('project-v1-deploy-image');
    const original = readFileSync(join(dir, 'config/manager/manager.yaml'), 'utf8');
    await ok(dir, ['edit', '--namespaced=false', ...noMake]);
    const cluster = readFileSync(join(dir, 'config/manager/manager.yaml'), 'utf8');
    expect(cluster).not.toContain('WATCH_NAMESPACE');
    expect(cluster.match(/^ {8}env:$/gm)).toHaveLength(1);
    expect(cluster).toContain('- name: MEMCACHED_IMAGE');
    await ok(dir, ['edit', '--namespaced', ...noMake]);
    const namespaced = readFileSync(join(dir, 'config/manager/manager.yaml'), 'utf8');
    expect(namespaced.match(/^ {8}env:$/gm)).toHaveLength(1);
    expect(parse(namespaced.split('---\n')[1]).spec.template.spec.containers[0].env.map((e: { name: string }) => e.name).sort())
      .toEqual(parse(original.split('---\n')[1]).spec.template.spec.containers[0].env.map((e: { name: string }) => e.name).sort());
  });
});

describe('grafana/v1-alpha', () => {
  it('edit --plugins grafana/v1-alpha writes the dashboards and records the plugin; a second run changes nothing', async () => {
    const dir = await project();
    await ok(dir, ['edit', '--plugins', 'grafana/v1-alpha']);
    const files = snapshot(dir);
    expect(Object.keys(files).filter((f) => f.startsWith('grafana/'))).toEqual([
      'grafana/controller-resources-metrics.json', 'grafana/controller-runtime-metrics.json', 'grafana/custom-metrics/config.yaml',
    ]);
    expect(parse(files.PROJECT).plugins).toEqual({ 'grafana.scaffolder.dev/v1-alpha': {} });
    expect((await ok(dir, ['edit', '--plugins', 'grafana/v1-alpha'])).stdout).toBe('no changes\n');
  });

  it('edit --plugins grafana/v1-alpha regenerates the custom-metrics dashboard from config.yaml, and refuses a bad one naming its line', async () => {
    const dir = goldenCopy('project-v1-grafana');
    const config = join(dir, 'grafana/custom-metrics/config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('  - metric: captain_voyages_total\n', '  - metric: captain_crew_size\n    type: gauge\n  - metric: captain_voyages_total\n'));
    await ok(dir, ['edit', '--plugins', 'grafana/v1-alpha']);
    const dashboard = JSON.parse(readFileSync(join(dir, 'grafana/custom-metrics/custom-metrics-dashboard.json'), 'utf8')) as { panels: Array<{ title: string }> };
    expect(dashboard.panels.map((p) => p.title)).toEqual(['captain_crew_size (gauge)', 'captain_voyages_total (counter)', 'captain_reconcile_duration_seconds (histogram)']);

    writeFileSync(config, readFileSync(config, 'utf8').replace('type: gauge', 'type: gaige'));
    const before = snapshot(dir);
    const run = await runCli(dir, ['edit', '--plugins', 'grafana/v1-alpha']);
    expect(run).toMatchObject({ code: 1, stderr: 'error: grafana/custom-metrics/config.yaml:8: customMetrics[0]: type must be counter, gauge or histogram, got "gaige"\n' });
    expect(snapshot(dir)).toEqual(before);
  });

  it('init --plugins grafana/v1-alpha records it from the start', async () => {
    const dir = await project('demo', ['--plugins', 'grafana/v1-alpha']);
    expect(parse(readFileSync(join(dir, 'PROJECT'), 'utf8')).plugins).toEqual({ 'grafana.scaffolder.dev/v1-alpha': {} });
  });
});

describe('PROJECT plugins:', () => {
  const base = 'domain: testproject.org\nlayout:\n- typescript.scaffolder.dev/v1\nprojectName: demo\nversion: "3"\n';
  it.each([
    ['plugins:\n  helm.kubebuilder.io/v2-alpha: {}\n', 'PROJECT:7: unknown plugin "helm.kubebuilder.io/v2-alpha" under plugins'],
    ['plugins:\n  grafana.scaffolder.dev/v1-alpha:\n    dashboards: 3\n', 'PROJECT:8: plugins.grafana.scaffolder.dev/v1-alpha: the grafana plugin takes no configuration (write {})'],
    [
      'plugins:\n  deploy-image.typescript.scaffolder.dev/v1-alpha:\n    resources:\n    - group: cache\n      version: v1\n      kind: Memcached\n      options:\n        image: "memcached; rm -rf /"\n',
      'PROJECT:8: plugins.deploy-image.typescript.scaffolder.dev/v1-alpha: resources[0]: invalid --image "memcached; rm -rf /"',
    ],
    [
      'plugins:\n  deploy-image.typescript.scaffolder.dev/v1-alpha:\n    resources:\n    - group: cache\n      version: v1\n      kind: Memcached\n',
      'PROJECT:8: plugins.deploy-image.typescript.scaffolder.dev/v1-alpha: resources[0].options: missing field "image"',
    ],
  ])('refuses %j', (plugins, message) => {
    expect(() => parseProjectFile(base + plugins, 'PROJECT')).toThrow(message);
  });

  it('refuses a layout naming a plugin scaffolder does not have', () => {
    expect(() => parseProjectFile('domain: testproject.org\nlayout:\n- typescript.scaffolder.dev/v1\n- go.kubebuilder.io/v4\nprojectName: demo\nversion: "3"\n', 'PROJECT'))
      .toThrow('PROJECT:3: layout names plugin "go.kubebuilder.io/v4", which scaffolder does not have');
  });

  it('reads what the golden projects record', () => {
    const cfg = parseProjectFile(readFileSync(join(goldenRoot, 'project-v1-grafana', 'PROJECT'), 'utf8'), 'PROJECT');
    expect(cfg.plugins).toEqual({ 'grafana.scaffolder.dev/v1-alpha': {} });
    expect(replayPlugins(cfg)).toEqual([['edit', '--plugins', 'grafana/v1-alpha']]);
  });
});
