// An operator end to end on a real control plane (etcd + kube-apiserver built by
// `npm run tools:kubernetes`): the part of the scaffolded e2e suite that needs no kind cluster or
// image. A project is scaffolded (init, create api, create webhook --defaulting
// --programmatic-validation) and filled in as a user would: its controller writes a ConfigMap and an
// Available condition, its defaulter fills spec.foo, its validator refuses spec.foo "forbidden".
// Then, through the control plane's kubeconfig: `make install` installs the CRD, `make run` starts
// the manager and serves its webhooks from this machine as it does for a developer (a certificate
// made in memory; config/webhook's configurations installed pointing at it), kubectl applies the
// sample, which is defaulted and reconciled, kube-apiserver refuses a bad object through the
// validating webhook, SIGTERM stops the manager and removes the configurations, `make run` towards
// an address the API server cannot reach says so, and `make uninstall` removes the CRD.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/testing/environment/free-port.js';
import { startTestEnvironment, type TestEnvironment } from '../../src/testing/index.js';
import { noInstall, noMake, ok, tempProjectDir } from '../cli/run-cli.js';
import { hasKubernetesBinaries, kubernetesAssetsDir } from '../support/kubernetes-tools.js';
import { conditionTrue, linkNodeModules, runAsync } from '../support/scaffolded-project.js';
import { repoRoot } from '../support/shared-paths.js';
import { scaled } from '../support/timeouts.js';

/** Replaces text that must be in a scaffolded file, as the user's edit. */
function edit(project: string, file: string, ...replace: Array<[string, string]>): void {
  const path = join(project, file);
  let content = readFileSync(path, 'utf8');
  for (const [from, to] of replace) {
    if (!content.includes(from)) throw new Error(`${file} no longer has ${JSON.stringify(from)}`);
    content = content.replace(from, to);
  }
  writeFileSync(path, content);
}

/** The controller of the user: a ConfigMap `<name>-guestbook` holding spec.foo, owned by the Guestbook, then Available. */
function fillInController(project: string): void {
  edit(
    project,
    'src/controllers/guestbook_controller.ts',
    ['  type Scheme,\n  controllerManagedBy,\n', '  type Scheme,\n  type Wire,\n  ConfigMap,\n  controllerManagedBy,\n  createOrUpdate,\n  isNotFound,\n  setControllerReference,\n  setStatusCondition,\n'],
    ["import { Guestbook } from '../../api/v1/index.js';\n", "import type { V1ConfigMap } from '@kubernetes/client-node';\nimport { Guestbook } from '../../api/v1/index.js';\n"],
    ['resources=guestbooks/finalizers,verbs=update\n', 'resources=guestbooks/finalizers,verbs=update\n// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;update;patch;delete\n'],
    [
      "    // TODO(user): your logic here, e.g. `const obj = await this.client.get(Guestbook, req);`\n    ctx.log.info('reconciling', { namespace: req.namespace, name: req.name });\n    return {};\n",
      [
        '    let guestbook: Guestbook;',
        '    try {',
        '      guestbook = await this.client.get(Guestbook, req);',
        '    } catch (err) {',
        '      if (isNotFound(err)) return {};',
        '      throw err;',
        '    }',
        '    const configMap: Wire<V1ConfigMap> = { metadata: { namespace: req.namespace, name: `${req.name}-guestbook` } };',
        '    await createOrUpdate(this.client, ConfigMap, configMap, () => {',
        "      configMap.data = { foo: guestbook.spec.foo ?? '' };",
        '      setControllerReference(guestbook, configMap, Guestbook);',
        '    });',
        '    const conditions = guestbook.status?.conditions ?? [];',
        "    if (setStatusCondition(conditions, { type: 'Available', status: 'True', reason: 'ConfigMapReady', message: 'the ConfigMap is up to date' })) {",
        '      guestbook.status = { ...guestbook.status, conditions };',
        '      await this.client.status().update(Guestbook, guestbook);',
        '    }',
        "    ctx.log.info('reconciled', { configMap: configMap.metadata?.name });",
        '    return {};',
        '',
      ].join('\n'),
    ],
    ['.for(Guestbook).named(', '.for(Guestbook).owns(ConfigMap).named('],
  );
}

/** The webhooks of the user: spec.foo defaults to "defaulted"; "forbidden" is refused. */
function fillInWebhooks(project: string): void {
  edit(
    project,
    'api/v1/guestbook_webhook.ts',
    ['type Manager, log, webhookManagedBy }', 'type Manager, ValidationError, fieldError, log, webhookManagedBy }'],
    ['    // TODO(user): fill in your defaulting logic.\n', "    obj.spec = { ...obj.spec, foo: obj.spec?.foo || 'defaulted' };\n"],
    [
      '    // TODO(user): fill in your validation logic upon object creation.\n',
      "    if (obj.spec?.foo === 'forbidden') throw new ValidationError(Guestbook, obj.metadata?.name ?? '', [fieldError('spec.foo', obj.spec.foo, 'must not be forbidden')]);\n",
    ],
  );
}

describe.skipIf(!hasKubernetesBinaries())('a scaffolded operator on kube-apiserver (make install, make run, kubectl, make uninstall)', () => {
  let project: string;
  let cleanup: () => void;
  let plane: TestEnvironment;
  let webhookPort: number;
  let manager: ChildProcess | undefined;
  let managerExited: Promise<number | null> | undefined;
  let managerOutput = '';
  let env: NodeJS.ProcessEnv;

  const run = (command: string, args: string[], input?: string) => runAsync(command, args, { cwd: project, env, input });
  const make = (...args: string[]) => run('make', ['--no-print-directory', ...args]);
  const kubectl = (...args: string[]) => run('kubectl', args);

  beforeAll(async () => {
    ({ dir: project, cleanup } = tempProjectDir('guestbook'));
    await ok(project, ['init', '--domain', 'my.domain', ...noInstall]);
    await ok(project, ['create', 'api', '--group', 'webapp', '--version', 'v1', '--kind', 'Guestbook', ...noMake]);
    await ok(project, ['create', 'webhook', '--group', 'webapp', '--version', 'v1', '--kind', 'Guestbook', '--defaulting', '--programmatic-validation', ...noMake]);
    fillInController(project);
    fillInWebhooks(project);
    linkNodeModules(project);
    plane = await startTestEnvironment({ binaryAssetsDirectory: kubernetesAssetsDir(), useExistingCluster: false });
    const kubeconfig = join(project, 'kubeconfig');
    await plane.writeKubeconfig(kubeconfig);
    // make, kubectl and the manager reach the control plane; `make manifests` runs this checkout's CLI.
    env = { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: join(project, '.kube-cache'), SCAFFOLDER: `${process.execPath} ${join(repoRoot, 'bin', 'scaffolder.js')}` };
  }, scaled(300_000));

  afterAll(async () => {
    // Whatever a failed step left running: the manager (which removes its webhook configurations), then the control plane.
    try {
      if (manager?.pid !== undefined && manager.exitCode === null && manager.signalCode === null) process.kill(-manager.pid, 'SIGTERM');
      await managerExited;
    } finally {
      await plane?.stop();
      cleanup?.();
    }
  }, scaled(120_000));

  it('make install installs the CRD, which kube-apiserver serves', async () => {
    const install = await make('install');
    expect(install.code, install.stdout + install.stderr).toBe(0);
    expect(install.stdout).toContain('customresourcedefinition.apiextensions.k8s.io/guestbooks.webapp.my.domain serverside-applied');
    await conditionTrue(kubectl, 'crd/guestbooks.webapp.my.domain', 'Established');
  }, scaled(300_000));

  it('make run starts the manager and serves its webhooks from this machine, their configurations pointing at it', async () => {
    webhookPort = await freePort('127.0.0.1');
    const probePort = await freePort('127.0.0.1');
    const args = `--kubeconfig=${env.KUBECONFIG} --health-probe-bind-address=127.0.0.1:${probePort}`;
    // Its own process group: make and the manager it starts stop together.
    manager = spawn('make', ['--no-print-directory', 'run', `WEBHOOK_PORT=${webhookPort}`, `ARGS=${args}`], { cwd: project, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    manager.stdout!.on('data', (d: Buffer) => (managerOutput += d.toString()));
    manager.stderr!.on('data', (d: Buffer) => (managerOutput += d.toString()));
    const child = manager;
    managerExited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    // make run builds first (manifests, tsc); the configurations are installed once the API server has called the probe.
    const deadline = Date.now() + 240_000;
    while (!managerOutput.includes('webhooks served from this machine') || !(await fetch(`http://127.0.0.1:${probePort}/readyz`).then((r) => r.ok, () => false))) {
      if (manager.exitCode !== null) throw new Error(`make run exited with ${manager.exitCode}:\n${managerOutput}`);
      if (Date.now() > deadline) throw new Error(`the manager never became ready:\n${managerOutput}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const configurations = await kubectl('get', 'mutatingwebhookconfigurations,validatingwebhookconfigurations', '-o', 'jsonpath={.items[*].webhooks[*].clientConfig.url}');
    expect(configurations.stdout.split(' ').sort()).toEqual([
      `https://127.0.0.1:${webhookPort}/mutate-webapp-my-domain-v1-guestbook`,
      `https://127.0.0.1:${webhookPort}/validate-webapp-my-domain-v1-guestbook`,
    ]);
    expect(managerOutput).toMatch(/installed MutatingWebhookConfiguration mutating-webhook-configuration\.[0-9a-f]{8}\.my\.domain, calling this machine/);
  }, scaled(300_000));

  it('a sample applied with kubectl is defaulted by the webhook, then reconciled: its ConfigMap, and Available', async () => {
    // As scaffolded, the sample has no spec: the defaulter gives it one, which the CRD's schema requires.
    const applied = await kubectl('apply', '-k', 'config/samples', '-n', 'default');
    expect(applied.code, applied.stderr + managerOutput).toBe(0);
    await conditionTrue(kubectl, 'guestbook/guestbook-sample', 'Available', '-n', 'default');
    const guestbook = JSON.parse((await kubectl('get', 'guestbook/guestbook-sample', '-n', 'default', '-o', 'json')).stdout) as { spec: { foo?: string }; metadata: { uid: string } };
    expect(guestbook.spec).toEqual({ foo: 'defaulted' });
    const configMap = JSON.parse((await kubectl('get', 'configmap/guestbook-sample-guestbook', '-n', 'default', '-o', 'json')).stdout) as {
      data: Record<string, string>;
      metadata: { ownerReferences: Array<{ kind: string; uid: string; controller: boolean }> };
    };
    expect(configMap.data).toEqual({ foo: 'defaulted' });
    expect(configMap.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'Guestbook', uid: guestbook.metadata.uid, controller: true })]);
  }, scaled(300_000));

  it('kube-apiserver refuses a bad object with the validating webhook\'s message, and stores nothing', async () => {
    const bad = 'apiVersion: webapp.my.domain/v1\nkind: Guestbook\nmetadata:\n  name: bad\n  namespace: default\nspec:\n  foo: forbidden\n';
    const refused = await run('kubectl', ['apply', '-f', '-'], bad);
    expect(refused.code).not.toBe(0);
    // kubectl words an Invalid status from its causes; the cause is the validator's.
    expect(refused.stderr).toContain('The Guestbook "bad" is invalid: spec.foo: Invalid value: "forbidden": must not be forbidden');
    const absent = await kubectl('get', 'guestbook/bad', '-n', 'default');
    expect(absent.stderr).toContain('NotFound');
  }, scaled(120_000));

  it('the manager stops on Ctrl-C and removes the webhook configurations it installed', async () => {
    // SIGINT to make and the manager, as a terminal sends it (make waits for the manager; a SIGTERM
    // to both would reach the manager twice, as make passes SIGTERM on, and a second signal exits at once).
    process.kill(-manager!.pid!, 'SIGINT');
    await managerExited;
    expect(managerOutput).toContain('Manager stopped');
    expect(managerOutput).toMatch(/removed ValidatingWebhookConfiguration validating-webhook-configuration\./);
    const left = await kubectl('get', 'mutatingwebhookconfigurations,validatingwebhookconfigurations', '-o', 'name');
    expect(left.code, left.stderr).toBe(0);
    expect(left.stdout).toBe('');
  }, scaled(120_000));

  it('make run towards an address the API server cannot reach fails, saying so and what to do instead', async () => {
    // 192.0.2.1 (TEST-NET-1) routes nowhere: as a remote cluster calling a developer's machine.
    const failed = await make('run', `WEBHOOK_HOST=192.0.2.1`, `WEBHOOK_PORT=${webhookPort}`, `ARGS=--kubeconfig=${env.KUBECONFIG}`);
    expect(failed.code).not.toBe(0);
    const problem = failed.stderr.split('\n').find((l) => l.startsWith('problem running manager: '));
    expect(problem, failed.stdout + failed.stderr).toContain(`the cluster's API server cannot call the webhook server at https://192.0.2.1:${webhookPort}/local-webhooks-probe: `);
    expect(problem).toContain('ENABLE_WEBHOOKS=false make run');
    const left = await kubectl('get', 'mutatingwebhookconfigurations,validatingwebhookconfigurations', '-o', 'name');
    expect(left.stdout).toBe('');
  }, scaled(300_000));

  it('make uninstall removes the CRD', async () => {
    const uninstall = await make('uninstall');
    expect(uninstall.code, uninstall.stdout + uninstall.stderr).toBe(0);
    expect(uninstall.stdout).toContain('customresourcedefinition.apiextensions.k8s.io "guestbooks.webapp.my.domain" deleted');
    const gone = await kubectl('get', 'crd', 'guestbooks.webapp.my.domain');
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain('NotFound');
  }, scaled(300_000));
});
