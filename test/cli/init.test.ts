import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { noInstall, ok, runCli, snapshot, tempProjectDir } from './run-cli.js';

describe('scaffolder init', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => ({ dir, cleanup } = tempProjectDir('guestbook')));
  afterEach(() => cleanup());

  it('writes the project files, named after the directory', async () => {
    const run = await ok(dir, ['init', '--domain', 'example.com', ...noInstall]);
    const files = Object.keys(snapshot(dir));
    for (const f of ['package.json', 'tsconfig.json', 'src/main.ts', 'Makefile', 'Dockerfile', '.dockerignore', '.gitignore', 'README.md', 'PROJECT',
      'hack/boilerplate.ts.txt', 'config/default/kustomization.yaml', 'config/manager/manager.yaml', 'config/rbac/role.yaml',
      'config/rbac/leader_election_role.yaml', 'config/rbac/metrics_auth_role.yaml', 'config/rbac/metrics_reader_role.yaml',
      'config/prometheus/monitor.yaml', 'config/network-policy/allow-metrics-traffic.yaml', 'eslint.config.js', 'vitest.e2e.config.ts',
      'test/e2e/manager.e2e.ts', 'test/e2e/setup.ts', 'test/e2e/utils.ts', 'test/e2e/project.ts', '.github/workflows/lint.yml', '.github/workflows/test.yml', '.github/workflows/test-e2e.yml',
      '.devcontainer/devcontainer.json', '.devcontainer/post-install.sh']) {
      expect(files, f).toContain(f);
    }
    expect(run.stdout).toContain('created src/main.ts');
    const project = parse(readFileSync(join(dir, 'PROJECT'), 'utf8')) as Record<string, unknown>;
    expect(project).toMatchObject({ domain: 'example.com', layout: ['typescript.scaffolder.dev/v1'], projectName: 'guestbook', version: '3' });
    // The scaffolder version that wrote it, as kubebuilder's cliVersion (alpha update starts from it).
    expect(project.cliVersion).toBe((JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version);
    expect(project.multigroup).toBeUndefined();

    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(pkg.name).toBe('guestbook');
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.scripts)).toEqual(['build', 'test', 'test:e2e', 'manifests', 'run', 'lint', 'lint:fix']);
    expect(pkg.scripts.run).toBe('node dist/src/main.js');
    // From this checkout: the build that wrote the project, packed into it (a path inside it, so that it installs wherever it is cloned).
    expect(pkg.dependencies.kubescaffolder).toBe(`file:vendor/kubescaffolder-${String(project.cliVersion)}.tgz`);
    const packed = execFileSync('tar', ['tzf', join(dir, 'vendor', `kubescaffolder-${String(project.cliVersion)}.tgz`)], { encoding: 'utf8' }).split('\n');
    expect(packed).toEqual(expect.arrayContaining(['package/package.json', 'package/bin/scaffolder.js', 'package/dist/src/runtime/index.js', 'package/templates/init/Makefile.hbs']));
    // The project runs on what kubescaffolder/runtime runs on: the same Node floor and client-node.
    const own = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(pkg.dependencies['@kubernetes/client-node']).toBe(own.dependencies['@kubernetes/client-node']);
    expect(pkg.dependencies['@kubernetes/client-node']).toMatch(/^~2\./);
    expect(pkg.engines).toEqual({ node: own.engines.node });
    // The same @types/node major as client-node depends on: one @types/node in the production tree.
    const clientNode = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../node_modules/@kubernetes/client-node/package.json'), 'utf8')) as Record<string, Record<string, string>>;
    const major = (range: string) => /\d+/.exec(range)?.[0];
    expect(major(pkg.devDependencies['@types/node'])).toBe(major(clientNode.dependencies['@types/node']));
    // manifests reads built-in fields' descriptions from the kubernetes-models release this checkout is tested with.
    expect(pkg.devDependencies['kubernetes-models']).toBe(`^${own.devDependencies['kubernetes-models']}`);
    const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown>; include: string[] };
    expect(tsconfig.compilerOptions).toMatchObject({ strict: true, module: 'NodeNext' });
    expect(tsconfig.include).toEqual(['api', 'src', 'test']);

    const kustomization = parse(readFileSync(join(dir, 'config/default/kustomization.yaml'), 'utf8')) as Record<string, unknown>;
    expect(kustomization).toMatchObject({ namespace: 'guestbook-system', namePrefix: 'guestbook-', resources: ['../rbac', '../manager', 'metrics_service.yaml'] });
    const main = readFileSync(join(dir, 'src/main.ts'), 'utf8');
    for (const point of ['imports', 'scheme', 'builder', 'webhook']) expect(main).toContain(`// +kubebuilder:scaffold:${point}`);
    expect(main).toContain("process.env.ENABLE_WEBHOOKS !== 'false'");
    expect(main).toMatch(/leaderElectionID: '[0-9a-f]{8}\.example\.com'/);
    const makefile = readFileSync(join(dir, 'Makefile'), 'utf8');
    for (const target of ['manifests', 'build', 'run', 'test', 'lint', 'lint-fix', 'setup-test-e2e', 'test-e2e', 'cleanup-test-e2e', 'install', 'uninstall', 'deploy', 'undeploy', 'docker-build', 'docker-push', 'build-installer', 'help']) {
      expect(makefile).toMatch(new RegExp(`^${target}:.*`, 'm'));
    }
    expect(readFileSync(join(dir, 'Dockerfile'), 'utf8')).toContain('USER 65532:65532');
    expect(readFileSync(join(dir, 'src/main.ts'), 'utf8')).toMatch(/^\/\*\nCopyright \d{4} The guestbook Authors\./);
  });

  it('refuses an --owner that would end the license comment or break its line, and writes nothing', async () => {
    for (const [owner, rule] of [['x */ console.log("INJECTED"); /* y', 'must not contain "*/"'], ['Jane\nDoe', 'must be one line of text without control characters (found U+000A)'], ['Jane\u2028Doe', 'must be one line of text without control characters (found U+2028)']] as const) {
      const run = await runCli(dir, ['init', '--owner', owner, ...noInstall]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`invalid owner ${JSON.stringify(owner)}: ${rule}`);
      expect(snapshot(dir)).toEqual({});
    }
  });

  it('an --owner with an apostrophe, quotes and accents stays inside the license comment', async () => {
    const owner = `Jane O'Brien "JOB" & Zoë (/* co-author)`;
    await ok(dir, ['init', '--owner', owner, ...noInstall]);
    const main = readFileSync(join(dir, 'src/main.ts'), 'utf8');
    expect(main).toMatch(/^\/\*\nCopyright \d{4} /);
    expect(main).toContain(` ${owner}.\n`);
    // The comment ends once, where the license text ends.
    expect(main.indexOf('*/')).toBe(main.indexOf('limitations under the License.\n*/') + 'limitations under the License.\n'.length);
    expect((parse(readFileSync(join(dir, 'PROJECT'), 'utf8')) as Record<string, unknown>).owner).toBe(owner);
  });

  it('--project-name, --owner, --license none, --multigroup and --namespaced', async () => {
    await ok(dir, ['init', '--project-name', 'other-name', '--owner', 'Jane Doe', '--license', 'none', '--multigroup', '--namespaced', ...noInstall]);
    const project = parse(readFileSync(join(dir, 'PROJECT'), 'utf8')) as Record<string, unknown>;
    expect(project).toMatchObject({ projectName: 'other-name', multigroup: true, namespaced: true, owner: 'Jane Doe', license: 'none' });
    expect(readFileSync(join(dir, 'src/main.ts'), 'utf8')).toMatch(/^\/\/ The manager/);
    expect(readFileSync(join(dir, 'hack/boilerplate.ts.txt'), 'utf8').trim()).toBe('');
    expect(readFileSync(join(dir, 'src/main.ts'), 'utf8')).toContain('namespaces: [watchNamespace]');
    const role = parse(readFileSync(join(dir, 'config/rbac/role.yaml'), 'utf8')) as Record<string, unknown>;
    expect(role.kind).toBe('Role');
    expect((parse(readFileSync(join(dir, 'config/rbac/role_binding.yaml'), 'utf8')) as { roleRef: { kind: string } }).roleRef.kind).toBe('Role');
    const manager = parseAllDocuments(readFileSync(join(dir, 'config/manager/manager.yaml'), 'utf8')).map((d) => d.toJS() as Record<string, unknown>);
    expect(JSON.stringify(manager[1])).toContain('"name":"WATCH_NAMESPACE","valueFrom":{"fieldRef":{"fieldPath":"metadata.namespace"}}');
    expect(readFileSync(join(dir, 'config/default/kustomization.yaml'), 'utf8')).toContain('namespace: other-name-system');
  });

  // `make test` right after init: vitest exits 1 when it finds no test file unless told otherwise.
  it('npm test passes in a new project that has no tests yet', async () => {
    await ok(dir, ['init', ...noInstall]);
    const repo = resolve(import.meta.dirname, '..', '..');
    symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
    const run = spawnSync(process.execPath, [join(repo, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], { cwd: dir, env, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toMatch(/No test files found/);
    expect(run.status).toBe(0);
  }, 60_000);

  // kubebuilder's `init --domain x --repo github.com/x/y` works as typed, with one line saying --repo has no use here.
  it('--repo, the Go module path kubebuilder asks for, is taken with one line saying it is not needed, and changes nothing', async () => {
    const run = await ok(dir, ['init', '--domain', 'my.domain', '--repo', 'github.com/example/guestbook', ...noInstall]);
    expect(run.stderr).toBe('warning: --repo github.com/example/guestbook ignored: it is the Go module path of a kubebuilder project, and a TypeScript project needs none (package.json names it)\n');
    const withRepo = snapshot(dir);
    expect(withRepo.PROJECT).not.toContain('github.com');
    const { dir: other, cleanup: cleanupOther } = tempProjectDir('guestbook');
    try {
      await ok(other, ['init', '--domain', 'my.domain', ...noInstall]);
      expect(Object.keys(snapshot(other))).toEqual(Object.keys(withRepo));
      expect(snapshot(other).PROJECT).toBe(withRepo.PROJECT);
    } finally {
      cleanupOther();
    }
  });

  it('--owner appears in the license header', async () => {
    await ok(dir, ['init', '--owner', 'Jane Doe', ...noInstall]);
    expect(readFileSync(join(dir, 'hack/boilerplate.ts.txt'), 'utf8')).toMatch(/Copyright \d{4} Jane Doe\./);
  });

  it.each(['PROJECT', 'package.json', 'src/main.ts'])('refuses a directory that holds %s and touches nothing', async (file) => {
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, file), 'x');
    const before = snapshot(dir);
    const run = await runCli(dir, ['init', ...noInstall]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^error: ${file.replace('.', '\\.')} already exists in .*: init needs a directory without a project`));
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(snapshot(dir)).toEqual(before);
  });

  it.each([['notes.txt', 'notes.txt'], ['Makefile', 'Makefile'], ['src/app.ts', 'src/'], ['node_modules/x/index.js', 'node_modules/']])(
    'refuses a directory holding %s, naming it, and writes nothing', async (file, named) => {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), 'mine\n');
      const before = snapshot(dir);
      const run = await runCli(dir, ['init', ...noInstall]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`error: ${dir} is not empty: found "${named}"; init runs in an empty directory (only names starting with ".", *.md files and upper-case file names such as LICENSE may be there)\n`);
      expect(run.stderr).not.toContain('--force');
      expect(snapshot(dir)).toEqual(before);
    });

  it('accepts dot files and directories, Markdown and upper-case files, and keeps them', async () => {
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(dir, '.gitignore'), 'mine\n');
    writeFileSync(join(dir, 'README.md'), '# mine\n');
    writeFileSync(join(dir, 'LICENSE'), 'mine\n');
    await ok(dir, ['init', ...noInstall]);
    for (const f of ['.gitignore', 'README.md', 'LICENSE']) expect(readFileSync(join(dir, f), 'utf8')).toMatch(/mine/);
    expect(existsSync(join(dir, 'PROJECT'))).toBe(true);
  });

  it('.gitignore keeps out the build output and what docker-build writes, but not dist/install.yaml nor the vendored kubescaffolder', async () => {
    await ok(dir, ['init', ...noInstall]);
    execFileSync('git', ['init', '--quiet'], { cwd: dir });
    const ignored = (path: string) => spawnSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: dir }).status === 0;
    // make build-installer's output is committed, as kubebuilder users do.
    expect(ignored('dist/install.yaml')).toBe(false);
    expect(ignored('dist/src/main.js')).toBe(true);
    expect(ignored('node_modules/kubescaffolder/package.json')).toBe(true);
    expect(ignored('vendor/kubescaffolder-1.2.3.tgz')).toBe(false);
    for (const written of ['vendor/package.json', 'vendor/package-lock.json', 'vendor/kubescaffolder.tgz']) expect(ignored(written)).toBe(true);
  });

  it('keeps an existing .gitignore, adds the entries the project needs to it, and says so', async () => {
    writeFileSync(join(dir, '.gitignore'), 'mine\n# deps\nnode_modules/\n.env');
    const run = await ok(dir, ['init', ...noInstall]);
    const ignore = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(ignore.startsWith('mine\n# deps\nnode_modules/\n.env\n\n# Added by scaffolder init\ndist/*\n!dist/install.yaml\n')).toBe(true);
    const added = ignore.slice(ignore.indexOf('# Added by scaffolder init\n')).split('\n').slice(1).filter(Boolean);
    expect(added).toEqual(expect.arrayContaining(['dist/*', '!dist/install.yaml', '*.tsbuildinfo', 'coverage/', '*.kubeconfig']));
    expect(added).not.toContain('node_modules/');
    expect(run.stdout).toContain('updated .gitignore\n');
    expect(run.stderr).toBe(`warning: .gitignore exists: kept it and added the entries the project needs: ${added.join(', ')}\n`);
    // A second look finds nothing missing.
    const again = tempProjectDir('again');
    try {
      writeFileSync(join(again.dir, '.gitignore'), ignore);
      const second = await ok(again.dir, ['init', ...noInstall]);
      expect(readFileSync(join(again.dir, '.gitignore'), 'utf8')).toBe(ignore);
      expect(second.stderr).toBe('warning: .gitignore exists: kept it as it is (it has every entry the project needs)\n');
    } finally {
      again.cleanup();
    }
  });

  it('rejects a directory name that is not a DNS-1123 label unless --project-name is given', async () => {
    const bad = tempProjectDir('My_Project');
    try {
      const run = await runCli(bad.dir, ['init', ...noInstall]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('error: invalid project name "My_Project": must be a DNS-1123 label (lower-case letters, digits and \'-\', starting and ending with a letter or digit, at most 63 characters); pass --project-name\n');
      expect(snapshot(bad.dir)).toEqual({});
      await ok(bad.dir, ['init', '--project-name', 'my-project', ...noInstall]);
    } finally {
      bad.cleanup();
    }
  });

  it('keeps the workflows and dev container a repository already has, and adds the missing ones', async () => {
    mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
    writeFileSync(join(dir, '.github', 'workflows', 'test.yml'), 'name: Our tests\n');
    await ok(dir, ['init', '--domain', 'example.com', ...noInstall]);
    expect(readFileSync(join(dir, '.github', 'workflows', 'test.yml'), 'utf8')).toBe('name: Our tests\n');
    expect(parse(readFileSync(join(dir, '.github', 'workflows', 'test-e2e.yml'), 'utf8'))).toMatchObject({ name: 'E2E Tests' });
    expect(existsSync(join(dir, '.github', 'workflows', 'lint.yml'))).toBe(true);
    expect(existsSync(join(dir, '.devcontainer', 'devcontainer.json'))).toBe(true);
  });

  it('rejects an invalid domain and an unknown license, writing nothing', async () => {
    const run = await runCli(dir, ['init', '--domain', 'My_Domain', ...noInstall]);
    expect(run).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: invalid domain "My_Domain": must be a DNS-1123 subdomain/) });
    const lic = await runCli(dir, ['init', '--license', 'mit', ...noInstall]);
    expect(lic.code).toBe(1);
    expect(lic.stderr).toBe('error: invalid value "mit" for --license: must be one of "apache2", "none"\n');
    expect(snapshot(dir)).toEqual({});
  });

  it('--dry-run lists the files and writes nothing', async () => {
    const run = await ok(dir, ['init', '--dry-run', ...noInstall]);
    expect(run.stdout).toContain('create src/main.ts\n');
    expect(run.stdout).toContain('create PROJECT\n');
    expect(snapshot(dir)).toEqual({});
  });

  it('--install reports an unreachable registry in one line, exits 1 and keeps the files', async () => {
    const env = { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0', npm_config_fetch_timeout: '2000', npm_config_offline: 'false', npm_config_prefer_offline: 'false', npm_config_cache: join(dir, '..', 'npm-cache') };
    const run = await runCli(dir, ['init'], { env });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: npm install exited with code \d+: .*the project files are in place: run `npm install` in .* when the registry is reachable$/);
    expect(existsSync(join(dir, 'PROJECT'))).toBe(true);
  }, 120_000);
});
