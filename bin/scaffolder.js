#!/usr/bin/env node
// The published entry point: runs the compiled CLI (npm's `prepare` builds dist/ on install).
import module from 'node:module';

// Node 22.1+ keeps the compiled code of the modules below on disk for the next run; older Node
// has no such cache (the CLI then loads as it is). Enabled before the CLI is imported.
module.enableCompileCache?.();
const { main } = await import('../dist/src/cli/main.js');

process.exitCode = await main(process.argv.slice(2));
