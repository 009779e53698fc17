// What a generated project sends to `docker build`: make docker-build writes vendor/ first, and
// .dockerignore lets through only the sources and vendor/. (The packing itself and the Dockerfile's
// steps need the registry: generated-project.e2e.test.ts runs them.)
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noInstall, noMake, ok, tempProjectDir } from '../cli/run-cli.js';
import { contextEntries } from './dockerfile-emulation.js';

describe('the docker build context of a generated project', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(async () => {
    ({ dir, cleanup } = tempProjectDir('operator'));
    await ok(dir, ['init', ...noInstall]);
  });
  afterEach(() => cleanup());

  it('make docker-build writes vendor/ with hack/docker-context.mjs before building', () => {
    const r = spawnSync('make', ['-n', 'docker-build', 'IMG=registry.example.com/operator:v1', 'BUILDER_IMAGE=b', 'RUNTIME_IMAGE=r'], { cwd: dir, encoding: 'utf8' });
    expect(r).toMatchObject({ status: 0, stdout: 'docker info >/dev/null 2>&1 || { echo "cannot reach the docker daemon (docker info failed): start it, or name another tool with CONTAINER_TOOL=podman" >&2; exit 1; }\nnode hack/docker-context.mjs\ndocker build --build-arg BUILDER_IMAGE=b --build-arg RUNTIME_IMAGE=r -t registry.example.com/operator:v1 .\n' });
    // What docker-context writes is not committed; a vendored kubescaffolder tarball is.
    const ignored = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(ignored).toContain('\nvendor/package.json\nvendor/package-lock.json\nvendor/kubescaffolder.tgz\n');
    expect(ignored).not.toMatch(/^vendor\/$/m);
  });

  it('make docker-build without a reachable daemon stops at once with what to do, before writing vendor/', () => {
    // A docker whose `info` fails as it does when no daemon runs.
    const docker = join(dir, 'fake-docker.sh');
    writeFileSync(docker, '#!/bin/sh\necho "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?" >&2\nexit 1\n');
    chmodSync(docker, 0o755);
    const r = spawnSync('make', ['--no-print-directory', 'docker-build', `CONTAINER_TOOL=${docker}`, 'IMG=registry.example.com/operator:v1'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(`cannot reach the ${docker} daemon (${docker} info failed): start it, or name another tool with CONTAINER_TOOL=podman\n`);
    expect(r.stdout).not.toContain('docker-context');
    expect(existsSync(join(dir, 'vendor', 'package.json'))).toBe(false);
  });

  it('holds tsconfig.json, src/, api/ when there is one, and vendor/; the Dockerfile installs from vendor/', async () => {
    mkdirSync(join(dir, 'vendor'), { recursive: true });
    mkdirSync(join(dir, 'node_modules'));
    expect(contextEntries(dir)).toEqual(['src', 'tsconfig.json', 'vendor']);
    await ok(dir, ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', ...noMake]);
    expect(contextEntries(dir)).toEqual(['api', 'src', 'tsconfig.json', 'vendor']);
    const dockerfile = readFileSync(join(dir, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('COPY vendor/ vendor/\nRUN cp vendor/package.json vendor/package-lock.json ./ && npm ci --no-audit --no-fund\n');
    // The project's package.json (with its file: dependency) never reaches the image.
    expect(dockerfile).not.toMatch(/^COPY package/m);
  });

  it('make docker-build names the base images by digest, as the Dockerfile pins them (golden project-v1, CONTAINER_TOOL=echo)', () => {
    const golden = join(import.meta.dirname, '..', 'golden', 'project-v1');
    const project = join(dir, '..', 'golden-project-v1');
    cpSync(golden, project, { recursive: true });
    // -o docker-context: the golden's package.json names no real checkout to pack.
    const r = spawnSync('make', ['--no-print-directory', '-o', 'docker-context', 'docker-build', 'CONTAINER_TOOL=echo', 'IMG=registry.example.com/operator:v1'], { cwd: project, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const pinned = Object.fromEntries([...readFileSync(join(golden, 'Dockerfile'), 'utf8').matchAll(/^ARG (\w+_IMAGE)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
    expect(pinned).toEqual({
      BUILDER_IMAGE: expect.stringMatching(/^node:24-bookworm@sha256:[0-9a-f]{64}$/),
      RUNTIME_IMAGE: expect.stringMatching(/^gcr\.io\/distroless\/nodejs24-debian12@sha256:[0-9a-f]{64}$/),
    });
    expect(r.stdout).toBe(`echo build --build-arg BUILDER_IMAGE=${pinned.BUILDER_IMAGE} --build-arg RUNTIME_IMAGE=${pinned.RUNTIME_IMAGE} -t registry.example.com/operator:v1 .\nbuild --build-arg BUILDER_IMAGE=${pinned.BUILDER_IMAGE} --build-arg RUNTIME_IMAGE=${pinned.RUNTIME_IMAGE} -t registry.example.com/operator:v1 .\n`);
  });

  it('hack/docker-context.mjs refuses a scaffolder checkout that is not built, writing nothing to vendor/', () => {
    const checkout = join(dir, '..', 'scaffolder-checkout');
    mkdirSync(checkout);
    writeFileSync(join(checkout, 'package.json'), JSON.stringify({ name: 'kubescaffolder', version: '0.0.0' }));
    const pkgFile = join(dir, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies: Record<string, string> };
    pkg.dependencies.kubescaffolder = 'file:../scaffolder-checkout';
    writeFileSync(pkgFile, JSON.stringify(pkg));
    const r = spawnSync('node', ['hack/docker-context.mjs'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`hack/docker-context.mjs: ${checkout} is not built (no dist/src/index.js): run \`npm run build\` there first\n`);
    expect(existsSync(join(dir, 'vendor', 'package.json'))).toBe(false);
    expect(existsSync(join(dir, 'vendor', 'kubescaffolder.tgz'))).toBe(false);
  });
});
