// The files of a new project, each from its template under templates/init/ (at the same path unless
// named): package, manager entry point, Makefile, image, config/, e2e tests, CI, dev container.
import type { IfExists, ScaffoldFile } from '../../machinery/template.js';
import type { InitData, InitTemplate } from './context.js';

export type InitFile = ScaffoldFile<`init/${InitTemplate}`>;

export function initFiles(data: InitData): InitFile[] {
  const file = (name: InitTemplate, ifExists: IfExists, path: string = name): InitFile => ({ path, template: `init/${name}`, data, ifExists });
  return [
    file('package.json', 'error'),
    file('tsconfig.json', 'error'),
    file('vitest.config.ts', 'error'),
    file('eslint.config.js', 'error'),
    file('vitest.e2e.config.ts', 'error'),
    file('test/e2e/manager.e2e.ts', 'skip'),
    file('test/e2e/setup.ts', 'skip'),
    file('test/e2e/utils.ts', 'skip'),
    file('test/e2e/project.ts', 'skip'),
    file('test/setup.ts', 'skip'),
    file('github/workflows/lint.yml', 'skip', '.github/workflows/lint.yml'),
    file('github/workflows/test.yml', 'skip', '.github/workflows/test.yml'),
    file('github/workflows/test-e2e.yml', 'skip', '.github/workflows/test-e2e.yml'),
    file('devcontainer/devcontainer.json', 'skip', '.devcontainer/devcontainer.json'),
    file('devcontainer/post-install.sh', 'skip', '.devcontainer/post-install.sh'),
    file('gitignore', 'skip', '.gitignore'),
    file('dockerignore', 'skip', '.dockerignore'),
    file('Dockerfile', 'error'),
    file('Makefile', 'error'),
    file('README.md', 'skip'),
    file('hack/boilerplate.ts.txt', 'overwrite'),
    file('hack/set-image.mjs', 'overwrite'),
    file('hack/docker-context.mjs', 'overwrite'),
    file('src/main.ts', 'error'),
    file('src/node-version.ts', 'error'),
    file('config/default/kustomization.yaml', 'error'),
    file('config/default/manager_metrics_patch.yaml', 'overwrite'),
    file('config/default/metrics_service.yaml', 'overwrite'),
    file('config/default/cert_metrics_manager_patch.yaml', 'overwrite'),
    file('config/manager/kustomization.yaml', 'skip'),
    file('config/manager/manager.yaml', 'error'),
    file('config/rbac/kustomization.yaml', 'error'),
    file('config/rbac/service_account.yaml', 'overwrite'),
    file('config/rbac/role.yaml', 'overwrite'),
    file('config/rbac/role_binding.yaml', 'overwrite'),
    file('config/rbac/leader_election_role.yaml', 'overwrite'),
    file('config/rbac/leader_election_role_binding.yaml', 'overwrite'),
    file('config/rbac/metrics_auth_role.yaml', 'overwrite'),
    file('config/rbac/metrics_auth_role_binding.yaml', 'overwrite'),
    file('config/rbac/metrics_reader_role.yaml', 'overwrite'),
    file('config/prometheus/kustomization.yaml', 'skip'),
    file('config/prometheus/monitor.yaml', 'overwrite'),
    file('config/prometheus/monitor_tls_patch.yaml', 'overwrite'),
    file('config/network-policy/kustomization.yaml', 'skip'),
    file('config/network-policy/allow-metrics-traffic.yaml', 'overwrite'),
  ];
}
