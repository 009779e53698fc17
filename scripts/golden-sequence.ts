// The CLI sequences that produce the golden projects under test/golden/ (like kubebuilder's
// testdata/project-v4*): real `scaffolder` runs, without npm install and without the generators,
// so that the output depends only on the scaffolding code and templates.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { main } from '../src/cli/main.js';

/** The placeholder for the machine-dependent `file:` path of the scaffolder dependency. */
export const scaffolderPathPlaceholder = 'file:<path to scaffolder>';

/** Fixed so that the license year does not change the golden output (SOURCE_DATE_EPOCH convention). */
export const goldenEpoch = '1767225600'; // 2026-01-01T00:00:00Z

const noInstall = '--install=false';
const noMake = '--make=false';

/**
 * A step a user takes by hand between commands: edits of a generated file, each replacing text
 * that must be there (a golden run fails when a template no longer has it).
 */
export interface GoldenEdit {
  file: string;
  replace: Array<[string, string]>;
}

export type GoldenStep = string[] | GoldenEdit;

// The Hero controller of project-v1-plurals, filled in as a user fills the scaffold's TODO: it reads
// the Hero, creates a ConfigMap it owns and writes the Hero's status; its test waits for both.
const heroController: GoldenEdit = {
  file: 'src/controllers/hero_controller.ts',
  replace: [
    ['  type Scheme,\n  controllerManagedBy,\n', '  type Scheme,\n  type Wire,\n  ConfigMap,\n  controllerManagedBy,\n  createOrUpdate,\n  isNotFound,\n  setControllerReference,\n  setStatusCondition,\n'],
    ["import { Hero } from '../../api/v1/index.js';\n", "import type { V1ConfigMap } from '@kubernetes/client-node';\nimport { Hero } from '../../api/v1/index.js';\n"],
    ['resources=heroes/finalizers,verbs=update\n', 'resources=heroes/finalizers,verbs=update\n// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;update;patch;delete\n'],
    [
      "    // TODO(user): your logic here, e.g. `const obj = await this.client.get(Hero, req);`\n    ctx.log.info('reconciling', { namespace: req.namespace, name: req.name });\n    return {};\n",
      [
        '    let hero: Hero;',
        '    try {',
        '      hero = await this.client.get(Hero, req);',
        '    } catch (err) {',
        '      if (isNotFound(err)) return {};',
        '      throw err;',
        '    }',
        '    const configMap: Wire<V1ConfigMap> = { metadata: { namespace: req.namespace, name: `${req.name}-hero` } };',
        '    const operation = await createOrUpdate(this.client, ConfigMap, configMap, () => {',
        '      configMap.data = { hero: req.name };',
        '      setControllerReference(hero, configMap, Hero);',
        '    });',
        "    ctx.log.info('reconciled', { configMap: configMap.metadata?.name, operation });",
        '    const conditions = hero.status?.conditions ?? [];',
        "    const message = `ConfigMap ${configMap.metadata?.name} is up to date`;",
        "    if (setStatusCondition(conditions, { type: 'Available', status: 'True', reason: 'ConfigMapReady', message })) {",
        '      hero.status = { ...hero.status, conditions };',
        '      await this.client.status().update(Hero, hero);',
        '    }',
        '    return {};',
        '',
      ].join('\n'),
    ],
    ['.for(Hero).named(', '.for(Hero).owns(ConfigMap).named('],
  ],
};

const heroControllerTest: GoldenEdit = {
  file: 'test/controllers/hero_controller.test.ts',
  replace: [
    ["import { Manager, builtinScheme } from 'kubescaffolder/runtime';", "import { ConfigMap, Manager, builtinScheme } from 'kubescaffolder/runtime';"],
    [
      [
        '    // TODO(user): wait for what the reconcile does to the cluster, e.g. the status it writes:',
        '    //   await eventually(async () => {',
        '    //     const { status } = await mgr.getAPIReader().get(zoov1.Hero, key);',
        "    //     expect(status?.conditions).toContainEqual(expect.objectContaining({ type: 'Available', status: 'True' }));",
        "    //   }, 'the Available condition');",
        '',
      ].join('\n'),
      [
        '    await eventually(async () => {',
        '      const { status } = await mgr.getAPIReader().get(zoov1.Hero, key);',
        "      expect(status?.conditions).toContainEqual(expect.objectContaining({ type: 'Available', status: 'True', reason: 'ConfigMapReady' }));",
        "    }, 'the Available condition');",
        '    const configMap = await mgr.getAPIReader().get(ConfigMap, { namespace: key.namespace, name: `${key.name}-hero` });',
        "    expect(configMap.data).toEqual({ hero: key.name });",
        "    expect(configMap.metadata?.ownerReferences).toEqual([expect.objectContaining({ kind: 'Hero', name: key.name, uid: created.metadata?.uid, controller: true })]);",
        '',
      ].join('\n'),
    ],
  ],
};

// Cactus gets a required spec field after its webhook tests exist: only its test sample changes.
const cactusRequiredField: GoldenEdit[] = [
  {
    file: 'api/v1/cactus_types.ts',
    replace: [['export interface CactusSpec {\n', 'export interface CactusSpec {\n  /** spines is how many spines the cactus has. */\n  // +kubebuilder:validation:Minimum=0\n  spines: number;\n\n']],
  },
  {
    file: 'test/samples/v1/cactus.ts',
    replace: [['      // TODO(user): the spec the tests should use.\n', '      spines: 12,\n']],
  },
];

// Each sequence adds a kind's webhooks right after the kind (a conversion hub's once its spokes exist):
// the order in which `alpha generate` replays PROJECT, so that it makes every golden project again
// file for file (test/scaffold/alpha-generate.test.ts); PROJECT does not record another order.
export const goldenProjects: Record<string, GoldenStep[]> = {
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
    ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--defaulting', '--programmatic-validation', noMake],
    ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false', '--controller', noMake],
  ],
  // Kinds with irregular plurals, then `manifests`: the CRD files and names must be those PROJECT,
  // RBAC, the webhook configuration and config/crd/kustomization.yaml name.
  'project-v1-plurals': [
    ['init', '--domain', 'example.org', '--owner', 'The Kubernetes authors', noInstall],
    ['create', 'api', '--group', 'zoo', '--version', 'v1', '--kind', 'Hero', noMake],
    heroController,
    heroControllerTest,
    ['create', 'api', '--group', 'zoo', '--version', 'v1', '--kind', 'Wolf', noMake],
    ['create', 'api', '--group', 'zoo', '--version', 'v1', '--kind', 'Shelf', '--controller=false', noMake],
    ['create', 'api', '--group', 'zoo', '--version', 'v1', '--kind', 'Thief', '--controller=false', noMake],
    ['create', 'api', '--group', 'zoo', '--version', 'v1', '--kind', 'Cactus', '--controller=false', noMake],
    ['create', 'webhook', '--group', 'zoo', '--version', 'v1', '--kind', 'Cactus', '--defaulting', '--programmatic-validation', noMake],
    ...cactusRequiredField,
    ['create', 'api', '--group', 'zoo', '--version', 'v1', '--kind', 'Echo', '--controller=false', '--namespaced=false', noMake],
    // create api's plural (bigoxes) is not controller-gen's (bigoxen): the types carry the path marker.
    ['create', 'api', '--group', 'zoo', '--version', 'v1', '--kind', 'BigOx', '--controller=false', noMake],
    ['manifests'],
  ],
  // deploy-image/v1-alpha (kubebuilder's testdata/project-v4-with-plugins): operators that deploy an
  // image, one with every option, in a namespaced project (the image variables join WATCH_NAMESPACE),
  // and helm/v2-alpha's chart of it.
  'project-v1-deploy-image': [
    ['init', '--domain', 'testproject.org', '--owner', 'The Kubernetes authors', '--namespaced', noInstall],
    [
      'create', 'api', '--group', 'example.com', '--version', 'v1alpha1', '--kind', 'Memcached',
      '--image', 'memcached:1.6.26-alpine3.19', '--image-container-command', 'memcached,--memory-limit=64,-o,modern,-v',
      '--image-container-port', '11211', '--run-as-user', '1001', '--plugins', 'deploy-image/v1-alpha', noMake,
    ],
    ['create', 'webhook', '--group', 'example.com', '--version', 'v1alpha1', '--kind', 'Memcached', '--programmatic-validation', noMake],
    ['create', 'api', '--group', 'example.com', '--version', 'v1alpha1', '--kind', 'Busybox', '--image', 'busybox:1.36.1', '--plugins', 'deploy-image/v1-alpha', noMake],
    ['manifests'],
    // helm/v2-alpha: the chart of what config/default deploys (with the CRDs and roles manifests wrote).
    ['edit', '--plugins', 'helm/v2-alpha'],
  ],
  // grafana/v1-alpha: the runtime's dashboards from init, then a metric of the project's own that
  // `edit --plugins grafana/v1-alpha` puts on the custom-metrics dashboard.
  'project-v1-grafana': [
    ['init', '--domain', 'testproject.org', '--owner', 'The Kubernetes authors', '--plugins', 'grafana/v1-alpha', noInstall],
    ['create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain', noMake],
    {
      file: 'grafana/custom-metrics/config.yaml',
      replace: [['\ncustomMetrics:\n', '\ncustomMetrics:\n  - metric: captain_voyages_total\n    type: counter\n  - metric: captain_reconcile_duration_seconds\n    type: histogram\n']],
    },
    ['edit', '--plugins', 'grafana/v1-alpha'],
  ],
  'project-v1-namespaced': [
    ['init', '--domain', 'example.com', '--namespaced', '--license', 'none', noInstall],
    ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached', noMake],
    ['create', 'webhook', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached', '--programmatic-validation', noMake],
    ['create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob', '--resource=false', '--controller', noMake],
    ['edit', '--owner', 'Jane Doe'],
  ],
};

/** The files a golden sequence edits by hand (GoldenEdit steps). */
export function goldenEditedFiles(name: string): string[] {
  return (goldenProjects[name] ?? []).flatMap((step) => (Array.isArray(step) ? [] : [step.file]));
}

/**
 * Runs one golden sequence in `dir` (whose name becomes the project name); throws on the first failure.
 * `userEdits: false` leaves out the hand edits (GoldenEdit steps): the project as scaffolded only.
 * `cli` runs the commands instead of the sources' main (the compiled package's, say).
 */
export async function generateGoldenProject(name: string, dir: string, opts: { userEdits?: boolean; cli?: typeof main } = {}): Promise<void> {
  const run = opts.cli ?? main;
  const sequence = goldenProjects[name]?.filter((step) => Array.isArray(step) || opts.userEdits !== false);
  if (!sequence) throw new Error(`no golden project named ${name}`);
  mkdirSync(dir, { recursive: true });
  const previous = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = goldenEpoch;
  try {
    for (const args of sequence) {
      if (!Array.isArray(args)) {
        applyEdit(dir, args);
        continue;
      }
      let output = '';
      const code = await run(args, { cwd: dir, stdout: () => undefined, stderr: (s) => { output += s; } });
      if (code !== 0) throw new Error(`scaffolder ${args.join(' ')} exited ${code}: ${output}`);
    }
  } finally {
    if (previous === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = previous;
  }
  // The vendored kubescaffolder tarball (init from a checkout) is this build, not a golden file.
  rmSync(join(dir, 'vendor'), { recursive: true, force: true });
  const manifest = join(dir, 'package.json');
  const pkg = readFileSync(manifest, 'utf8');
  writeFileSync(manifest, pkg.replace(/"file:[^"]*"/, `"${scaffolderPathPlaceholder}"`));
}

function applyEdit(dir: string, edit: GoldenEdit): void {
  const file = join(dir, edit.file);
  let content = readFileSync(file, 'utf8');
  for (const [from, to] of edit.replace) {
    if (!content.includes(from)) throw new Error(`golden edit of ${edit.file}: ${JSON.stringify(from)} not found`);
    content = content.replace(from, to);
  }
  writeFileSync(file, content);
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
