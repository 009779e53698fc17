// The development loop `init` gives a project, as kubebuilder's: end-to-end tests (test/e2e) run in a
// kind cluster, GitHub workflows and a dev container. No docker or kind here, so the end-to-end
// suite's own steps (deploy, RBAC, CRD install, samples) run against the in-process test API server
// through kubectl and make, and the suite itself is run where no cluster is reachable: it skips
// with one line. The workflows must run Makefile targets and npm scripts the project has.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { goldenProjects } from '../../scripts/golden-sequence.js';
import { ok, noInstall, noMake, tempProjectDir } from '../cli/run-cli.js';
import { startEnv, type TestEnvironment } from '../support/environment.js';
import { linkNodeModules, runAsync } from '../support/scaffolded-project.js';
import { scaled } from '../support/timeouts.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const goldenRoot = join(repoRoot, 'test', 'golden');

/** The targets a Makefile defines (`name:` at the start of a line). */
function makeTargets(makefile: string): Set<string> {
  return new Set([...makefile.matchAll(/^([A-Za-z0-9_.-]+):(?!=)/gm)].map((m) => m[1]));
}

interface WorkflowStep { name?: string; uses?: string; run?: string; with?: Record<string, unknown> }
interface Workflow { name: string; on: Record<string, unknown>; jobs: Record<string, { 'runs-on': string; steps: WorkflowStep[] }> }

/** Every `make <targets...>` and `npm run <script>` / `npm <command>` in a shell script, as [tool, name]. */
function invocations(script: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const line of script.split('\n')) {
    const make = /(?:^|[;&|]\s*)make((?:\s+[A-Za-z0-9_.-]+(?!=))+)/.exec(line.trim());
    if (make) for (const target of make[1].trim().split(/\s+/)) found.push(['make', target]);
    const npmRun = /(?:^|[;&|]\s*)npm run ([A-Za-z0-9:_-]+)/.exec(line.trim());
    if (npmRun) found.push(['npm run', npmRun[1]]);
  }
  return found;
}

describe.each(Object.keys(goldenProjects))('%s: GitHub workflows and dev container', (name) => {
  const dir = join(goldenRoot, name);
  const targets = makeTargets(readFileSync(join(dir, 'Makefile'), 'utf8'));
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };
  const dockerNode = /^FROM node:(\d+)/m.exec(readFileSync(join(dir, 'Dockerfile'), 'utf8').replace(/^ARG BUILDER_IMAGE=/m, 'FROM '))?.[1];
  const workflows = Object.fromEntries(readdirSync(join(dir, '.github', 'workflows')).sort().map((file) => [file, parse(readFileSync(join(dir, '.github', 'workflows', file), 'utf8')) as Workflow]));

  // The helm/v2-alpha plugin adds its chart job, as kubebuilder's does; it runs helm, not npm.
  const helmPlugin = /helm\.scaffolder\.dev\/v2-alpha/.test(readFileSync(join(dir, 'PROJECT'), 'utf8'));
  const chartWorkflow = 'test-chart.yml';
  const npmWorkflows = Object.fromEntries(Object.entries(workflows).filter(([file]) => file !== chartWorkflow));

  it('has the three workflows kubebuilder writes, and the chart job with the helm plugin only', () => {
    expect(Object.keys(npmWorkflows)).toEqual(['lint.yml', 'test-e2e.yml', 'test.yml']);
    expect(Object.values(npmWorkflows).map((w) => w.name)).toEqual(['Lint', 'E2E Tests', 'Tests']);
    expect(chartWorkflow in workflows).toBe(helmPlugin);
  });

  it('each workflow installs with npm ci on the Node.js major of the Dockerfile and the engines range, then runs make targets the Makefile has', () => {
    const floor = Number(/>=\s*(\d+)/.exec(pkg.engines.node)?.[1]);
    for (const [file, workflow] of Object.entries(npmWorkflows)) {
      expect(Object.keys(workflow.on), file).toEqual(['push', 'pull_request']);
      for (const [job, { steps }] of Object.entries(workflow.jobs)) {
        const where = `${file} ${job}`;
        expect(steps[0]?.uses, where).toMatch(/^actions\/checkout@/);
        const setupNode = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
        expect(String(setupNode?.with?.['node-version']), where).toBe(dockerNode);
        expect(Number(setupNode?.with?.['node-version']), where).toBeGreaterThanOrEqual(floor);
        const runs = steps.flatMap((s) => (s.run === undefined ? [] : [s.run]));
        // The dependencies are installed (npm ci) before any make target runs.
        const lines = runs.flatMap((r) => r.split('\n').map((l) => l.trim()));
        const install = lines.indexOf('npm ci');
        expect(install, `${where} runs npm ci`).toBeGreaterThanOrEqual(0);
        expect(lines.slice(0, install).some((l) => /^make\b/.test(l)), `${where}: make before npm ci`).toBe(false);
        const called = runs.flatMap(invocations);
        expect(called.length, `${where} runs something`).toBeGreaterThan(0);
        for (const [tool, target] of called) {
          if (tool === 'make') expect(targets.has(target), `${where}: make ${target} is a Makefile target`).toBe(true);
          else expect(Object.keys(pkg.scripts), `${where}: npm run ${target}`).toContain(target);
        }
      }
    }
    const made = (file: string) => Object.values(workflows[file].jobs).flatMap((j) => j.steps.flatMap((s) => invocations(s.run ?? ''))).map(([, t]) => t);
    expect(made('lint.yml')).toEqual(['lint']);
    expect(made('test.yml')).toEqual(['test']);
    expect(made('test-e2e.yml')).toEqual(['test-e2e']);
    expect(workflows['test-e2e.yml'].jobs['test-e2e'].steps.some((s) => s.run?.includes('kind.sigs.k8s.io/dl/') === true)).toBe(true);
  });

  it('make test-e2e creates the kind cluster first and deletes it after; npm run test:e2e runs the e2e vitest config', () => {
    for (const target of ['setup-test-e2e', 'test-e2e', 'cleanup-test-e2e']) expect(targets.has(target), target).toBe(true);
    const makefile = readFileSync(join(dir, 'Makefile'), 'utf8');
    expect(makefile).toMatch(/^test-e2e: setup-test-e2e manifests /m);
    expect(makefile).toMatch(new RegExp(`^KIND_CLUSTER \\?= ${name}-test-e2e$`, 'm'));
    expect(pkg.scripts['test:e2e']).toBe('vitest run --config vitest.e2e.config.ts');
    expect(existsSync(join(dir, pkg.scripts['test:e2e'].split(' ').at(-1)!))).toBe(true);
  });

  it('the dev container runs Node.js of the Dockerfile with docker-in-docker, and its post-install script is valid bash', () => {
    const container = JSON.parse(readFileSync(join(dir, '.devcontainer', 'devcontainer.json'), 'utf8')) as { image: string; features: Record<string, unknown>; onCreateCommand: string };
    expect(container.image).toMatch(new RegExp(`^node:${dockerNode}(-|$)`));
    expect(Object.keys(container.features)).toContain('ghcr.io/devcontainers/features/docker-in-docker:2');
    expect(container.onCreateCommand).toBe('bash .devcontainer/post-install.sh');
    const script = join(dir, '.devcontainer', 'post-install.sh');
    expect(spawnSync('bash', ['-n', script], { encoding: 'utf8' })).toMatchObject({ status: 0, stderr: '' });
    const body = readFileSync(script, 'utf8');
    for (const tool of ['kind', 'kubectl']) expect(body).toContain(`command -v ${tool} `);
  });
});

describe('a scaffolded project\'s end-to-end suite', () => {
  let project: string;
  let cleanup: () => void;
  const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');

  beforeAll(async () => {
    ({ dir: project, cleanup } = tempProjectDir('fleet'));
    await ok(project, ['init', '--domain', 'my.domain', ...noInstall]);
    await ok(project, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', '--resource', '--controller', ...noMake]);
    linkNodeModules(project);
  });
  afterAll(() => cleanup());

  it('npm test leaves test/e2e out; the e2e config runs only test/e2e', async () => {
    const env = { ...process.env, CI: 'true' };
    const unit = await runAsync('node', [vitest, 'list', '--filesOnly'], { cwd: project, env });
    expect(unit.stdout.trim().split('\n')).toEqual(['test/controllers/frigate_controller.test.ts']);
    const e2e = await runAsync('node', [vitest, 'list', '--filesOnly', '--config', 'vitest.e2e.config.ts'], { cwd: project, env: { ...env, KUBECONFIG: join(project, 'no-kubeconfig') } });
    expect(e2e.stdout.trim().split('\n').filter((l) => l.startsWith('test/'))).toEqual(['test/e2e/manager.e2e.ts']);
  }, scaled(120_000));

  it('without a cluster, kind or docker, npm run test:e2e skips every test with one line saying what is missing', async () => {
    // PATH holds node and kubectl only; the kubeconfig names no file.
    const bin = join(project, 'bin-kubectl-only');
    mkdirSync(bin);
    const kubectlPath = spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim();
    symlinkSync(kubectlPath, join(bin, 'kubectl'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NO_COLOR: '1', PATH: bin, KUBECONFIG: join(project, 'no-kubeconfig') };
    delete env.KIND;
    delete env.CONTAINER_TOOL;
    delete env.KUBECTL;
    const result = await runAsync(process.execPath, [vitest, 'run', '--config', 'vitest.e2e.config.ts'], { cwd: project, env });
    const output = result.stdout + result.stderr;
    expect(result.code, output).toBe(0);
    const lines = output.split('\n').filter((l) => l.includes('e2e tests skipped'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^e2e tests skipped: no cluster answers through the current kubeconfig context \(.+\); docker \(CONTAINER_TOOL\) is not installed; kind \(KIND\) is not installed$/);
    expect(output).toMatch(/Tests\s+3 skipped \(3\)/);
  }, scaled(120_000));

  describe('its deploy, RBAC and CRD-install steps, against the test API server', () => {
    let env: TestEnvironment;
    let savedEnv: NodeJS.ProcessEnv;
    type ProjectSteps = typeof import('../golden/project-v1/test/e2e/project.js');
    let steps: ProjectSteps;
    type ProjectUtils = typeof import('../golden/project-v1/test/e2e/utils.js');
    let utils: ProjectUtils;
    let objects: k8s.KubernetesObjectApi;

    beforeAll(async () => {
      env = await startEnv();
      const kubeconfig = join(project, 'test.kubeconfig');
      await env.writeKubeconfig(kubeconfig);
      savedEnv = { ...process.env };
      // What the suite's child processes (make, kubectl) see: the test server, and this checkout's CLI for `make manifests`.
      process.env.KUBECONFIG = kubeconfig;
      process.env.KUBECACHEDIR = join(project, '.kube-cache');
      process.env.SCAFFOLDER = `${process.execPath} ${join(repoRoot, 'bin', 'scaffolder.js')}`;
      // Stand-ins for docker and kind that record their arguments; kind lists the clusters in clusters.txt.
      for (const tool of ['docker', 'kind']) {
        const script = join(project, `fake-${tool}`);
        writeFileSync(script, `#!/bin/sh\necho "$*" >> '${join(project, `${tool}.log`)}'\nif [ "$1 $2" = "get clusters" ]; then cat '${join(project, 'clusters.txt')}' 2>/dev/null; fi\nexit 0\n`);
        chmodSync(script, 0o755);
      }
      process.env.CONTAINER_TOOL = join(project, 'fake-docker');
      process.env.KIND = join(project, 'fake-kind');
      process.env.KIND_CLUSTER = 'fleet-test-e2e';
      steps = (await import(join(project, 'test', 'e2e', 'project.ts'))) as ProjectSteps;
      utils = (await import(join(project, 'test', 'e2e', 'utils.ts'))) as ProjectUtils;
      objects = k8s.KubernetesObjectApi.makeApiClient(env.kubeConfig);
    }, scaled(120_000));
    afterAll(async () => {
      process.env = savedEnv;
      await env?.stop();
    });

    const read = (apiVersion: string, kind: string, name: string, namespace?: string) =>
      objects.read({ apiVersion, kind, metadata: { name, ...(namespace === undefined ? {} : { namespace }) } });

    it('finds nothing missing with kubectl reaching the server, docker and kind; loads the image into KIND_CLUSTER', async () => {
      expect(await utils.missingPrerequisites()).toBeUndefined();
      expect(readFileSync(join(project, 'docker.log'), 'utf8')).toBe('info\n');
      await utils.loadImageToKindCluster('example.com/fleet:v0.0.1');
      expect(readFileSync(join(project, 'kind.log'), 'utf8')).toBe('version\nload docker-image example.com/fleet:v0.0.1 --name fleet-test-e2e\n');
    }, scaled(60_000));

    it('the global setup builds the image with make docker-build, loads it into KIND_CLUSTER and tells the tests nothing is missing', async () => {
      writeFileSync(join(project, 'docker.log'), '');
      writeFileSync(join(project, 'kind.log'), '');
      // vendor/ (docker-context) is make docker-build's other prerequisite; its own tests cover it. cert-manager would come from the network.
      process.env.MAKEFLAGS = '-o docker-context';
      process.env.CERT_MANAGER_INSTALL_SKIP = 'true';
      const { default: setup } = (await import(join(project, 'test', 'e2e', 'setup.ts'))) as typeof import('../golden/project-v1/test/e2e/setup.js');
      const provided: Record<string, unknown> = {};
      const vitestProject = { provide: (key: string, value: unknown) => (provided[key] = value) } as unknown as Parameters<typeof setup>[0];
      const teardown = await setup(vitestProject);
      expect(provided).toEqual({ e2eSkipReason: '' });
      const docker = readFileSync(join(project, 'docker.log'), 'utf8').split('\n').filter(Boolean);
      // The setup's check for a daemon, then make docker-build's own, then the build.
      expect(docker.slice(0, 2)).toEqual(['info', 'info']);
      expect(docker[2]).toMatch(/^build (.* )?-t example\.com\/fleet:v0\.0\.1 (.* )?\.$/);
      expect(readFileSync(join(project, 'kind.log'), 'utf8')).toBe('version\nload docker-image example.com/fleet:v0.0.1 --name fleet-test-e2e\n');
      await teardown?.();
      delete process.env.MAKEFLAGS;
    }, scaled(120_000));

    it('make setup-test-e2e creates the kind cluster only when kind lists none of that name; cleanup-test-e2e deletes it', async () => {
      writeFileSync(join(project, 'kind.log'), '');
      const make = (target: string) => runAsync('make', ['--no-print-directory', target], { cwd: project, env: process.env });
      expect(await make('setup-test-e2e')).toMatchObject({ code: 0, stdout: "Creating kind cluster 'fleet-test-e2e'...\n" });
      writeFileSync(join(project, 'clusters.txt'), 'kind\nfleet-test-e2e\n');
      expect(await make('setup-test-e2e')).toMatchObject({ code: 0, stdout: "kind cluster 'fleet-test-e2e' already exists. Skipping creation.\n" });
      expect(await make('cleanup-test-e2e')).toMatchObject({ code: 0 });
      expect(readFileSync(join(project, 'kind.log'), 'utf8')).toBe('get clusters\ncreate cluster --name fleet-test-e2e\nget clusters\ndelete cluster --name fleet-test-e2e\n');
      const withoutKind = await runAsync('make', ['--no-print-directory', 'setup-test-e2e', `KIND=${join(project, 'no-such-kind')}`], { cwd: project, env: process.env });
      expect(withoutKind.code).not.toBe(0);
      expect(withoutKind.stdout).toBe('kind is not installed: install it (https://kind.sigs.k8s.io), or run the e2e tests against your cluster with npm run test:e2e\n');
    }, scaled(60_000));

    it('names the project as config/default deploys it', () => {
      expect([steps.namespace, steps.serviceAccountName, steps.metricsServiceName, steps.metricsReaderRole]).toEqual([
        'fleet-system', 'fleet-controller-manager', 'fleet-controller-manager-metrics-service', 'fleet-metrics-reader',
      ]);
      expect(steps.managerImage).toBe('example.com/fleet:v0.0.1');
    });

    it('deploy: a restricted namespace, the CRDs (make install) and the manager (make deploy IMG=...)', async () => {
      await steps.deploy('registry.example.com/fleet:e2e');
      const ns = await read('v1', 'Namespace', 'fleet-system');
      expect(ns.metadata?.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
      await read('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'frigates.ship.my.domain');
      const deployment = (await read('apps/v1', 'Deployment', 'fleet-controller-manager', 'fleet-system')) as k8s.V1Deployment;
      expect(deployment.spec?.template.spec?.containers[0]?.image).toBe('registry.example.com/fleet:e2e');
      expect(deployment.spec?.template.spec?.serviceAccountName).toBe('fleet-controller-manager');
      await read('v1', 'ServiceAccount', 'fleet-controller-manager', 'fleet-system');
      const service = (await read('v1', 'Service', 'fleet-controller-manager-metrics-service', 'fleet-system')) as k8s.V1Service;
      expect(service.spec?.ports?.map((p) => p.port)).toEqual([8443]);
      const reader = (await read('rbac.authorization.k8s.io/v1', 'ClusterRole', 'fleet-metrics-reader')) as k8s.V1ClusterRole;
      expect(reader.rules).toEqual([{ nonResourceURLs: ['/metrics'], verbs: ['get'] }]);
      // No kubelet runs the pods here: the suite's pod lookup finds none, without an error.
      expect(await steps.managerPods()).toEqual([]);
    }, scaled(180_000));

    it('bindMetricsReader grants the manager\'s service account the metrics-reader ClusterRole', async () => {
      await steps.bindMetricsReader();
      const binding = (await read('rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', 'fleet-metrics-binding')) as k8s.V1ClusterRoleBinding;
      expect(binding.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'fleet-metrics-reader' });
      expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'fleet-controller-manager', namespace: 'fleet-system' }]);
    }, scaled(60_000));

    it('serviceAccountToken gets a token (kubectl create token) that TokenReview authenticates as the manager\'s service account', async () => {
      const token = await steps.serviceAccountToken();
      const review = await env.kubeConfig.makeApiClient(k8s.AuthenticationV1Api).createTokenReview({ body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } } });
      expect(review.status?.authenticated).toBe(true);
      expect(review.status?.user?.username).toBe('system:serviceaccount:fleet-system:fleet-controller-manager');
    }, scaled(60_000));

    it('applySamples applies config/samples in the manager\'s namespace and returns what it applied', async () => {
      expect(steps.hasSamples()).toBe(true);
      // As scaffolded (kubebuilder's sample too), the sample's spec is null: the API server drops it
      // and refuses the object, since spec is required; the suite fails with the server's message.
      await expect(steps.applySamples()).rejects.toThrow(/The Frigate "frigate-sample" is invalid: spec: Required value/);
      const sample = join(project, 'config', 'samples', 'ship_v1_frigate.yaml');
      writeFileSync(sample, readFileSync(sample, 'utf8').replace('spec:\n  # TODO(user): Add fields here\n', 'spec:\n  foo: bar\n'));
      expect(await steps.applySamples()).toEqual([{ apiVersion: 'ship.my.domain/v1', kind: 'Frigate', name: 'frigate-sample' }]);
      await read('ship.my.domain/v1', 'Frigate', 'frigate-sample', 'fleet-system');
      await steps.deleteSamples();
      await expect(read('ship.my.domain/v1', 'Frigate', 'frigate-sample', 'fleet-system')).rejects.toThrow();
    }, scaled(60_000));

    it('undeploy removes the binding, the manager, the CRDs and the namespace', async () => {
      await steps.undeploy();
      for (const [apiVersion, kind, name, namespace] of [
        ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', 'fleet-metrics-binding'],
        ['rbac.authorization.k8s.io/v1', 'ClusterRole', 'fleet-metrics-reader'],
        ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'frigates.ship.my.domain'],
        ['apps/v1', 'Deployment', 'fleet-controller-manager', 'fleet-system'],
      ] as const) {
        await expect(read(apiVersion, kind, name, namespace), `${kind} ${name}`).rejects.toThrow();
      }
    }, scaled(180_000));
  });

  it('successfulReconciles counts the reconciles of a sample\'s controller (as named in a single- or multi-group project) that ended without an error', async () => {
    const { controllerNames, successfulReconciles } = (await import(join(project, 'test', 'e2e', 'project.ts'))) as typeof import('../golden/project-v1/test/e2e/project.js');
    expect(controllerNames({ apiVersion: 'ship.my.domain/v1', kind: 'Frigate' })).toEqual(['frigate', 'ship-frigate']);
    expect(controllerNames({ apiVersion: 'foo.policy.my.domain/v1', kind: 'HealthCheckPolicy' })).toEqual(['healthcheckpolicy', 'foo.policy-healthcheckpolicy']);
    expect(controllerNames({ apiVersion: 'v1', kind: 'Pod' })).toEqual(['pod']);
    const metrics = [
      '# TYPE controller_runtime_reconcile_total counter',
      'controller_runtime_reconcile_total{controller="frigate",result="success"} 2',
      'controller_runtime_reconcile_total{result="requeue_after",controller="frigate"} 1',
      'controller_runtime_reconcile_total{controller="frigate",result="error"} 5',
      'controller_runtime_reconcile_total{controller="ship-frigate",result="requeue"} 4',
      'controller_runtime_reconcile_total{controller="frigates",result="success"} 7',
    ].join('\n');
    expect(successfulReconciles(metrics, ['frigate'])).toBe(3);
    expect(successfulReconciles(metrics, controllerNames({ apiVersion: 'ship.my.domain/v1', kind: 'Frigate' }))).toBe(7);
    expect(successfulReconciles(metrics, ['captain'])).toBe(0);
  });
});
