import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readProjectSettings } from '../../src/generators/manifests/index.js';

/** Nine anchors, each a list of nine aliases of the one before: 9^9 values, were yaml to expand them all. */
const aliasBomb = ['a: &a [x, x, x, x, x, x, x, x, x]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(', ')}]`)].join('\n');

const valid = 'domain: example.com\nlayout: [typescript.scaffolder.dev/v1]\nprojectName: shop\nnamespaced: true\nkubernetesVersion: "1.35"\nversion: "3"\n';

describe('readProjectSettings (what manifests takes from PROJECT)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'project-settings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the project name, namespaced and the Kubernetes release; defaults without PROJECT', () => {
    expect(readProjectSettings(dir)).toEqual({ namespaced: false });
    writeFileSync(path.join(dir, 'PROJECT'), valid);
    expect(readProjectSettings(dir)).toEqual({ projectName: 'shop', namespaced: true, kubernetesVersion: '1.35' });
    expect(readProjectSettings(dir, valid.replace('shop', 'planned'))).toMatchObject({ projectName: 'planned' });
  });

  it('refuses what every other command refuses, naming the file and line', () => {
    writeFileSync(path.join(dir, 'PROJECT'), valid.replace('"1.35"', '"1.20"'));
    expect(() => readProjectSettings(dir)).toThrow(/PROJECT:5: kubernetesVersion "1.20" is not one scaffolder ships/);
    writeFileSync(path.join(dir, 'PROJECT'), valid.replace('typescript.scaffolder.dev/v1', 'go.kubebuilder.io/v4'));
    expect(() => readProjectSettings(dir)).toThrow(/PROJECT:2: project layout "go.kubebuilder.io\/v4" is not typescript.scaffolder.dev\/v1/);
  });
});

describe('a YAML alias bomb (aliases of aliases expanding past the yaml library\'s limit)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'alias-bomb-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function cli(...args: string[]): Promise<{ code: number; errors: string }> {
    let errors = '';
    const code = await main(args, { cwd: dir, stdout: () => undefined, stderr: (s) => void (errors += s) });
    return { code, errors };
  }

  it('in PROJECT is a usage error at the file and line of the first alias, for every command', async () => {
    const text = `${valid}${aliasBomb}\n`;
    writeFileSync(path.join(dir, 'PROJECT'), text);
    const line = text.split('\n').findIndex((l) => l.includes('*a')) + 1;
    expect(() => readProjectSettings(dir)).toThrow(`PROJECT:${line}: not valid YAML: its aliases (*name) expand to too many values`);
    const edit = await cli('edit', '--plugins', 'grafana/v1-alpha');
    expect(edit.errors).toBe(`error: ${path.join(dir, 'PROJECT')}:${line}: not valid YAML: its aliases (*name) expand to too many values (Excessive alias count indicates a resource exhaustion attack); write the values out instead\n`);
    expect(edit.code).toBe(1);
    expect(readFileSync(path.join(dir, 'PROJECT'), 'utf8')).toBe(text);
  });

  it('in grafana/custom-metrics/config.yaml is a usage error at its file and line, and nothing is written', async () => {
    writeFileSync(path.join(dir, 'PROJECT'), valid);
    mkdirSync(path.join(dir, 'grafana', 'custom-metrics'), { recursive: true });
    const text = `customMetrics: []\n${aliasBomb}\n`;
    writeFileSync(path.join(dir, 'grafana', 'custom-metrics', 'config.yaml'), text);
    const { code, errors } = await cli('edit', '--plugins', 'grafana/v1-alpha');
    expect(errors).toMatch(/^error: grafana\/custom-metrics\/config.yaml:3: not valid YAML: its aliases \(\*name\) expand to too many values/);
    expect(errors).not.toMatch(/internal error|\n\s+at /);
    expect(code).toBe(1);
    expect(readFileSync(path.join(dir, 'PROJECT'), 'utf8')).toBe(valid);
    expect(existsSync(path.join(dir, 'grafana', 'custom-metrics', 'custom-metrics-dashboard.json'))).toBe(false);
  });
});
