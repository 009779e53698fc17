#!/usr/bin/env -S npx tsx
// `npm run tools:kubernetes`: builds the real programs the suite measures itself against — kube-apiserver,
// etcd, controller-gen and helm — from the pinned Go modules under tools/kubernetes/ into a cache outside the
// repository (test/support/kubernetes-tools-paths.ts says where). Go is for these tools only: without it this prints one line and
// exits 0, and the tests that need the tools skip. A tool whose stamp (version + go.sum digest) matches is
// not rebuilt. `--require` makes a missing Go or a failed build an error (CI).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toolBuilds, toolsRoot, type ToolBuild } from '../../test/support/kubernetes-tools-paths.js';

const args = new Set(process.argv.slice(2));
const required = args.has('--require') || ['1', 'true'].includes(process.env.SCAFFOLDER_REQUIRE_KUBERNETES ?? '');
const only = [...args].filter((a) => !a.startsWith('--'));

function goVersion(): string | undefined {
  const result = spawnSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function stampOf(build: ToolBuild): string {
  const sum = readFileSync(path.join(build.moduleDir, 'go.sum'));
  const mod = readFileSync(path.join(build.moduleDir, 'go.mod'));
  return `${build.name} ${build.version} ${createHash('sha256').update(mod).update(sum).update(JSON.stringify(build.ldflags)).digest('hex')}\n`;
}

function buildOne(build: ToolBuild, go: string): boolean {
  const stampFile = path.join(build.outDir, '.stamp');
  const stamp = stampOf(build);
  if (existsSync(build.binary) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    console.log(`tools: ${build.name} ${build.version} is up to date (${build.binary})`);
    return true;
  }
  console.log(`tools: building ${build.name} ${build.version} with ${go} (${build.pkg}) ...`);
  const started = Date.now();
  mkdirSync(build.outDir, { recursive: true });
  // Built beside the final name and renamed: a killed build leaves no half-written binary that looks current.
  const partial = `${build.binary}.partial`;
  const ldflags = build.ldflags.map(([k, v]) => `-X ${k}=${v}`).join(' ');
  const result = spawnSync('go', ['build', '-trimpath', `-ldflags=-s -w ${ldflags}`, '-o', partial, build.pkg], {
    cwd: build.moduleDir,
    stdio: 'inherit',
    // The module's go.mod decides: never a toolchain download (only the module proxy is reachable).
    env: { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: `${process.env.GOFLAGS ?? ''} -mod=readonly`.trim() },
  });
  if (result.status !== 0) {
    rmSync(partial, { force: true });
    console.error(`tools: building ${build.name} ${build.version} failed (go build exit ${result.status ?? result.signal})`);
    return false;
  }
  renameSync(partial, build.binary);
  for (const [alias, target] of build.links) {
    rmSync(alias, { force: true });
    writeLink(target, alias);
  }
  writeFileSync(stampFile, stamp);
  console.log(`tools: built ${build.name} ${build.version} in ${((Date.now() - started) / 1000).toFixed(0)} s -> ${build.binary}`);
  return true;
}

/** The envtest assets folder holds etcd beside kube-apiserver: a copy would double 30 MB per release, a hard link cannot cross file systems. */
function writeLink(target: string, alias: string): void {
  mkdirSync(path.dirname(alias), { recursive: true });
  const relative = path.relative(path.dirname(alias), target);
  spawnSync('ln', ['-s', relative, alias]);
}

const go = goVersion();
if (go === undefined) {
  const line = 'tools: Go is not installed, so kube-apiserver, etcd, controller-gen and helm are not built; the tests that need them skip (install Go 1.26 and run `npm run tools:kubernetes`)';
  if (required) {
    console.error(line.replace('tools:', 'tools: required, but'));
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}
console.log(`tools: cache ${toolsRoot()}`);
const builds = toolBuilds().filter((b) => only.length === 0 || only.includes(b.name));
// etcd first: the kube-apiserver assets folders link to it.
builds.sort((a, b) => (a.name === 'etcd' ? -1 : b.name === 'etcd' ? 1 : 0));
const failed = builds.filter((build) => !buildOne(build, go)).map((b) => `${b.name} ${b.version}`);
if (failed.length > 0) {
  console.error(`tools: not built: ${failed.join(', ')}`);
  process.exit(required ? 1 : 0);
}
