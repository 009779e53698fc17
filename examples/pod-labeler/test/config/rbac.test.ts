/*
Copyright 2026 The pod-labeler Authors.

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

// The write-up trims the scaffolded RBAC markers to what the controller needs; `scaffolder
// manifests` must turn them into a role with that and nothing more.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

interface Rule { apiGroups: string[]; resources: string[]; verbs: string[] }

describe('config/rbac/role.yaml', () => {
  it('grants the manager get, list, watch, update and patch on core pods, and nothing else', () => {
    const role = parse(readFileSync('config/rbac/role.yaml', 'utf8')) as { kind: string; metadata: { name: string }; rules: Rule[] };
    expect(role.kind).toBe('ClusterRole');
    expect(role.metadata.name).toBe('manager-role');
    // `groups=core` in the marker is the core group, "" in a role.
    expect(role.rules).toEqual([{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'patch', 'update', 'watch'] }]);
  });
});
