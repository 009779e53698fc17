/*
Copyright 2026 The xxx-controllers Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// The spec ends up in a shell command and in Job names, so the CRD schema (from the validation
// markers in api/v1alpha1/xxx_types.ts) rejects what would break either; the test API server
// enforces it as a real one would.
import { ApiError, Manager, builtinScheme, isInvalid, type Client } from 'kubescaffolder/runtime';
import { startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Xxx, type XxxSpec, addToScheme } from '../../api/v1alpha1/index.js';

const valid: XxxSpec = {
  gitUrl: 'https://github.com/kelseyhightower/helloworld.git',
  clonePath: '/root/go/src/helloworld',
  buildCommand: 'go build',
  binaryName: 'helloworld',
  jobName: 'build-helloworld',
};

describe('Xxx validation', () => {
  let env: TestEnvironment;
  let client: Client;
  let count = 0;

  beforeAll(async () => {
    env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], errorIfCRDPathMissing: true });
    const scheme = builtinScheme();
    addToScheme(scheme);
    client = (await Manager.create({ scheme, kubeConfig: env.kubeConfig, handleSignals: false })).getClient();
  });

  afterAll(async () => {
    await env?.stop();
  });

  /** Creates an Xxx with `spec`; the API server's rejection message, or undefined when accepted. */
  async function rejection(spec: Record<string, unknown>): Promise<string | undefined> {
    try {
      await client.create(Xxx, { apiVersion: 'test.inspur.com/v1alpha1', kind: 'Xxx', metadata: { name: `x${++count}`, namespace: 'default' }, spec: spec as unknown as XxxSpec });
      return undefined;
    } catch (err) {
      expect(isInvalid(err), String(err)).toBe(true);
      return (err as ApiError).message;
    }
  }

  it('accepts the write-up sample', async () => {
    expect(await rejection({ ...valid })).toBeUndefined();
  });

  it('requires every field', async () => {
    for (const field of Object.keys(valid)) {
      const spec: Record<string, unknown> = { ...valid };
      delete spec[field];
      expect(await rejection(spec)).toContain(`spec.${field}: Required value`);
    }
  });

  it('takes only URLs without shell metacharacters as gitUrl', async () => {
    expect(await rejection({ ...valid, gitUrl: 'git@github.com:kelseyhightower/helloworld.git' })).toContain('spec.gitUrl');
    expect(await rejection({ ...valid, gitUrl: 'https://github.com/x/y.git; rm -rf /' })).toContain('spec.gitUrl');
    expect(await rejection({ ...valid, gitUrl: 'https://github.com/$(id)' })).toContain('spec.gitUrl');
    expect(await rejection({ ...valid, gitUrl: 'ssh://git@github.com/kelseyhightower/helloworld.git' })).toBeUndefined();
  });

  it('takes an absolute clonePath and a plain file name as binaryName', async () => {
    expect(await rejection({ ...valid, clonePath: 'relative/dir' })).toContain('spec.clonePath');
    expect(await rejection({ ...valid, binaryName: '../../etc/passwd' })).toContain('spec.binaryName');
    expect(await rejection({ ...valid, binaryName: '..' })).toContain('binaryName must name a file');
    expect(await rejection({ ...valid, buildCommand: '' })).toContain('spec.buildCommand');
  });

  it('keeps jobName a DNS label short enough for <jobName>-delete', async () => {
    expect(await rejection({ ...valid, jobName: 'a'.repeat(56) })).toBeUndefined();
    expect(await rejection({ ...valid, jobName: 'a'.repeat(57) })).toMatch(/spec\.jobName: Too long: may not be (longer|more) than 56/);
    expect(await rejection({ ...valid, jobName: 'Build_HelloWorld' })).toContain('spec.jobName');
  });
});
