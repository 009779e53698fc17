// The generated Makefile's install, uninstall and run targets, run with make in generated projects
// (`-o manifests` / `-o build` so that no npm install is needed; kubectl is a recording stand-in
// that hands `kubectl kustomize` to the real kubectl, so no cluster is needed either).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runManifests } from '../../src/generators/manifests/index.js';
import { noInstall, noMake, ok, tempProjectDir } from '../cli/run-cli.js';

interface MakeRun { status: number | null; stdout: string; stderr: string }

function make(dir: string, args: string[]): MakeRun {
  const r = spawnSync('make', ['--no-print-directory', ...args], { cwd: dir, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A kubectl that runs `kustomize` for real and records every other call (arguments and stdin) in `log`. */
function fakeKubectl(dir: string): { path: string; calls(): string } {
  const path = join(dir, 'fake-kubectl.sh');
  const log = join(dir, 'kubectl.log');
  writeFileSync(path, `#!/bin/sh\nif [ "$1" = kustomize ]; then exec kubectl "$@"; fi\necho "ARGS: $*" >> '${log}'\ncat >> '${log}'\n`);
  chmodSync(path, 0o755);
  return { path, calls: () => (existsSync(log) ? readFileSync(log, 'utf8') : '') };
}

const repoRoot = resolve(import.meta.dirname, '..', '..');

/** SCAFFOLDER for make: this checkout's CLI from its sources (the project has no node_modules). */
function scaffolderFromSources(dir: string): string {
  const entry = join(dir, 'scaffolder-cli.ts');
  writeFileSync(entry, `import { main } from '${join(repoRoot, 'src', 'cli', 'main.ts')}';\nprocess.exitCode = await main(process.argv.slice(2));\n`);
  return `SCAFFOLDER=${join(repoRoot, 'node_modules', '.bin', 'tsx')} ${entry}`;
}

describe('generated Makefile', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = tempProjectDir('operator')));
  afterEach(() => cleanup());

  it('setup-test-e2e creates the kind cluster once, test-e2e runs the e2e suite in it and deletes it, cleanup-test-e2e deletes it', async () => {
    await ok(dir, ['init', ...noInstall]);
    // A kind that keeps its clusters in a file and records its calls; npm is a stand-in that records the suite's run.
    const clusters = join(dir, 'clusters');
    const calls = join(dir, 'calls.log');
    const kind = join(dir, 'fake-kind.sh');
    writeFileSync(clusters, '');
    writeFileSync(kind, `#!/bin/sh\necho "kind $*" >> '${calls}'\ncase "$1 $2" in\n  "get clusters") cat '${clusters}' ;;\n  "create cluster") echo "$4" >> '${clusters}' ;;\n  "delete cluster") grep -v "^$4$" '${clusters}' > '${clusters}.new'; mv '${clusters}.new' '${clusters}' ;;\nesac\n`);
    chmodSync(kind, 0o755);
    const missing = make(dir, ['setup-test-e2e', 'KIND=/nonexistent/kind']);
    expect(missing.status).not.toBe(0);
    expect(missing.stdout).toContain('kind is not installed: install it (https://kind.sigs.k8s.io), or run the e2e tests against your cluster with npm run test:e2e');
    expect(make(dir, ['setup-test-e2e', `KIND=${kind}`])).toMatchObject({ status: 0, stdout: "Creating kind cluster 'operator-test-e2e'...\n" });
    expect(make(dir, ['setup-test-e2e', `KIND=${kind}`])).toMatchObject({ status: 0, stdout: "kind cluster 'operator-test-e2e' already exists. Skipping creation.\n" });
    expect(readFileSync(clusters, 'utf8')).toBe('operator-test-e2e\n');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "npm $* KIND_CLUSTER=$KIND_CLUSTER" >> '${calls}'\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    const e2e = spawnSync('make', ['--no-print-directory', '-o', 'manifests', 'test-e2e', `KIND=${kind}`], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    expect(e2e.status, e2e.stderr).toBe(0);
    expect(readFileSync(calls, 'utf8').split('\n').filter(Boolean)).toEqual([
      'kind get clusters', 'kind create cluster --name operator-test-e2e', 'kind get clusters', 'kind get clusters',
      'npm run test:e2e KIND_CLUSTER=operator-test-e2e', 'kind delete cluster --name operator-test-e2e',
    ]);
    expect(readFileSync(clusters, 'utf8')).toBe('');
  });

  it('install and uninstall skip with a message in a project without CRDs (a core Pod controller only)', async () => {
    await ok(dir, ['init', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--resource=false', '--controller', ...noMake]);
    expect(existsSync(join(dir, 'config/crd'))).toBe(false);
    const kubectl = fakeKubectl(dir);
    const install = make(dir, ['-o', 'manifests', 'install', `KUBECTL=${kubectl.path}`]);
    expect(install).toMatchObject({ status: 0, stdout: 'No CRDs to install (no config/crd/kustomization.yaml); skipping.\n' });
    const uninstall = make(dir, ['-o', 'manifests', 'uninstall', `KUBECTL=${kubectl.path}`]);
    expect(uninstall).toMatchObject({ status: 0, stdout: 'No CRDs to uninstall (no config/crd/kustomization.yaml); skipping.\n' });
    expect(kubectl.calls()).toBe('');
  });

  it('install applies and uninstall deletes the CRDs kustomize builds from config/crd', async () => {
    await ok(dir, ['init', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', ...noMake]);
    const code = await runManifests({ projectDir: dir }, { stdout: () => undefined, stderr: () => undefined });
    expect(code).toBe(0);
    const kubectl = fakeKubectl(dir);
    const install = make(dir, ['-o', 'manifests', 'install', `KUBECTL=${kubectl.path}`]);
    expect(install.status, install.stderr).toBe(0);
    const uninstall = make(dir, ['-o', 'manifests', 'uninstall', `KUBECTL=${kubectl.path}`, 'ignore-not-found=true']);
    expect(uninstall.status, uninstall.stderr).toBe(0);
    const calls = kubectl.calls().split(/^(?=ARGS: )/m);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(/^ARGS: apply --server-side -f -\n/);
    expect(calls[0]).toContain('kind: CustomResourceDefinition');
    expect(calls[0]).toContain('name: frigates.ship.my.domain');
    expect(calls[1]).toMatch(/^ARGS: delete --ignore-not-found=true -f -\n/);
    expect(calls[1]).toContain('name: frigates.ship.my.domain');
  });

  it('install fails, applying nothing, when kustomize cannot build config/crd', async () => {
    await ok(dir, ['init', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', ...noMake]);
    // No `make manifests`: config/crd/kustomization.yaml lists a CRD file that does not exist.
    rmSync(join(dir, 'config/crd/bases'), { recursive: true, force: true });
    const kubectl = fakeKubectl(dir);
    const install = make(dir, ['-o', 'manifests', 'install', `KUBECTL=${kubectl.path}`]);
    expect(install.status).not.toBe(0);
    expect(install.stdout).not.toContain('skipping');
    expect(kubectl.calls()).toBe('');
  });

  it('make manifests fails on a misspelt marker and writes nothing (manifests --strict); a direct manifests run only warns', async () => {
    await ok(dir, ['init', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', ...noMake]);
    const types = join(dir, 'api/v1/frigate_types.ts');
    writeFileSync(types, readFileSync(types, 'utf8').replace('  // +optional\n  foo?: string;', '  // +kubebuilder:validation:MinLenght=1\n  // +optional\n  foo?: string;'));
    const crd = join(dir, 'config/crd/bases/ship.my.domain_frigates.yaml');

    const viaMake = make(dir, ['manifests', scaffolderFromSources(dir)]);
    expect(viaMake.status).not.toBe(0);
    expect(viaMake.stdout + viaMake.stderr).toMatch(/frigate_types\.ts:\d+:\d+: .*kubebuilder:validation:MinLenght/);
    expect(existsSync(crd)).toBe(false);

    let warnings = '';
    const direct = await runManifests({ projectDir: dir }, { stdout: () => undefined, stderr: (s) => (warnings += s) });
    expect(direct).toBe(0);
    expect(warnings).toContain('kubebuilder:validation:MinLenght');
    expect(existsSync(crd)).toBe(true);
  });

  it('make manifests passes MANIFESTS_FLAGS after --strict: --max-desc-len=0 writes the CRD without descriptions', async () => {
    await ok(dir, ['init', ...noInstall]);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', ...noMake]);
    const crd = join(dir, 'config/crd/bases/ship.my.domain_frigates.yaml');
    const plain = make(dir, ['manifests', scaffolderFromSources(dir)]);
    expect(plain.status, plain.stderr).toBe(0);
    expect(readFileSync(crd, 'utf8')).toContain('description:');
    const short = make(dir, ['manifests', scaffolderFromSources(dir), 'MANIFESTS_FLAGS=--max-desc-len=0']);
    expect(short.status, short.stderr).toBe(0);
    expect(readFileSync(crd, 'utf8')).not.toContain('description:');
  }, 180_000);

  it('update-base-digests re-pins every base image (ARG *_IMAGE=image@sha256) to the digest the tag names now, and stops on a non-digest', async () => {
    await ok(dir, ['init', ...noInstall]);
    const dockerfile = join(dir, 'Dockerfile');
    const bases = (text: string) => text.split('\n').filter((l) => /^ARG \w+_IMAGE=/.test(l));
    const before = bases(readFileSync(dockerfile, 'utf8'));
    expect(before).toEqual([
      expect.stringMatching(/^ARG BUILDER_IMAGE=node:24-bookworm@sha256:[0-9a-f]{64}$/),
      expect.stringMatching(/^ARG RUNTIME_IMAGE=gcr\.io\/distroless\/nodejs24-debian12@sha256:[0-9a-f]{64}$/),
    ]);
    expect(readFileSync(dockerfile, 'utf8').split('\n').filter((l) => l.startsWith('FROM '))).toEqual(['FROM ${BUILDER_IMAGE} AS builder', 'FROM ${RUNTIME_IMAGE}']);
    // A digest reader that answers per image, as `crane digest IMAGE` does.
    const reader = join(dir, 'fake-digest.sh');
    writeFileSync(reader, `#!/bin/sh\ncase "$1" in node:24-bookworm) echo sha256:${'a'.repeat(64)};; *) echo sha256:${'b'.repeat(64)};; esac\n`);
    chmodSync(reader, 0o755);
    const updated = make(dir, ['update-base-digests', `CRANE_DIGEST=${reader}`]);
    expect(updated).toMatchObject({ status: 0, stdout: `node:24-bookworm@sha256:${'a'.repeat(64)}\ngcr.io/distroless/nodejs24-debian12@sha256:${'b'.repeat(64)}\n` });
    expect(bases(readFileSync(dockerfile, 'utf8'))).toEqual([
      `ARG BUILDER_IMAGE=node:24-bookworm@sha256:${'a'.repeat(64)}`,
      `ARG RUNTIME_IMAGE=gcr.io/distroless/nodejs24-debian12@sha256:${'b'.repeat(64)}`,
    ]);

    const failing = join(dir, 'failing-digest.sh');
    writeFileSync(failing, '#!/bin/sh\necho "UNAUTHORIZED: authentication required"\n');
    chmodSync(failing, 0o755);
    const text = readFileSync(dockerfile, 'utf8');
    const refused = make(dir, ['update-base-digests', `CRANE_DIGEST=${failing}`]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('node:24-bookworm: not a digest: UNAUTHORIZED');
    expect(readFileSync(dockerfile, 'utf8')).toBe(text);
  });

  it('run serves the webhooks from this machine at WEBHOOK_HOST:WEBHOOK_PORT and passes $(ARGS) to the manager', async () => {
    await ok(dir, ['init', ...noInstall]);
    expect(make(dir, ['-n', '-o', 'build', 'run', 'ARGS=--tcp-configmap=x --leader-elect'])).toMatchObject({
      status: 0,
      stdout: 'node dist/src/main.js --local-webhooks=127.0.0.1:9443 --tcp-configmap=x --leader-elect\n',
    });
    expect(make(dir, ['-n', '-o', 'build', 'run', 'WEBHOOK_HOST=host.docker.internal', 'WEBHOOK_PORT=9444'])).toMatchObject({
      status: 0,
      stdout: 'node dist/src/main.js --local-webhooks=host.docker.internal:9444 \n',
    });
  });
});
