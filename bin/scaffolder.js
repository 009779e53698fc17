#!/usr/bin/env node
// The published entry point: runs the compiled CLI (npm's `prepare` builds dist/ on install).
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { unsupportedNode } from './node-version.js';
import { useCliLibraries } from './cli-libraries.js';

// Before anything else loads: on too old a Node the CLI would fail later without saying why.
const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const refusal = unsupportedNode(process.versions.node, engines?.node);
if (refusal) {
  process.stderr.write(`scaffolder ${refusal}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);

// The commands that generate manifests (manifests; create and edit with --make) are over in a
// second or two: too soon for V8's optimizing compiler, which compiles hot functions on another
// thread, to earn back the CPU it spends (`manifests` on a 200-kind API used about 0.8x the CPU
// without it). `manifests --watch` runs for long and keeps it; node:v8 is loaded only here (it
// costs --help and version a tenth of Node's own start).
const generates = ['manifests', 'create', 'edit'].includes(args[0] ?? '');
if (generates && !args.some((a) => a === '--help' || a === '-h' || /^--watch(=|$)/.test(a))) {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--no-opt');
}

// Node 22.1+ keeps the compiled code of the modules below on disk for the next run; older Node
// has no such cache (the CLI then loads as it is). Enabled before the CLI is imported.
module.enableCompileCache?.();
useCliLibraries(new URL('../', import.meta.url));
const { main } = await import('../dist/src/cli/main.js');

process.exitCode = await main(args);
