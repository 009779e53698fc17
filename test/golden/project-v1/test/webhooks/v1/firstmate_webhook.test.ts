/*
Copyright 2026 The Kubernetes authors.

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

import { describe, expect, it } from 'vitest';
import * as crewv2 from '../../../api/v2/index.js';
import { newFirstMate as newFirstMateV2 } from '../../samples/v2/firstmate.js';
import { Manager, builtinScheme } from 'kubescaffolder/runtime';
import { startTestEnvironment, fuzzConversion } from 'kubescaffolder/testing';
import * as crewv1 from '../../../api/v1/index.js';
// +kubebuilder:scaffold:imports

describe('FirstMate webhook', () => {
  it('converts FirstMate v2 to the hub and back without loss', () => {
    const spoke: crewv2.FirstMate = { ...newFirstMateV2('sample'), status: {} };
    const hub = crewv2.firstMateConversion.convertTo(spoke);
    expect(hub.apiVersion).toBe('crew.testproject.org/v1');
    expect(crewv2.firstMateConversion.convertFrom(hub)).toEqual(spoke);
  });

  it('round-trips random FirstMate objects of v1 and v2 without loss', async () => {
    // Objects valid under each version's schema in config/crd/bases (run `make manifests` first).
    const { loss } = await fuzzConversion({ crd: 'firstmates.crew.testproject.org', hub: 'v1', spokes: { v2: crewv2.firstMateConversion }, seed: 1, count: 100 });
    expect(loss?.message).toBeUndefined();
  });

  it('serves FirstMate v2 through the API server, which converts with the webhook', async () => {
    // The API server stores one version and calls the manager's /convert for the others:
    // conversionWebhooks points the CRD from config/crd/bases (run `make manifests` first) at the
    // webhook server, as config/crd/patches/webhook_in_firstmates.yaml does when deployed.
    const env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], conversionWebhooks: ['firstmates.crew.testproject.org'] });
    const { localServingHost, localServingPort, localServingCertDir } = env.webhookInstallOptions;
    const scheme = builtinScheme();
    crewv1.addToScheme(scheme);
    crewv2.addToScheme(scheme);
    const mgr = await Manager.create({
      scheme,
      kubeConfig: env.kubeConfig,
      handleSignals: false,
      webhookServer: { host: localServingHost, port: localServingPort, certDir: localServingCertDir },
    });
    crewv1.setupFirstMateWebhookWithManager(mgr);
    const running = mgr.start();
    try {
      await mgr.elected();
      const created = await mgr.getClient().create(crewv2.FirstMate, newFirstMateV2('converted'));
      const key = { namespace: created.metadata?.namespace ?? '', name: created.metadata!.name! };
      // TODO(user): set fields that differ between the versions, and expect them converted.
      expect((await mgr.getAPIReader().get(crewv1.FirstMate, key)).apiVersion).toBe('crew.testproject.org/v1');
      expect((await mgr.getAPIReader().get(crewv2.FirstMate, key)).apiVersion).toBe('crew.testproject.org/v2');
    } finally {
      mgr.stop();
      await running;
      await env.stop();
    }
  });

  // +kubebuilder:scaffold:webhooktests
});
