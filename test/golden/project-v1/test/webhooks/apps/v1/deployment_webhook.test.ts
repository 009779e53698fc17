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
import type { ObjectOf, Deployment } from 'kubescaffolder/runtime';
import { DeploymentCustomDefaulter, DeploymentCustomValidator } from '../../../../src/webhooks/apps/v1/deployment_webhook.js';
// +kubebuilder:scaffold:imports

describe('Deployment webhook', () => {
  it('defaults a Deployment without error', async () => {
    const obj: ObjectOf<typeof Deployment> = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'sample' } };
    await new DeploymentCustomDefaulter().default(obj);
    // TODO(user): expect the fields your defaulter sets.
    expect(obj.metadata?.name).toBe('sample');
  });

  it('admits a valid Deployment on create, update and delete', async () => {
    const obj: ObjectOf<typeof Deployment> = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'sample' } };
    const validator = new DeploymentCustomValidator();
    // TODO(user): add cases that your validator must reject (they throw a ValidationError).
    await expect(validator.validateCreate(obj)).resolves.toEqual([]);
    await expect(validator.validateUpdate(obj, obj)).resolves.toEqual([]);
    await expect(validator.validateDelete(obj)).resolves.toEqual([]);
  });

  // +kubebuilder:scaffold:webhooktests
});
