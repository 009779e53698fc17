// The golden project-v1 repeats kubebuilder's testdata/project-v4 sequence for the crew group, so
// their PROJECT resources must agree field by field, apart from what is Go-specific.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { conformanceDir, describeShared, repoRoot } from '../support/shared.js';

type Entry = Record<string, unknown> & { group: string; version: string; kind: string };

type ProjectFile = { domain: string; resources: Entry[] };

const kubebuilderProject = resolve(conformanceDir, 'kubebuilder', 'project-v4', 'PROJECT');
const ours = parse(readFileSync(resolve(repoRoot, 'test', 'golden', 'project-v1', 'PROJECT'), 'utf8')) as ProjectFile;

// Go import paths, named controllers (several controllers per kind) and server-side-apply
// configurations have no counterpart here.
function comparable(entry: Entry, drop: string[] = []): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...entry };
  for (const key of ['path', 'controllers', 'module', ...drop]) delete copy[key];
  if (copy.api && typeof copy.api === 'object') {
    const api = { ...(copy.api as Record<string, unknown>) };
    delete api.ssa;
    copy.api = api;
  }
  return copy;
}

function find(list: Entry[], group: string, version: string, kind: string): Entry {
  const found = list.find((r) => r.group === group && r.version === version && r.kind === kind);
  if (!found) throw new Error(`no ${group}/${version}/${kind} in PROJECT`);
  return found;
}

describeShared(kubebuilderProject, 'PROJECT resources agree with kubebuilder project-v4', () => {
  let kubebuilder: ProjectFile;
  beforeAll(() => {
    kubebuilder = parse(readFileSync(kubebuilderProject, 'utf8')) as ProjectFile;
  });

  it('uses the same domain', () => {
    expect(ours.domain).toBe(kubebuilder.domain);
  });

  it.each([
    ['crew', 'v1', 'Admiral'],
    ['crew', 'v1', 'Sailor'],
    ['crew', 'v1', 'FirstMate'],
    ['crew', 'v2', 'FirstMate'],
    ['apps', 'v1', 'Deployment'],
  ])('%s/%s %s', (group, version, kind) => {
    expect(comparable(find(ours.resources, group, version, kind))).toEqual(comparable(find(kubebuilder.resources, group, version, kind)));
  });

  it('crew/v1 Captain (kubebuilder names two controllers; the webhooks and API agree)', () => {
    expect(comparable(find(ours.resources, 'crew', 'v1', 'Captain'), ['controller'])).toEqual(comparable(find(kubebuilder.resources, 'crew', 'v1', 'Captain'), ['controller']));
  });

  it('core/v1 Pod (here it also has a controller)', () => {
    expect(comparable(find(ours.resources, 'core', 'v1', 'Pod'), ['controller'])).toEqual(comparable(find(kubebuilder.resources, 'core', 'v1', 'Pod')));
  });
});
