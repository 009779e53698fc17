// Regenerates every example's manifests with this checkout's CLI and each example's own flags (the
// `manifests` script of its package.json), after a generator change made `manifests --check`
// fail in test/examples. Run: npx tsx scripts/examples/regenerate-manifests.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { exampleNames, examplesDir } from './link-examples.js';

let failed = false;
for (const name of exampleNames()) {
  const dir = join(examplesDir, name);
  const scripts = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  const words = (scripts['manifests'] ?? 'scaffolder manifests').split(/\s+/).filter(Boolean);
  if (words[0] !== 'scaffolder' || words[1] !== 'manifests') {
    console.error(`examples/${name}: its manifests script is not "scaffolder manifests ...": ${scripts['manifests']}`);
    failed = true;
    continue;
  }
  const code = await main(words.slice(1), {
    cwd: dir,
    stdout: (s) => process.stdout.write(`examples/${name}: ${s}`),
    stderr: (s) => process.stderr.write(`examples/${name}: ${s}`),
  });
  if (code !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
