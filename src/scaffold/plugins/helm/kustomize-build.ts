// What config/default deploys, as `kubectl kustomize` builds it (as kubebuilder's helm/v2-alpha reads
// `make build-installer`'s dist/install.yaml): the chart mirrors that output. The build runs on a copy
// of config/ as the plan leaves it (on init, config/ exists only in the plan), so that a dry run or a
// failing command writes nothing, and so that optional sections can be switched on in the copy alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { UsageError } from '../../../project/usage-error.js';
import type { Plan } from '../../machinery/plan.js';

export type KubeObject = Record<string, unknown> & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
};

/** Every file under config/ as the plan leaves it, by path. */
function configFiles(plan: Plan): Map<string, string> {
  const paths = new Set<string>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else paths.add(relative(plan.root, full).split('\\').join('/'));
    }
  };
  walk(join(plan.root, 'config'));
  for (const c of plan.changes()) if (c.path.startsWith('config/')) paths.add(c.path);
  const files = new Map<string, string>();
  for (const p of paths) {
    const content = plan.read(p);
    if (content !== undefined) files.set(p, content);
  }
  return files;
}

/** The kubectl the project's Makefile uses ($KUBECTL, else kubectl on PATH). */
function kubectl(): string {
  return process.env.KUBECTL || 'kubectl';
}

/**
 * `kubectl kustomize config/default` of config/ as planned, after `adjust` has changed the copy's
 * files (path → content). Errors say what failed, in kustomize's words.
 */
export function kustomizeDefault(plan: Plan, adjust: (files: Map<string, string>) => void = () => {}): KubeObject[] {
  const files = configFiles(plan);
  if (!files.has('config/default/kustomization.yaml')) throw new UsageError('helm/v2-alpha: config/default/kustomization.yaml not found: the chart is made from what config/default deploys');
  adjust(files);
  const work = mkdtempSync(join(tmpdir(), 'scaffolder-helm-'));
  try {
    for (const [p, content] of files) {
      mkdirSync(dirname(join(work, p)), { recursive: true });
      writeFileSync(join(work, p), content);
    }
    let out: string;
    try {
      out = execFileSync(kubectl(), ['kustomize', 'config/default'], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { stderr?: string };
      if (e.code === 'ENOENT') throw new UsageError(`helm/v2-alpha builds the chart from \`${kubectl()} kustomize config/default\`: ${kubectl()} was not found (install kubectl, or set KUBECTL)`);
      throw new UsageError(`helm/v2-alpha: \`${kubectl()} kustomize config/default\` failed: ${String(e.stderr ?? e.message).trim()}`);
    }
    return parseAllDocuments(out).map((d) => d.toJS() as KubeObject).filter((o) => o !== null && typeof o === 'object');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
