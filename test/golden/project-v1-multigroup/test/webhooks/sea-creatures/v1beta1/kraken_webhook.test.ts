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
import * as seacreaturesv1beta2 from '../../../../api/sea-creatures/v1beta2/index.js';
import { newKraken as newKrakenV1beta2 } from '../../../samples/sea-creatures/v1beta2/kraken.js';
import { Manager, builtinScheme } from 'kubescaffolder/runtime';
import { startTestEnvironment, fuzzConversion } from 'kubescaffolder/testing';
import * as seacreaturesv1beta1 from '../../../../api/sea-creatures/v1beta1/index.js';
// +kubebuilder:scaffold:imports

describe('Kraken webhook', () => {
  it('converts Kraken v1beta2 to the hub and back without loss', () => {
    const spoke: seacreaturesv1beta2.Kraken = { ...newKrakenV1beta2('sample'), status: {} };
    const hub = seacreaturesv1beta2.krakenConversion.convertTo(spoke);
    expect(hub.apiVersion).toBe('sea-creatures.testproject.org/v1beta1');
    expect(seacreaturesv1beta2.krakenConversion.convertFrom(hub)).toEqual(spoke);
  });

  it('round-trips random Kraken objects of v1beta1 and v1beta2 without loss', async () => {
    // Objects valid under each version's schema in config/crd/bases (run `make manifests` first).
    const { loss } = await fuzzConversion({ crd: 'krakens.sea-creatures.testproject.org', hub: 'v1beta1', spokes: { v1beta2: seacreaturesv1beta2.krakenConversion }, seed: 1, count: 100 });
    expect(loss?.message).toBeUndefined();
  });

  it('serves Kraken v1beta2 through the API server, which converts with the webhook', async () => {
    // The API server stores one version and calls the manager's /convert for the others:
    // conversionWebhooks points the CRD from config/crd/bases (run `make manifests` first) at the
    // webhook server, as config/crd/patches/webhook_in_sea-creatures_krakens.yaml does when deployed.
    const env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], conversionWebhooks: ['krakens.sea-creatures.testproject.org'] });
    const { localServingHost, localServingPort, localServingCertDir } = env.webhookInstallOptions;
    const scheme = builtinScheme();
    seacreaturesv1beta1.addToScheme(scheme);
    seacreaturesv1beta2.addToScheme(scheme);
    const mgr = await Manager.create({
      scheme,
      kubeConfig: env.kubeConfig,
      handleSignals: false,
      webhookServer: { host: localServingHost, port: localServingPort, certDir: localServingCertDir },
    });
    seacreaturesv1beta1.setupKrakenWebhookWithManager(mgr);
    const running = mgr.start();
    try {
      await mgr.elected();
      const created = await mgr.getClient().create(seacreaturesv1beta2.Kraken, newKrakenV1beta2('converted'));
      const key = { namespace: created.metadata?.namespace ?? '', name: created.metadata!.name! };
      // TODO(user): set fields that differ between the versions, and expect them converted.
      expect((await mgr.getAPIReader().get(seacreaturesv1beta1.Kraken, key)).apiVersion).toBe('sea-creatures.testproject.org/v1beta1');
      expect((await mgr.getAPIReader().get(seacreaturesv1beta2.Kraken, key)).apiVersion).toBe('sea-creatures.testproject.org/v1beta2');
    } finally {
      mgr.stop();
      await running;
      await env.stop();
    }
  });

  // +kubebuilder:scaffold:webhooktests
});
