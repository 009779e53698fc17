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

// What the end-to-end tests run: make, kubectl, kind and the container tool, in the project's
// directory, each as a child process whose output becomes the error when it fails.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/** The project's root directory (this file is test/e2e/utils.ts). */
export const projectDir = resolve(import.meta.dirname, '..', '..');

/** The commands the tests run; each can be replaced through the variable of the same name, as in the Makefile. */
export const tools = {
  kubectl: process.env.KUBECTL ?? 'kubectl',
  kind: process.env.KIND ?? 'kind',
  containerTool: process.env.CONTAINER_TOOL ?? 'docker',
  make: process.env.MAKE ?? 'make',
};

/** The kind cluster the image is loaded into (`make test-e2e` passes the Makefile's KIND_CLUSTER). */
export const kindCluster = process.env.KIND_CLUSTER ?? 'kind';

/** A command that failed: its message holds the command line and all it printed. */
export class CommandError extends Error {
  constructor(commandLine: string, reason: string, output: string, readonly stderr: string) {
    super(`${commandLine} failed (${reason}):\n${output}`);
    this.name = 'CommandError';
  }
}

/**
 * Runs `command args...` in the project's directory and resolves with its standard output; a
 * non-zero exit rejects with the command line and everything it printed. kubectl's user
 * preferences (kuberc) are off unless KUBECTL_KUBERC=true, so that they cannot change the results.
 */
export function run(command: string, args: string[]): Promise<string> {
  const commandLine = [command, ...args].join(' ');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: projectDir,
      env: { ...process.env, KUBECTL_KUBERC: process.env.KUBECTL_KUBERC === 'true' ? 'true' : 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      output += chunk;
    });
    child.on('error', (err) => reject(new Error(`${commandLine}: ${err.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolvePromise(stdout);
      else reject(new CommandError(commandLine, signal ?? `exit code ${code}`, output, stderr));
    });
  });
}

export const kubectl = (...args: string[]): Promise<string> => run(tools.kubectl, args);
export const make = (...args: string[]): Promise<string> => run(tools.make, ['--no-print-directory', ...args]);

/** The lines of `output` that are not empty. */
export function nonEmptyLines(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '');
}

/** Whether `command` names an executable file, directly or through PATH. */
export function onPath(command: string): boolean {
  const candidates = command.includes('/') ? [command] : (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '').map((dir) => join(dir, command));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The first line a failed command wrote to its standard error, in parentheses ('' if none). */
function firstErrorLine(err: unknown): string {
  const line = err instanceof CommandError ? nonEmptyLines(err.stderr)[0] : undefined;
  return line === undefined ? '' : ` (${line.trim()})`;
}

/**
 * What the end-to-end tests lack on this machine, in one sentence, or undefined when nothing is
 * missing: kubectl and a cluster answering through the current kubeconfig context, the container
 * tool and its daemon that build the image, and kind that loads it into the cluster.
 */
export async function missingPrerequisites(): Promise<string | undefined> {
  const missing: string[] = [];
  const checks = [
    { variable: 'KUBECTL', command: tools.kubectl, works: ['version', '--request-timeout=10s'], failure: 'no cluster answers through the current kubeconfig context' },
    { variable: 'CONTAINER_TOOL', command: tools.containerTool, works: ['info'], failure: `${tools.containerTool} cannot reach its daemon` },
    { variable: 'KIND', command: tools.kind, works: ['version'], failure: `${tools.kind} does not run` },
  ];
  for (const check of checks) {
    if (!onPath(check.command)) {
      missing.push(`${check.command} (${check.variable}) is not installed`);
      continue;
    }
    try {
      await run(check.command, check.works);
    } catch (err) {
      missing.push(`${check.failure}${firstErrorLine(err)}`);
    }
  }
  return missing.length === 0 ? undefined : missing.join('; ');
}

/** Loads a locally built image into the kind cluster's nodes (there is no registry to pull it from). */
export async function loadImageToKindCluster(image: string): Promise<void> {
  await run(tools.kind, ['load', 'docker-image', image, '--name', kindCluster]);
}

// cert-manager issues the certificates of the webhook and metrics servers when config/default enables it.
const certManagerVersion = 'v1.21.0';
const certManagerManifest = `https://github.com/cert-manager/cert-manager/releases/download/${certManagerVersion}/cert-manager.yaml`;
const certManagerCRDs = [
  'certificates.cert-manager.io',
  'issuers.cert-manager.io',
  'clusterissuers.cert-manager.io',
  'certificaterequests.cert-manager.io',
  'orders.acme.cert-manager.io',
  'challenges.acme.cert-manager.io',
];

/** Whether the cluster already has any of cert-manager's CRDs (then the tests neither install nor remove it). */
export async function isCertManagerInstalled(): Promise<boolean> {
  try {
    const names = nonEmptyLines(await kubectl('get', 'crds', '-o', 'name')).map((line) => line.replace(/^.*\//, ''));
    return names.some((name) => certManagerCRDs.includes(name));
  } catch {
    return false;
  }
}

/** Installs cert-manager and waits until its webhook can admit Certificates. */
export async function installCertManager(): Promise<void> {
  await kubectl('apply', '-f', certManagerManifest);
  await kubectl('wait', 'deployment.apps/cert-manager-webhook', '--for', 'condition=Available', '--namespace', 'cert-manager', '--timeout', '5m');
}

/** Removes cert-manager and the leader-election leases it leaves in kube-system; failures are only reported. */
export async function uninstallCertManager(): Promise<void> {
  const steps = [
    ['delete', '-f', certManagerManifest, '--ignore-not-found'],
    ['delete', 'lease', 'cert-manager-cainjector-leader-election', '-n', 'kube-system', '--ignore-not-found', '--force', '--grace-period=0'],
    ['delete', 'lease', 'cert-manager-controller', '-n', 'kube-system', '--ignore-not-found', '--force', '--grace-period=0'],
  ];
  for (const args of steps) {
    try {
      await kubectl(...args);
    } catch (err) {
      console.warn(`warning: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
