// Writes vendor/, what the Dockerfile installs the manager's dependencies from:
// `node hack/docker-context.mjs` (`make docker-build` runs it first; vendor/ is not committed).
//
// The image is built from this directory alone, and a `file:` dependency on scaffolder (a local
// checkout, as `scaffolder init` writes it) points outside of it. So the dependency is packed into
// vendor/kubescaffolder.tgz with `npm pack`, as it is built now (its dist/, the code `npm run build` and
// `npm test` use here; its `prepare` script does not run), and vendor/package.json depends on that
// tarball. vendor/package-lock.json is this project's lock updated for it by
// `npm install --package-lock-only`, which keeps the locked versions and reads the registry only for
// what is new. A scaffolder from a registry is not packed: vendor/ then holds package.json and the lock.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vendor = join(root, 'vendor');
const tarball = 'kubescaffolder.tgz';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function fail(message) {
  console.error(`hack/docker-context.mjs: ${message}`);
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const spec = pkg.dependencies?.kubescaffolder ?? '';
// The manifest and lock are prepared apart from the project, laid out as in the image
// (package.json next to vendor/), and copied to vendor/ once complete.
const stage = mkdtempSync(join(tmpdir(), 'docker-context-'));
try {
  mkdirSync(join(stage, 'vendor'));
  const lock = existsSync(join(root, 'package-lock.json')) ? JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) : undefined;
  if (spec.startsWith('file:')) {
    const source = resolve(root, spec.slice('file:'.length));
    if (!existsSync(source)) fail(`the scaffolder dependency ${spec} does not exist`);
    if (statSync(source).isDirectory()) {
      if (!existsSync(join(source, 'dist', 'src', 'index.js'))) fail(`${source} is not built (no dist/src/index.js): run \`npm run build\` there first`);
      const out = execFileSync(npm, ['pack', source, '--ignore-scripts', '--json', '--pack-destination', join(stage, 'vendor')], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      const [packed] = JSON.parse(out);
      cpSync(join(stage, 'vendor', packed.filename), join(stage, 'vendor', tarball));
      rmSync(join(stage, 'vendor', packed.filename));
    } else {
      copyFileSync(source, join(stage, 'vendor', tarball));
    }
    pkg.dependencies.kubescaffolder = `file:vendor/${tarball}`;
    if (lock) {
      // Drop the link to the checkout (paths outside the image); every other entry stays pinned.
      lock.packages = Object.fromEntries(Object.entries(lock.packages ?? {}).filter(([path]) => path === '' || (path.startsWith('node_modules/') && path !== 'node_modules/kubescaffolder')));
      if (lock.packages['']) lock.packages[''].dependencies = pkg.dependencies;
    }
  }
  writeFileSync(join(stage, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  if (lock) writeFileSync(join(stage, 'package-lock.json'), JSON.stringify(lock, null, 2) + '\n');
  execFileSync(npm, ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: stage, stdio: ['ignore', 'ignore', 'inherit'] });

  rmSync(vendor, { recursive: true, force: true });
  cpSync(join(stage, 'vendor'), vendor, { recursive: true });
  copyFileSync(join(stage, 'package.json'), join(vendor, 'package.json'));
  copyFileSync(join(stage, 'package-lock.json'), join(vendor, 'package-lock.json'));
  console.log(`vendor/: package.json, package-lock.json${spec.startsWith('file:') ? `, ${tarball} (packed from ${spec})` : ''}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
