/*
Copyright 2026 The sample-controller Authors.

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

// End-to-end tests against the cluster of the current kubeconfig (`make test-e2e` creates a kind
// cluster for them, runs them and deletes it): the manager image is built (and loaded into the kind
// cluster), cert-manager installed unless present, the CRDs installed and the manager deployed as
// `make install deploy` does; then the manager must run, become ready and serve its metrics.
// Without a reachable cluster they are skipped, and one line says so.
// CERT_MANAGER_INSTALL_SKIP=true leaves cert-manager out; IMG names the image (default below).
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from 'scaffolder/testing';

const namespace = 'sample-controller-system';
const managerImage = process.env.IMG ?? 'example.com/sample-controller:v0.0.1';
const kind = process.env.KIND ?? 'kind';
const kindCluster = process.env.KIND_CLUSTER ?? 'kind';
// The cert-manager release whose manifest is installed for the webhook and metrics certificates.
const certManagerVersion = 'v1.21.0';

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.error?.message}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

const succeeds = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' }).status === 0;

const cluster = succeeds('kubectl', ['cluster-info', '--request-timeout=5s']);
if (!cluster) console.log('e2e tests skipped: no cluster is reachable with the current kubeconfig (make setup-test-e2e creates a kind cluster)');

describe.runIf(cluster)('the manager in a cluster', () => {
  let installedCertManager = false;

  beforeAll(() => {
    run('make', ['docker-build', `IMG=${managerImage}`]);
    // TODO(user): with a cluster other than kind, push the image where the cluster pulls from instead.
    if (succeeds(kind, ['get', 'clusters']) && run(kind, ['get', 'clusters']).split('\n').includes(kindCluster)) {
      run(kind, ['load', 'docker-image', managerImage, '--name', kindCluster]);
    }
    if (process.env.CERT_MANAGER_INSTALL_SKIP !== 'true' && !succeeds('kubectl', ['get', 'crd', 'certificates.cert-manager.io'])) {
      installedCertManager = true;
      run('kubectl', ['apply', '-f', `https://github.com/cert-manager/cert-manager/releases/download/${certManagerVersion}/cert-manager.yaml`]);
      run('kubectl', ['wait', 'deployment.apps/cert-manager-webhook', '--for', 'condition=Available', '--namespace', 'cert-manager', '--timeout', '5m']);
    }
    run('kubectl', ['create', 'ns', namespace]);
    run('kubectl', ['label', '--overwrite', 'ns', namespace, 'pod-security.kubernetes.io/enforce=restricted']);
    run('make', ['install']);
    run('make', ['deploy', `IMG=${managerImage}`]);
  }, 900_000);

  afterAll(() => {
    if (!cluster) return;
    spawnSync('make', ['undeploy', 'ignore-not-found=true']);
    spawnSync('make', ['uninstall', 'ignore-not-found=true']);
    spawnSync('kubectl', ['delete', 'ns', namespace, '--ignore-not-found']);
    if (installedCertManager) {
      spawnSync('kubectl', ['delete', '-f', `https://github.com/cert-manager/cert-manager/releases/download/${certManagerVersion}/cert-manager.yaml`, '--ignore-not-found']);
    }
  }, 300_000);

  /** The name of the one running controller-manager pod. */
  function managerPod(): string {
    const names = run('kubectl', ['get', 'pods', '-n', namespace, '-l', 'control-plane=controller-manager', '-o', 'go-template={{ range .items }}{{ if not .metadata.deletionTimestamp }}{{ .metadata.name }}{{ "\\n" }}{{ end }}{{ end }}'])
      .split('\n').filter(Boolean);
    expect(names).toHaveLength(1);
    return names[0];
  }

  it('runs the controller-manager pod until it is ready', async () => {
    await eventually(() => {
      const pod = managerPod();
      expect(run('kubectl', ['get', 'pod', pod, '-n', namespace, '-o', 'jsonpath={.status.phase}'])).toBe('Running');
      expect(run('kubectl', ['get', 'pod', pod, '-n', namespace, '-o', "jsonpath={.status.conditions[?(@.type=='Ready')].status}"])).toBe('True');
    }, { timeout: 180_000, interval: 1_000, description: 'a ready controller-manager pod' });
  }, 200_000);

  it('serves its metrics', async () => {
    await eventually(() => {
      expect(run('kubectl', ['logs', managerPod(), '-n', namespace])).toContain('serving metrics server');
    }, { timeout: 180_000, interval: 1_000, description: 'the metrics server to start' });
    // TODO(user): check what your controllers do in the cluster, e.g. apply a sample from
    // config/samples and wait for the status the reconcile writes.
  }, 200_000);
});
