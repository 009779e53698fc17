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

// This project as config/default deploys it (namespace and name prefix `xxx-controllers-`), and the
// steps the end-to-end tests take with it: deploy, grant metrics access, scrape metrics, apply samples.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { kubectl, make, nonEmptyLines, projectDir } from './utils.js';

/** The image the tests build, load into kind and deploy. */
export const managerImage = process.env.IMG ?? 'example.com/xxx-controllers:v0.0.1';
/** The project's domain: its API groups are `<group>.inspur.com`. */
export const domain = 'inspur.com';
/** The namespace the manager runs in. */
export const namespace = 'xxx-controllers-system';
/** The manager's service account. */
export const serviceAccountName = 'xxx-controllers-controller-manager';
/** The Service in front of the manager's metrics endpoint (HTTPS on 8443). */
export const metricsServiceName = 'xxx-controllers-controller-manager-metrics-service';
/** The ClusterRole allowed to GET /metrics (config/rbac/metrics_reader_role.yaml). */
export const metricsReaderRole = 'xxx-controllers-metrics-reader';
/** The ClusterRoleBinding the tests create to grant the manager's service account that role. */
export const metricsRoleBindingName = 'xxx-controllers-metrics-binding';

/**
 * Creates the manager's namespace labelled for the restricted Pod Security Standard (the manager
 * must run under it), installs the CRDs and deploys the manager with `image`.
 */
export async function deploy(image: string = managerImage): Promise<void> {
  await kubectl('create', 'ns', namespace);
  await kubectl('label', '--overwrite', 'ns', namespace, 'pod-security.kubernetes.io/enforce=restricted');
  await make('install');
  await make('deploy', `IMG=${image}`);
}

/** Removes what the tests created; failures are only reported, so that every step runs. */
export async function undeploy(): Promise<void> {
  const steps: Array<() => Promise<string>> = [
    () => kubectl('delete', 'clusterrolebinding', metricsRoleBindingName, '--ignore-not-found'),
    () => make('undeploy', 'ignore-not-found=true'),
    () => make('uninstall', 'ignore-not-found=true'),
    () => kubectl('delete', 'ns', namespace, '--ignore-not-found'),
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      console.warn(`warning: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

interface PodList {
  items: Array<{
    metadata: { name: string; deletionTimestamp?: string };
    status?: { phase?: string; conditions?: Array<{ type: string; status: string }> };
  }>;
}

/** The manager's pods that are not being deleted. */
export async function managerPods(): Promise<PodList['items']> {
  const list = JSON.parse(await kubectl('get', 'pods', '-l', 'control-plane=controller-manager', '-n', namespace, '-o', 'json')) as PodList;
  return list.items.filter((pod) => pod.metadata.deletionTimestamp === undefined);
}

/** Binds the metrics-reader ClusterRole to the manager's service account. */
export async function bindMetricsReader(): Promise<void> {
  await kubectl('create', 'clusterrolebinding', metricsRoleBindingName, `--clusterrole=${metricsReaderRole}`, `--serviceaccount=${namespace}:${serviceAccountName}`);
}

/** A token of the manager's service account (a TokenRequest, through `kubectl create token`). */
export async function serviceAccountToken(): Promise<string> {
  return (await kubectl('create', 'token', serviceAccountName, '-n', namespace)).trim();
}

/**
 * Runs a pod named `podName` that GETs the metrics endpoint through the Service with `token` (up to
 * 30 tries), waits until it has finished and returns its log: curl's verbose output, then the metrics.
 * The pod runs under the namespace's restricted Pod Security Standard like the manager.
 */
export async function scrapeMetrics(podName: string, token: string): Promise<string> {
  const url = `https://${metricsServiceName}.${namespace}.svc.cluster.local:8443/metrics`;
  const overrides = {
    spec: {
      serviceAccountName,
      containers: [{
        name: 'curl',
        image: 'curlimages/curl:latest',
        command: ['/bin/sh', '-c'],
        args: [`for i in $(seq 1 30); do curl -v -k -H 'Authorization: Bearer ${token}' ${url} && exit 0 || sleep 2; done; exit 1`],
        securityContext: {
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
          runAsNonRoot: true,
          runAsUser: 1000,
          seccompProfile: { type: 'RuntimeDefault' },
        },
      }],
    },
  };
  await kubectl('delete', 'pod', podName, '-n', namespace, '--ignore-not-found', '--wait=true');
  await kubectl('run', podName, '--restart=Never', '--namespace', namespace, '--image=curlimages/curl:latest', '--overrides', JSON.stringify(overrides));
  await kubectl('wait', `pod/${podName}`, '-n', namespace, '--for=jsonpath={.status.phase}=Succeeded', '--timeout=5m');
  return kubectl('logs', podName, '-n', namespace);
}

/** Whether config/samples has a kustomization (`create api` adds one with the first sample). */
export function hasSamples(): boolean {
  return existsSync(join(projectDir, 'config', 'samples', 'kustomization.yaml'));
}

/** A sample as applied: what its controller is named after. */
export interface AppliedSample {
  apiVersion: string;
  kind: string;
  name: string;
}

/** Applies config/samples in the manager's namespace; returns the objects applied. */
export async function applySamples(): Promise<AppliedSample[]> {
  const names = nonEmptyLines(await kubectl('apply', '-k', 'config/samples', '-n', namespace, '-o', 'name'));
  if (names.length === 0) return [];
  // `-o name` prints <resource>.<group>/<name>; reading them back gives each one's kind and apiVersion.
  interface Applied { apiVersion: string; kind: string; metadata: { name: string } }
  const applied = JSON.parse(await kubectl('get', ...names, '-n', namespace, '-o', 'json')) as { items?: Applied[] } & Applied;
  return (applied.items ?? [applied]).map((object) => ({ apiVersion: object.apiVersion, kind: object.kind, name: object.metadata.name }));
}

/** Deletes config/samples' objects from the manager's namespace. */
export async function deleteSamples(): Promise<void> {
  await kubectl('delete', '-k', 'config/samples', '-n', namespace, '--ignore-not-found');
}

/**
 * The names the controller of a sample's kind runs under as scaffolded (`.named(...)` in its
 * setupWithManager): the kind in lower case, or `<group>-<kind>` in a multi-group project.
 */
export function controllerNames(sample: Pick<AppliedSample, 'apiVersion' | 'kind'>): string[] {
  const slash = sample.apiVersion.indexOf('/');
  const group = slash < 0 ? '' : sample.apiVersion.slice(0, slash);
  const shortGroup = group.endsWith(`.${domain}`) ? group.slice(0, -(domain.length + 1)) : group;
  const kind = sample.kind.toLowerCase();
  return shortGroup === '' ? [kind] : [kind, `${shortGroup}-${kind}`];
}

/**
 * The reconciles of the named controllers that ended without an error (results success, requeue
 * and requeue_after of controller_runtime_reconcile_total), read from a scrape of the metrics endpoint.
 */
export function successfulReconciles(metrics: string, controllers: string[]): number {
  let total = 0;
  for (const line of metrics.split('\n')) {
    const match = /^controller_runtime_reconcile_total\{([^}]*)\}\s+(\S+)/.exec(line);
    if (match === null) continue;
    const labels = new Map([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const controller = labels.get('controller');
    if (controller !== undefined && controllers.includes(controller) && labels.get('result') !== 'error') total += Number(match[2]);
  }
  return total;
}
