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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sailor } from '../../../api/v1/sailor_types.js';
import { SailorCustomDefaulter, SailorCustomValidator, setupSailorWebhookWithManager } from '../../../api/v1/sailor_webhook.js';
import { newSailor } from '../../samples/v1/sailor.js';
import { Manager, builtinScheme } from 'kubescaffolder/runtime';
import { startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import * as crewv1 from '../../../api/v1/index.js';
// +kubebuilder:scaffold:imports

describe('Sailor webhook', () => {
  it('defaults a Sailor without error', async () => {
    const obj: Sailor = newSailor('sample');
    await new SailorCustomDefaulter().default(obj);
    // TODO(user): expect the fields your defaulter sets.
    expect(obj.metadata?.name).toBe('sample');
  });

  it('admits a valid Sailor on create, update and delete', async () => {
    const obj: Sailor = newSailor('sample');
    const validator = new SailorCustomValidator();
    // TODO(user): add cases that your validator must reject (they throw a ValidationError).
    await expect(validator.validateCreate(obj)).resolves.toEqual([]);
    await expect(validator.validateUpdate(obj, obj)).resolves.toEqual([]);
    await expect(validator.validateDelete(obj)).resolves.toEqual([]);
  });

  describe('through the API server', () => {
    let env: TestEnvironment;
    let mgr: Manager;
    let running: Promise<void>;

    beforeAll(async () => {
      // The API server calls the webhooks in config/webhook (run `make manifests` first) on the
      // manager's webhook server, with a serving certificate the test environment made.
      env = await startTestEnvironment({ crdDirectoryPaths: ['config/crd/bases'], webhookConfigPaths: ['config/webhook'] });
      // Without a configuration for Sailor the API server admits it without calling the webhooks.
      const { mutatingWebhooks, validatingWebhooks } = env.webhookInstallOptions;
      const loaded = [...mutatingWebhooks, ...validatingWebhooks]
        .flatMap((configuration) => configuration.webhooks ?? [])
        .filter((webhook) => webhook.rules?.some((rule) => rule.apiGroups?.includes('crew.testproject.org') && rule.resources?.includes('sailors')));
      expect(loaded, 'no mutating or validating webhook for sailors.crew.testproject.org was loaded from config/webhook: run `make manifests` first').not.toEqual([]);
      const scheme = builtinScheme();
      crewv1.addToScheme(scheme);
      const { localServingHost, localServingPort, localServingCertDir } = env.webhookInstallOptions;
      mgr = await Manager.create({
        scheme,
        kubeConfig: env.kubeConfig,
        handleSignals: false,
        webhookServer: { host: localServingHost, port: localServingPort, certDir: localServingCertDir },
      });
      setupSailorWebhookWithManager(mgr);
      // The API server also calls the webhooks of Sailor's other versions (converting the object):
      // `create webhook` adds them here.
      // +kubebuilder:scaffold:webhooksetup
      running = mgr.start();
      await mgr.elected();
    });

    afterAll(async () => {
      mgr?.stop();
      await running;
      await env?.stop();
    });

    it('admits a valid Sailor', async () => {
      const created = await mgr.getClient().create(crewv1.Sailor, newSailor('admitted'));
      // TODO(user): expect what your defaulter sets, and add objects your validator rejects.
      expect(created.metadata?.uid).toBeTruthy();
    });
  });

  // +kubebuilder:scaffold:webhooktests
});
