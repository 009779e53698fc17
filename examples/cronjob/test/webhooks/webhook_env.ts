/*
Copyright 2026 The cronjob Authors.

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

// A test API server that calls this project's webhooks, as the deployed API server would: the
// webhook configurations from config/webhook, the CRD from config/crd/bases with its conversion
// going to the webhook server (config/crd/patches/webhook_in_cronjobs.yaml is what
// `conversionWebhooks: 'auto'` looks for), and a manager serving the v1 and v2 webhooks on the
// port and certificate the environment prepared.
import { Manager, builtinScheme } from 'kubescaffolder/runtime';
import { startTestEnvironment, type TestEnvironment } from 'kubescaffolder/testing';
import * as batchv1 from '../../api/v1/index.js';
import * as batchv2 from '../../api/v2/index.js';

export interface WebhookEnv {
  env: TestEnvironment;
  mgr: Manager;
  stop(): Promise<void>;
}

export async function startWebhookEnv(): Promise<WebhookEnv> {
  const env = await startTestEnvironment({
    crdDirectoryPaths: ['config/crd/bases'],
    errorIfCRDPathMissing: true,
    webhookConfigPaths: ['config/webhook'],
    conversionWebhooks: 'auto',
  });
  const scheme = builtinScheme();
  batchv1.addToScheme(scheme);
  batchv2.addToScheme(scheme);
  const serving = env.webhookInstallOptions;
  const mgr = await Manager.create({
    scheme,
    kubeConfig: env.kubeConfig,
    handleSignals: false,
    webhookServer: { host: serving.localServingHost, port: serving.localServingPort, certDir: serving.localServingCertDir },
  });
  batchv1.setupCronJobWebhookWithManager(mgr);
  batchv2.setupCronJobWebhookWithManager(mgr);
  const running = mgr.start();
  await mgr.elected();
  return {
    env,
    mgr,
    async stop() {
      mgr.stop();
      await running;
      await env.stop();
    },
  };
}
