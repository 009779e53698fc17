// init's npm install shows its progress: a line for every 50 packages looked up (resolving) and every
// 50 fetched, each with the seconds since npm started, then npm's own summary. The npm run here is a
// script on PATH that writes an install's HTTP log (the lines npm 11 writes at --loglevel=http), so
// the test needs no registry.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliIO } from '../../src/cli/io.js';
import { npmInstall } from '../../src/cli/npm-install.js';
import { NpmInstallProgress } from '../../src/cli/npm-install-progress.js';

const registry = 'https://registry.npmjs.org';
const packument = (i: number) => `npm http fetch GET 200 ${registry}/pkg${i} 41ms (cache updated)`;
const cached = (i: number) => `npm http cache pkg${i}@${registry}/pkg${i}/-/pkg${i}-1.0.0.tgz 0ms (cache hit)`;
const tarball = (i: number) => `npm http fetch GET 200 ${registry}/pkg${i}/-/pkg${i}-1.0.0.tgz 110ms (cache miss)`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('NpmInstallProgress', () => {
  it('says every 50 packages looked up and every 50 fetched, with the seconds since npm started', () => {
    const progress = new NpmInstallProgress();
    const said: string[] = [];
    const log = [...range(120).map(packument), ...range(100).flatMap((i) => [cached(i), tarball(i)])];
    log.forEach((line, i) => {
      const line_ = progress.line(line, i * 100);
      if (line_ !== undefined) said.push(line_);
    });
    expect(said).toEqual([
      '  npm install: resolving, 50 packages looked up (5 s)...\n',
      '  npm install: resolving, 100 packages looked up (10 s)...\n',
      // a tarball found in the cache and then fetched is one package
      '  npm install: 50 packages fetched (22 s)...\n',
      '  npm install: 100 packages fetched (32 s)...\n',
    ]);
  });

  it('says npm is still at work after 15 s without a line: resolving, or unpacking once packages were fetched', () => {
    const progress = new NpmInstallProgress();
    expect(progress.idle(14_000)).toBeUndefined();
    expect(progress.idle(15_000)).toBe('  npm install: resolving, 0 packages looked up (15 s)...\n');
    expect(progress.idle(20_000)).toBeUndefined();
    range(50).forEach((i) => progress.line(tarball(i), 21_000));
    // the line just said counts as said
    expect(progress.idle(35_000)).toBeUndefined();
    expect(progress.idle(36_000)).toBe('  npm install: 50 packages fetched, unpacking and linking (36 s)...\n');
  });

  it('says nothing for the other lines of the log', () => {
    const progress = new NpmInstallProgress(1);
    for (const line of ['npm warn deprecated glob@7.2.3: no longer supported', 'added 3 packages in 2s', 'npm http fetch GET 404 https://registry.npmjs.org/nope 20ms']) {
      expect(progress.line(line, 0)).toBeUndefined();
    }
  });
});

describe('npmInstall', () => {
  it('prints the progress lines as npm writes its log, then npm\'s summary', async () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'fake-npm-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    const log = [...range(60).map(packument), ...range(55).map(tarball)].join('\n');
    writeFileSync(path.join(bin, 'log.txt'), `${log}\n`);
    writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\ncat "${path.join(bin, 'log.txt')}" >&2\necho "added 55 packages in 3s"\n`);
    chmodSync(path.join(bin, 'npm'), 0o755);
    let out = '';
    const io = cliIO({ cwd: bin, env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` }, stdout: (t) => void (out += t) });
    expect(await npmInstall(io)).toEqual({ ok: true });
    expect(out).toMatch(/^ {2}npm install: resolving, 50 packages looked up \(\d+ s\)\.\.\.\n {2}npm install: 50 packages fetched \(\d+ s\)\.\.\.\n {2}npm install: added 55 packages in 3s\n$/);
  });
});
