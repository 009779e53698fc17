// Writes vendor/package.json and vendor/package-lock.json, what the Dockerfile installs the manager's
// dependencies from: `node hack/docker-context.mjs` (`make docker-build` runs it first; they are not
// committed).
//
// The image is built from this directory alone. A kubescaffolder from a registry (`^0.2.0`) or vendored
// in the project (`file:vendor/kubescaffolder-<version>.tgz`, as `scaffolder init` writes it when it
// runs from a clone) is installed as the lock says. A `file:` dependency outside of this directory (a
// local checkout) is packed into vendor/kubescaffolder.tgz with `npm pack`, as it is built now (its
// dist/, the code `npm run build` and `npm test` use here; its `prepare` script does not run), and
// vendor/package.json depends on that tarball; vendor/package-lock.json is then this project's lock
// updated for it by `npm install --package-lock-only`, which keeps the locked versions and reads the
// registry only for what is new.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
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
  const source = spec.startsWith('file:') ? resolve(root, spec.slice('file:'.length)) : undefined;
  const outside = source !== undefined && (relative(root, source).startsWith('..') || isAbsolute(relative(root, source)));
  if (outside) {
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
  if (source !== undefined && !outside) {
    // A tarball in the project, which the lock-only install below reads as the image's npm ci will.
    if (!existsSync(source)) fail(`the kubescaffolder dependency ${spec} does not exist: run npm install, or scaffolder init again`);
    mkdirSync(dirname(join(stage, relative(root, source))), { recursive: true });
    copyFileSync(source, join(stage, relative(root, source)));
  }
  writeFileSync(join(stage, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  if (lock) writeFileSync(join(stage, 'package-lock.json'), JSON.stringify(lock, null, 2) + '\n');
  execFileSync(npm, ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: stage, stdio: ['ignore', 'ignore', 'inherit'] });

  // What an earlier run wrote goes; whatever else vendor/ holds (a vendored dependency) stays.
  for (const written of ['package.json', 'package-lock.json', tarball]) rmSync(join(vendor, written), { force: true });
  cpSync(join(stage, 'vendor'), vendor, { recursive: true });
  copyFileSync(join(stage, 'package.json'), join(vendor, 'package.json'));
  copyFileSync(join(stage, 'package-lock.json'), join(vendor, 'package-lock.json'));
  console.log(`vendor/: package.json, package-lock.json${outside ? `, ${tarball} (packed from ${spec})` : ''}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
