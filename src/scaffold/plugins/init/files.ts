// The files of a new project, each from its template under templates/init/ (at the same path unless
// named): package, manager entry point, Makefile, image, config/, e2e tests, CI, dev container.
import type { IfExists, ScaffoldFile } from '../../machinery/template.js';
import type { InitData, InitTemplate } from './context.js';

export type InitFile = ScaffoldFile<`init/${InitTemplate}`>;

// [template under templates/init/, policy, output path when not the template's]
const initTemplates: Array<[InitTemplate, IfExists, string?]> = [
  ['package.json', 'error'],
  ['tsconfig.json', 'error'],
  ['vitest.config.ts', 'error'],
  ['eslint.config.js', 'error'],
  ['vitest.e2e.config.ts', 'error'],
  ['test/e2e/manager.e2e.ts', 'skip'],
  ['test/e2e/setup.ts', 'skip'],
  ['test/e2e/utils.ts', 'skip'],
  ['test/e2e/project.ts', 'skip'],
  ['test/setup.ts', 'skip'],
  ['test/global-setup.ts', 'skip'],
  ['github/workflows/lint.yml', 'skip', '.github/workflows/lint.yml'],
  ['github/workflows/test.yml', 'skip', '.github/workflows/test.yml'],
  ['github/workflows/test-e2e.yml', 'skip', '.github/workflows/test-e2e.yml'],
  ['devcontainer/devcontainer.json', 'skip', '.devcontainer/devcontainer.json'],
  ['devcontainer/post-install.sh', 'skip', '.devcontainer/post-install.sh'],
  ['gitignore', 'skip', '.gitignore'],
  ['dockerignore', 'skip', '.dockerignore'],
  ['Dockerfile', 'error'],
  ['Makefile', 'error'],
  ['README.md', 'skip'],
  ['hack/boilerplate.ts.txt', 'overwrite'],
  ['hack/set-image.mjs', 'overwrite'],
  ['hack/docker-context.mjs', 'overwrite'],
  ['src/main.ts', 'error'],
  ['src/node-version.ts', 'error'],
  ['config/default/kustomization.yaml', 'error'],
  ['config/default/manager_metrics_patch.yaml', 'overwrite'],
  ['config/default/metrics_service.yaml', 'overwrite'],
  ['config/default/cert_metrics_manager_patch.yaml', 'overwrite'],
  ['config/manager/kustomization.yaml', 'skip'],
  ['config/manager/manager.yaml', 'error'],
  ['config/rbac/kustomization.yaml', 'error'],
  ['config/rbac/service_account.yaml', 'overwrite'],
  ['config/rbac/role.yaml', 'overwrite'],
  ['config/rbac/role_binding.yaml', 'overwrite'],
  ['config/rbac/leader_election_role.yaml', 'overwrite'],
  ['config/rbac/leader_election_role_binding.yaml', 'overwrite'],
  ['config/rbac/metrics_auth_role.yaml', 'overwrite'],
  ['config/rbac/metrics_auth_role_binding.yaml', 'overwrite'],
  ['config/rbac/metrics_reader_role.yaml', 'overwrite'],
  ['config/prometheus/kustomization.yaml', 'skip'],
  ['config/prometheus/monitor.yaml', 'overwrite'],
  ['config/prometheus/monitor_tls_patch.yaml', 'overwrite'],
  ['config/network-policy/kustomization.yaml', 'skip'],
  ['config/network-policy/allow-metrics-traffic.yaml', 'overwrite'],
];

export function initFiles(data: InitData): InitFile[] {
  return initTemplates.map(([name, ifExists, path = name]) => ({ path, template: `init/${name}`, data, ifExists }));
}
