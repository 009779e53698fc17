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

// What the write-up's deployment needs from the generated config: the manager's role grants exactly
// what the controller does (from the +kubebuilder:rbac markers), and the manager runs as three
// replicas with leader election.
import { readFileSync } from 'node:fs';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

interface Rule { apiGroups: string[]; resources: string[]; verbs: string[] }

describe('config', () => {
  it('grants the manager exactly what the controller uses', () => {
    const role = parse(readFileSync('config/rbac/role.yaml', 'utf8')) as { kind: string; rules: Rule[] };
    expect(role.kind).toBe('ClusterRole');
    const grants = Object.fromEntries(role.rules.flatMap((r) => r.resources.map((res) => [`${r.apiGroups.join(',')}/${res}`, [...r.verbs].sort().join(',')])));
    expect(grants).toEqual({
      'test.inspur.com/xxxes': 'get,list,update,watch',
      'test.inspur.com/xxxes/status': 'update',
      'test.inspur.com/xxxes/finalizers': 'update',
      'batch/jobs': 'create,delete,get,list,watch',
      '/events': 'create,patch',
    });
  });

  it('runs three replicas of the manager with leader election', () => {
    type Deployment = { kind: string; spec?: { replicas?: number; template: { spec: { containers: { args?: string[] }[] } } } };
    const docs = parseAllDocuments(readFileSync('config/manager/manager.yaml', 'utf8')).map((d) => d.toJS() as Deployment);
    const deployment = docs.find((d) => d.kind === 'Deployment')!;
    expect(deployment.spec!.replicas).toBe(3);
    expect(deployment.spec!.template.spec.containers[0].args).toContain('--leader-elect');
  });
});
