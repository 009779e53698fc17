/**
 * `.compat-allow.yaml`: breaking changes a project accepts, each with its reason. An entry matches a
 * finding by rule and path, and by CRD and version when it names them:
 *
 *   allow:
 *     - crd: cronjobs.batch.example.com   # optional
 *       version: v1                       # optional
 *       rule: maximum-tightened
 *       path: .spec.startingDeadlineSeconds
 *       reason: no stored object uses more than 100 (checked in every cluster on 2026-11-02)
 */
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import type { CompatFinding } from './finding.js';

export const ALLOW_LIST_FILE = '.compat-allow.yaml';

export interface AllowEntry {
  crd?: string;
  version?: string;
  rule: string;
  path: string;
  reason: string;
  /** 1-based line of the entry in the file. */
  line: number;
}

/** A problem in the allow-list file, at its line. */
export class AllowListError extends Error {
  constructor(readonly file: string, readonly line: number, message: string) {
    super(`${file}:${line}: ${message}`);
  }
}

const FIELDS = ['crd', 'version', 'rule', 'path', 'reason'] as const;

/** Reads the allow-list's text; `file` names it in errors. */
export function parseAllowList(text: string, file: string): AllowEntry[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  if (doc.errors.length > 0) throw new AllowListError(file, lineOf(doc.errors[0].pos[0]), `not valid YAML: ${doc.errors[0].message.split('\n')[0]}`);
  if (doc.contents === null) return [];
  if (!isMap(doc.contents)) throw new AllowListError(file, lineOf(doc.contents.range?.[0]), 'must be a mapping with an `allow:` list');
  const list = doc.contents.get('allow', true);
  if (list === undefined || list === null) return [];
  if (!isSeq(list)) throw new AllowListError(file, lineOf(doc.contents.range?.[0]), '`allow` must be a list of entries');
  return list.items.map((item) => {
    const line = lineOf((item as { range?: [number] }).range?.[0]);
    if (!isMap(item)) throw new AllowListError(file, line, 'an entry must be a mapping of crd, version, rule, path and reason');
    const entry = item.toJSON() as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!(FIELDS as readonly string[]).includes(key)) throw new AllowListError(file, line, `unknown key "${key}": an entry has ${FIELDS.join(', ')}`);
    }
    for (const key of FIELDS) {
      if (entry[key] !== undefined && typeof entry[key] !== 'string') throw new AllowListError(file, line, `"${key}" must be a string`);
    }
    for (const key of ['rule', 'path'] as const) {
      if (!entry[key]) throw new AllowListError(file, line, `the entry has no "${key}"`);
    }
    if (!(entry.reason as string | undefined)?.trim()) throw new AllowListError(file, line, 'the entry has no "reason": say why the break is accepted');
    return { ...(entry as Omit<AllowEntry, 'line'>), line };
  });
}

export function allows(entry: AllowEntry, finding: CompatFinding): boolean {
  return entry.rule === finding.rule
    && entry.path === finding.path
    && (entry.crd === undefined || entry.crd === finding.crd)
    && (entry.version === undefined || entry.version === finding.version);
}
