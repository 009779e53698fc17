/*
Copyright 2026 The stream-ingress Authors.

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

// Runs once before the end-to-end tests (vitest's globalSetup): checks what they need, builds the
// manager image and loads it into the kind cluster, and installs cert-manager unless the cluster has
// it (CERT_MANAGER_INSTALL_SKIP=true skips that); the function it returns removes what it installed.
// Without kubectl, a reachable cluster, the container tool or kind it prints one line saying what is
// missing and the tests skip.
import type { TestProject } from 'vitest/node';
import { managerImage } from './project.js';
import { installCertManager, isCertManagerInstalled, loadImageToKindCluster, make, missingPrerequisites, tools, uninstallCertManager } from './utils.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the end-to-end tests cannot run here ('' when they can). */
    e2eSkipReason: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const missing = await missingPrerequisites();
  project.provide('e2eSkipReason', missing ?? '');
  if (missing !== undefined) {
    console.log(`e2e tests skipped: ${missing}`);
    return undefined;
  }

  console.log(`building the manager image ${managerImage}`);
  await make('docker-build', `IMG=${managerImage}`, `CONTAINER_TOOL=${tools.containerTool}`);
  // TODO(user): with another cluster than kind, make the image available to it (push it to a
  // registry the cluster pulls from) and remove this step.
  console.log('loading the manager image into kind');
  await loadImageToKindCluster(managerImage);

  let installedCertManager = false;
  if (process.env.CERT_MANAGER_INSTALL_SKIP === 'true') {
    console.log('not installing cert-manager (CERT_MANAGER_INSTALL_SKIP=true)');
  } else if (await isCertManagerInstalled()) {
    console.log('cert-manager is already installed; not installing it');
  } else {
    console.log('installing cert-manager');
    try {
      await installCertManager();
    } catch (err) {
      // An installation that failed half-way is removed again.
      await uninstallCertManager();
      throw err;
    }
    installedCertManager = true;
  }

  return async () => {
    if (installedCertManager) {
      console.log('uninstalling cert-manager');
      await uninstallCertManager();
    }
  };
}
