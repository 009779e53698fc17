// The CLI sequences that produce the golden projects under test/golden/ (like kubebuilder's
// testdata/project-v4*): real `scaffolder` runs, without npm install and without the generators,
// so that the output depends only on the scaffolding code and templates.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { main } from '../src/cli/main.js';

/** The placeholder for the machine-dependent `file:` path of the scaffolder dependency. */
export const scaffolderPathPlaceholder = 'file:<path to scaffolder>';

/** Fixed so that the license year does not change the golden output (SOURCE_DATE_EPOCH convention). */
export const goldenEpoch = '1767225600'; // 2026-01-01T00:00:00Z

const noInstall = '--install=false';
const noMake = '--make=false';

export const goldenProjects: Record<string, string[][]> = {
  'project-v1': [
    ['init', '--domain', 'testproject.org', '--owner', 'The Kubernetes authors', noInstall],
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', noMake],
    ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--defaulting', '--programmatic-validation', noMake],
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'FirstMate', noMake],
    ['create', 'api', '--group', 'crew', '--version', 'v2', '--kind', 'FirstMate', '--controller=false', noMake],
    ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'FirstMate', '--conversion', '--spoke', 'v2', noMake],
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--plural', 'admirales', '--namespaced=false', noMake],
    ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--plural', 'admirales', '--defaulting', noMake],
    ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Admiral', '--plural', 'admirales', '--programmatic-validation', '--validation-path', '/custom-validate-admiral', noMake],
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Sailor', noMake],
    ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Sailor', '--defaulting', '--defaulting-path', '/custom-mutate-sailor', '--programmatic-validation', '--validation-path', '/custom-validate-sailor', noMake],
    ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--resource=false', '--controller', noMake],
    ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--defaulting', noMake],
    ['create', 'webhook', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--defaulting', '--programmatic-validation', noMake],
    // Re-runs with --force must not change anything.
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--force', noMake],
    ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--defaulting', '--programmatic-validation', '--force', noMake],
    // ... and keep the storageversion and conversion:hub markers earlier commands added.
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'FirstMate', '--force', noMake],
  ],
  'project-v1-multigroup': [
    ['init', '--domain', 'testproject.org', '--multigroup', '--owner', 'The Kubernetes authors', noInstall],
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', noMake],
    ['create', 'webhook', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', '--programmatic-validation', noMake],
    ['create', 'api', '--group', 'ship', '--version', 'v1beta1', '--kind', 'Frigate', noMake],
    ['create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Destroyer', '--namespaced=false', noMake],
    ['create', 'webhook', '--group', 'ship', '--version', 'v1', '--kind', 'Destroyer', '--defaulting', noMake],
    ['create', 'api', '--group', 'ship', '--version', 'v2alpha1', '--kind', 'Cruiser', '--namespaced=false', noMake],
    ['create', 'api', '--group', 'sea-creatures', '--version', 'v1beta1', '--kind', 'Kraken', noMake],
    ['create', 'api', '--group', 'sea-creatures', '--version', 'v1beta2', '--kind', 'Leviathan', noMake],
    ['create', 'api', '--group', 'sea-creatures', '--version', 'v1beta2', '--kind', 'Kraken', '--controller=false', noMake],
    ['create', 'webhook', '--group', 'sea-creatures', '--version', 'v1beta1', '--kind', 'Kraken', '--conversion', '--spoke', 'v1beta2', noMake],
    ['create', 'api', '--group', 'foo.policy', '--version', 'v1', '--kind', 'HealthCheckPolicy', noMake],
    ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--resource=false', '--controller', noMake],
    ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false', '--controller', noMake],
    ['create', 'webhook', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--defaulting', noMake],
    ['create', 'webhook', '--group', 'networking', '--version', 'v1', '--kind', 'Ingress', '--programmatic-validation', noMake],
    ['create', 'api', '--group', 'ship', '--version', 'v1beta1', '--kind', 'Frigate', '--force', noMake],
  ],
  // Controllers and webhooks for built-in kinds only: a project without CRDs (no config/crd).
  'project-v1-builtin': [
    ['init', '--domain', 'example.org', '--owner', 'The Kubernetes authors', noInstall],
    ['create', 'api', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--resource=false', '--controller', noMake],
    ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false', '--controller', noMake],
    ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--defaulting', '--programmatic-validation', noMake],
  ],
  'project-v1-namespaced': [
    ['init', '--domain', 'example.com', '--namespaced', '--license', 'none', noInstall],
    ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached', noMake],
    ['create', 'webhook', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached', '--programmatic-validation', noMake],
    ['create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob', '--resource=false', '--controller', noMake],
    ['edit', '--owner', 'Jane Doe'],
  ],
};

/** Runs one golden sequence in `dir` (whose name becomes the project name); throws on the first failure. */
export async function generateGoldenProject(name: string, dir: string): Promise<void> {
  const sequence = goldenProjects[name];
  if (!sequence) throw new Error(`no golden project named ${name}`);
  mkdirSync(dir, { recursive: true });
  const previous = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = goldenEpoch;
  try {
    for (const args of sequence) {
      let output = '';
      const code = await main(args, { cwd: dir, stdout: () => undefined, stderr: (s) => { output += s; } });
      if (code !== 0) throw new Error(`scaffolder ${args.join(' ')} exited ${code}: ${output}`);
    }
  } finally {
    if (previous === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = previous;
  }
  const manifest = join(dir, 'package.json');
  const pkg = readFileSync(manifest, 'utf8');
  writeFileSync(manifest, pkg.replace(/"file:[^"]*"/, `"${scaffolderPathPlaceholder}"`));
}

/** Every file under `dir` with its content, by relative path. */
export function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d).sort()) {
      const full = join(d, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(dir, full).split('\\').join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}
