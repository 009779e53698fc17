/**
 * The recorded expectations: what kube-apiserver answered to each scenario, normalized, one JSON
 * file per area under recorded/. Without the binaries the in-process server is compared with these;
 * SCAFFOLDER_RECORD_SCENARIOS=1 (with the binaries) writes them anew from kube-apiserver.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTwoFilesPatch } from 'diff/lib/patch/create.js';
import { isDeepStrictEqual } from 'node:util';
import type { Observation } from './scenario.js';

export const RECORD_ENV = 'SCAFFOLDER_RECORD_SCENARIOS';
export const recording = process.env[RECORD_ENV] === '1';

const recordedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorded');

export type AreaRecording = Record<string, Observation[]>;

export function readRecording(area: string): AreaRecording {
  const file = path.join(recordedDir, `${area}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as AreaRecording) : {};
}

export function writeRecording(area: string, scenarios: AreaRecording): void {
  mkdirSync(recordedDir, { recursive: true });
  writeFileSync(path.join(recordedDir, `${area}.json`), `${JSON.stringify(scenarios, null, 1)}\n`);
}

/** undefined when equal; else a unified diff of the two records (expected: kube-apiserver's). */
export function difference(expected: Observation[], actual: Observation[], actualName: string): string | undefined {
  if (isDeepStrictEqual(expected, actual)) return undefined;
  const a = JSON.stringify(sortedKeys(expected), null, 2);
  const b = JSON.stringify(sortedKeys(actual), null, 2);
  return createTwoFilesPatch('kube-apiserver (recorded)', actualName, `${a}\n`, `${b}\n`, undefined, undefined, { context: 4 });
}

/** Keys in order, so that the diff shows values, not the order a server wrote them in. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]));
}
